package main

import "strings"

// redactText masks the password of a text that may not be a valid URI,
// for display: in the authority, after the first two bytes that are each
// "/" or "\\" ("//", or what a browser reads as "//"), the bytes between
// the first ":" and the last "@" become "xxxxx" (RFC 3986 3.2.1). Invalid
// input has no reliable structure, so the authority is taken to run to the
// last "@" of the whole text: a password holding "/", "?" or "#" is masked
// too. at maps an offset in s to the offset of the same byte in the
// result; an offset inside the password maps to the mask's first byte.
func redactText(s string) (out string, at func(int) int) {
	id := func(i int) int { return i }
	a := -1
	for i := 0; i+1 < len(s); i++ {
		if (s[i] == '/' || s[i] == '\\') && (s[i+1] == '/' || s[i+1] == '\\') {
			a = i + 2
			break
		}
	}
	if a < 0 {
		return s, id
	}
	last := strings.LastIndexByte(s, '@')
	if last < a {
		return s, id
	}
	colon := strings.IndexByte(s[a:last], ':')
	if colon < 0 || a+colon+1 == last {
		return s, id
	}
	start, end := a+colon+1, last
	out = s[:start] + "xxxxx" + s[end:]
	return out, func(i int) int {
		switch {
		case i < start:
			return i
		case i < end:
			return start
		}
		return i - (end - start) + len("xxxxx")
	}
}
