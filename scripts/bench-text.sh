#!/usr/bin/env bash
# bench-text.sh SIZE OUT: writes to OUT (unless it exists and is not empty)
# a text of at least SIZE bytes for the extract and lint benchmarks: each
# URI of ../shared/corpus in one of nine settings (angle brackets, a
# Markdown link, JSON, a log line, prose with a final ".", "<URL:...>" over
# two lines, parentheses, an indented line, an HTTP request line), and a
# line of prose from the seeds after every third URI, repeated.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
shared=$root/../shared
size=$1
out=$2
[ -s "$out" ] && exit 0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
grep -hv '^[[:space:]]*$' "$shared"/seeds/001_*.txt "$shared"/seeds/002_*.txt > "$work/prose.txt"
cat "$shared"/corpus/*.txt | awk -v prose="$work/prose.txt" '
BEGIN { while ((getline l < prose) > 0) p[n++] = l }
{
	s = NR % 9
	if (s == 0) print "See <" $0 "> for the details."
	else if (s == 1) print "- [the reference](" $0 ") describes it."
	else if (s == 2) print "{\"url\": \"" $0 "\", \"status\": 200}"
	else if (s == 3) print "2024-03-10T13:55:36Z INFO fetch url=" $0 " took 12ms"
	else if (s == 4) print "The page at " $0 "."
	else if (s == 5) { h = int(length($0) / 2); print "   <URL:" substr($0, 1, h); print "   " substr($0, h + 1) ">" }
	else if (s == 6) print "(" $0 ")"
	else if (s == 7) print "    " $0
	else print "GET " $0 " HTTP/1.1"
	if (NR % 3 == 0) print p[NR % n]
}' > "$work/block.txt"
: > "$work/big.txt"
while [ "$(stat -c %s "$work/big.txt")" -lt "$size" ]; do cat "$work/block.txt" >> "$work/big.txt"; done
mv "$work/big.txt" "$out"
