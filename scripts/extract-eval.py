#!/usr/bin/env python3
"""extract-eval.py: ground truth and scoring for scripts/extract-eval.sh.

Not part of `go test`. It never imports or copies urikit's rules: the URL
rule here is written apart from uri/extract*.go, and where the two disagree
the cases are listed for a reader to judge.

  extract-eval.py roff-urls MANPAGE...     print the URLs of roff sources
  extract-eval.py text-urls FILE...        print the URLs of plain texts
  extract-eval.py score KIND TRUTH.tsv FOUND.jsonl OUTDIR
        compare urikit extract --json output with the truth; prints one
        table row (tab-separated) and writes OUTDIR/KIND.{miss,false,true}

A truth file has lines "FILE<TAB>CLASS<TAB>URL" where CLASS is "url" (a
concrete URL, counted for recall) or "template" (a pattern such as
"http://host:port/" or "http://[user@]host", which no reader would take as
one URL: not counted for recall, and a find inside one is a false find).
"""
import collections
import gzip
import json
import os
import re
import sys
import unicodedata

# The URL rule.  A URL starts at a scheme from these lists (case
# insensitive) that does not follow a letter, digit or one of _ - + . / @ %
# ~ & ? # or "::" (it would be inside a word or a path).  Hierarchical schemes
# need "://" (file also ":/"); the others, in lower case only, ":" and a
# byte that is neither a space nor ":" ("Data::Dumper" is Perl).
HIER = """http https ftp ftps sftp file git ssh rsync svn svn+ssh git+ssh
git+https bzr bzr+ssh hg cvs nntp irc ircs ldap ldaps ldapi telnet gopher
tftp scp smb nfs ws wss dav davs imap imaps pop pop3 pop3s pops smtp smtps
socks socks4 socks4a socks5 socks5h dict rtsp rtmp mms hkp hkps gemini
s3 gs""".split()
OPAQUE = "mailto urn news data tel xmpp magnet sip sips".split()
SCHEME_RE = re.compile(
    r"(?<![A-Za-z0-9_\-+./@%~&?#])(?<!::)(?:(?i:(" +
    "|".join(re.escape(s) for s in sorted(HIER, key=len, reverse=True)) +
    r")://|(file):/)|(" + "|".join(OPAQUE) + r"):(?=[^\s:]))")
# Characters a URI holds (RFC 3986 2): unreserved, reserved and "%".
URI_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                "0123456789-._~:/?#[]@!$&'()*+,;=%")


def iri_char(c):
    """A non-ASCII letter, mark or digit: kept, making the URL an IRI."""
    return ord(c) > 127 and unicodedata.category(c)[0] in "LMN"


def strip_trailing(tok, before):
    """Drops what a sentence puts after a URL."""
    while tok:
        c = tok[-1]
        if c in ".,;:!?":
            tok = tok[:-1]
        elif c == ")" and tok.count(")") > tok.count("("):
            tok = tok[:-1]
        elif c == "]" and tok.count("]") > tok.count("["):
            tok = tok[:-1]
        elif c in "'*_" and before == c:
            tok = tok[:-1]
        elif c == "'" and tok.count("'") % 2 == 1:
            tok = tok[:-1]
        else:
            break
    return tok


HOSTPORT = re.compile(r"^(?:[^@/?#]*@)?(\[[0-9A-Fa-f:.]+(?:%25[\w.~-]+)?\]|[^:/?#\[\]@]*)(?::(\d*))?$")
PCT = re.compile(r"%(?![0-9A-Fa-f]{2})")


def classify(url, word):
    """'url', 'iri' or 'template' (a pattern, not one URL)."""
    if re.search(r"[{<$*]|(?<![A-Za-z0-9])\.\.\.|\.\.\.(?![A-Za-z0-9])", word):
        return "template"
    m = re.match(r"([A-Za-z][A-Za-z0-9+.-]*):(//)?(.*)$", url, re.S)
    if not m:
        return "template"
    rest = m.group(3)
    if PCT.search(url):
        return "template"
    if m.group(2):
        auth = re.split(r"[/?#]", rest, 1)[0]
        hp = HOSTPORT.match(auth)
        if not hp:
            return "template"
        host = hp.group(1)
        if m.group(1).lower() != "file" and host == "":
            return "template"
        if rest == "" or rest == "/":
            return "template"  # the scheme named, "file://"
        if re.search(r"[\[\]]", rest[len(auth):]):
            return "template"  # a glob such as file[1-100].txt
        if host and not host.startswith("[") and host.upper() == host and host.isalpha():
            return "template"  # http://HOST/
    elif rest == "":
        return "template"
    if any(ord(c) > 127 for c in url):
        return "iri"
    return "url"


def find_urls(text):
    """Yields (offset, url, class) for the URLs of a plain text."""
    out = []
    pos = 0
    n = len(text)
    for m in SCHEME_RE.finditer(text):
        s = m.start()
        if s < pos:
            continue
        before = text[s - 1] if s > 0 else ""
        # "<...>", optionally "<URL:...>": runs to ">" over line breaks.
        lt = text.rfind("<", max(0, s - 6), s)
        if lt >= 0 and re.fullmatch(r"<\s*(?:URL:)?\s*", text[lt:s], re.I):
            gt = text.find(">", s, s + 4000)
            inner = text[s:gt] if gt >= 0 else ""
            if gt >= 0 and "<" not in inner and '"' not in inner and "\n\n" not in inner.replace(" ", "").replace("\t", ""):
                url = re.sub(r"\s+", "", inner)
                pos = gt + 1
                if all(c in URI_CHARS or iri_char(c) for c in url):
                    out.append((s, url, classify(url, url)))
                else:
                    out.append((s, url, "template"))
                continue
        e = s
        while e < n and (text[e] in URI_CHARS or iri_char(text[e])):
            e += 1
        tok = text[s:e]
        if before in "([":
            # "(http://a/b)'s": the URL ends at the bracket that closes
            # the one before it
            close = ")" if before == "(" else "]"
            depth = 0
            for k, c in enumerate(tok):
                if c == before:
                    depth += 1
                elif c == close:
                    depth -= 1
                    if depth < 0:
                        tok = tok[:k]
                        e = s + k
                        break
        if before in "\"" and e < n and text[e] == '"':
            url = tok
        else:
            url = strip_trailing(tok, before)
        # the token as written, with the byte after it, tells a pattern
        # ("http://site.{a,b}.com", "http://$HOST/", "http://<host>/")
        word = text[s:e + 1]
        pos = e
        cls = classify(url, word)
        out.append((s, url, cls))
    return out


# --- roff -----------------------------------------------------------------

GLYPHS = {
    "-": "-", "hy": "-", "mi": "-", "en": "\u2013", "em": "\u2014",
    "ti": "~", "ap": "~", "at": "@", "sl": "/", "rs": "\\", "dq": '"',
    "aq": "'", "cq": "'", "oq": "'", "lq": '"', "rq": '"', "Fo": "\u00ab",
    "Fc": "\u00bb", "la": "<", "ra": ">", "ha": "^", "bu": " ", "co": "(C)",
    "rg": "(R)", "tm": "(TM)", "dg": " ", "ba": "|", "br": "|", "bv": "|",
    "lB": "[", "rB": "]", "lC": "{", "rC": "}", "sh": "#", "Do": "$",
    "pl": "+", "eq": "=", "fm": "'", "aa": "'", "ga": "`", "ul": "_",
    "ru": "_", "sq": " ", "de": " ", "mu": "x", "pc": ".", "ti~": "~",
}
# pod2man's and other common strings
STRINGS = {"Aq": "'", 'L"': '"', 'R"': '"', "C`": '"', "C'": '"',
           "lq": '"', "rq": '"', "R": "(R)", "Tm": "(TM)", "PI": "pi"}


def roff_text(src):
    """The text a roff source renders, line by line, escapes resolved:
    comments, requests and macro definitions dropped, macro arguments
    kept (the alternating-font macros' without spaces), "\\c" joined."""
    strings = dict(STRINGS)
    out = []
    lines = src.split("\n")
    i = 0
    in_def = None
    in_tbl = 0
    pending = ""
    while i < len(lines):
        line = lines[i]
        i += 1
        while line.endswith("\\") and not line.endswith("\\\\") and i < len(lines):
            line = line[:-1] + lines[i]
            i += 1
        if in_def:
            if re.match(r"^[.']\s*" + re.escape(in_def) + r"\s*$", line):
                in_def = None
            continue
        m = re.match(r"^[.']\s*(de|de1|am|ig|am1|ds|ds1|as|TS|TE|T&)\b\s*(.*)$", line)
        if m:
            req = m.group(1)
            if req in ("de", "de1", "am", "am1"):
                in_def = "."
                parts = m.group(2).split()
                if len(parts) > 1:
                    in_def = parts[1]
            elif req == "ig":
                in_def = m.group(2).split()[0] if m.group(2).split() else "."
            elif req in ("ds", "ds1", "as"):
                mm = re.match(r"(\S+)\s*\"?(.*)$", m.group(2))
                if mm:
                    v = mm.group(2)
                    strings[mm.group(1)] = (strings.get(mm.group(1), "") if req == "as" else "") + v
            elif req in ("TS", "T&"):
                in_tbl = 1  # options and format lines follow, up to a "."
            elif req == "TE":
                in_tbl = 0
            continue
        if in_tbl == 1:
            if line.rstrip().endswith("."):
                in_tbl = 2
            continue
        if in_tbl == 2:
            line = re.sub(r"^T\}|T\{$|T\}", " ", line).replace("\t", " ")
            if line.startswith(".") or line.startswith("'"):
                pass
            else:
                text = resolve(line, strings)
                out_line(out, text, pending)
                pending = ""
                continue
        if line.startswith(".") or line.startswith("'"):
            mm = re.match(r"^[.']\s*(\S*)\s*(.*)$", line)
            name, args = mm.group(1), mm.group(2)
            if name.startswith('\\"') or name.startswith("\\#") or name == "":
                continue
            if name in ("if", "ie", "el", "nr", "rr", "so", "tr", "ft", "ps",
                        "vs", "ll", "in", "ti", "ta", "hy", "nh", "ad", "na",
                        "ne", "sp", "br", "bp", "fi", "nf", "ce", "rs", "ns",
                        "TH", "PD", "IX", "ev", "cc", "ec", "eo", "lf", "char",
                        "ss", "mso", "do", "nroff", "troff", "hw", "hc", "rm",
                        "rn", "ch", "wh", "pl", "pn", "po", "mk", "rt", "tm",
                        "ab", "cu", "ul", "fc", "lc", "ls", "lt", "nm", "nn",
                        "pc", "sv", "os", "fl", "di", "da", "it", "ec", "EE",
                        "EX", "UE", "ME", "ftr", "fp", "nx", "pso", "sy",
                        "open", "opena", "write", "close", "ec", "ie", "OP",
                        "LP", "PP", "P", "RS", "RE", "HP", "in", "fam", "hla",
                        "hlm", "hym", "hys", "kern", "cflags", "shc", "pev",
                        "warn", "color", "defcolor", "gcolor", "fcolor",
                        "Vb", "Ve", "UN", "SY", "YS", "ad", "sp"):
                if name == "UE" or name == "ME":
                    # trailing punctuation after the link
                    text = resolve(" ".join(split_args(args)), strings)
                    if out and text:
                        out[-1] += text
                continue
            argv = [resolve(a, strings) for a in split_args(args)]
            if name == "UR":
                out_line(out, "<" + (argv[0] if argv else "") + ">", pending)
                pending = ""
                continue
            if name == "MT":
                continue  # rendered as an address, no scheme
            if name == "URL":
                # www.tmac: .URL url [text] [trailing]
                url = argv[0] if argv else ""
                txt = argv[1] if len(argv) > 1 else ""
                tail = argv[2] if len(argv) > 2 else ""
                text = (txt + " <" + url + ">" if txt else url) + tail
                out_line(out, text, pending)
                pending = ""
                continue
            if name in ("BR", "RB", "IR", "RI", "BI", "IB"):
                text = "".join(argv)
            else:
                text = " ".join(argv)
            text = out_line(out, text, pending)
            pending = ""
            continue
        text = resolve(line, strings)
        if text.endswith("\x00c"):
            pending += text[:-2]
            continue
        out_line(out, text, pending)
        pending = ""
    if pending:
        out.append(pending)
    return "\n".join(out)


def out_line(out, text, pending):
    if text.endswith("\x00c"):
        text = text[:-2]
    if pending:
        out.append(pending + text)
    else:
        out.append(text)
    return text


def split_args(s):
    args = []
    i = 0
    n = len(s)
    while i < n:
        while i < n and s[i] in " \t":
            i += 1
        if i >= n:
            break
        if s.startswith('\\"', i):
            break
        if s[i] == '"':
            i += 1
            a = []
            while i < n:
                if s[i] == '"':
                    if i + 1 < n and s[i + 1] == '"':
                        a.append('"')
                        i += 2
                        continue
                    i += 1
                    break
                a.append(s[i])
                i += 1
            args.append("".join(a))
        else:
            j = i
            while j < n and s[j] not in " \t":
                if s[j] == "\\" and j + 1 < n:
                    j += 2
                    continue
                j += 1
            args.append(s[i:j])
            i = j
    return args


ESC = re.compile(r"""\\(?:
   (?P<glyph2>\((?P<g2>..))
 | \[(?P<gb>[^\]]*)\]
 | \*(?:\((?P<s2>..)|\[(?P<sb>[^\]]*)\]|(?P<s1>.))
 | f(?:\(..|\[[^\]]*\]|.)
 | F(?:\(..|\[[^\]]*\]|.)
 | m(?:\(..|\[[^\]]*\]|.)
 | s(?:[-+]?\d|\([-+]?\d\d|[-+]?\(\d\d|\[[^\]]*\]|'[^']*')
 | n(?:[-+])?(?:\(..|\[[^\]]*\]|.)
 | [hvwlLoDbxXSRZNAkCBY]'[^']*'
 | [gkY](?:\(..|\[[^\]]*\]|.)
 | (?P<c>c)$
 | (?P<cmt>["\#].*)$
 | (?P<other>.)
)""", re.X)

SIMPLE = {"-": "-", "&": "", ":": "", "%": "", "/": "", ",": "", "|": "",
          "^": "", ")": "", "~": " ", " ": " ", "0": " ", "e": "\\",
          "\\": "\\", ".": ".", "'": "'", "`": "`", "t": "\t", "a": "",
          "d": "", "u": "", "r": "", "p": "", "z": "", "E": "\\", "}": "",
          "{": "", "!": "", "?": "", "$": ""}


def resolve(s, strings, depth=0):
    def sub(m):
        if m.group("g2") is not None:
            return GLYPHS.get(m.group("g2"), " ")
        if m.group("gb") is not None:
            g = m.group("gb")
            if re.fullmatch(r"u[0-9A-Fa-f]{4,6}", g):
                return chr(int(g[1:], 16))
            return GLYPHS.get(g, " ")
        for k in ("s2", "sb", "s1"):
            if m.group(k) is not None:
                v = strings.get(m.group(k), "")
                return resolve(v, strings, depth + 1) if depth < 5 else ""
        if m.group("c"):
            return "\x00c"
        if m.group("cmt") is not None:
            return ""
        if m.group("other") is not None:
            return SIMPLE.get(m.group("other"), "")
        return ""
    return ESC.sub(sub, s)


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return data.decode("utf-8", "replace")


# --- scoring ----------------------------------------------------------------

def load_truth(path):
    t = collections.defaultdict(list)
    with open(path) as f:
        for line in f:
            fn, cls, url = line.rstrip("\n").split("\t", 2)
            t[fn].append((cls, url))
    return t


def load_found(path):
    """Finds per file; the cut and joined readings of one hyphen are one
    find (one place in the text), true when either reading is."""
    found = collections.defaultdict(list)
    with open(path) as f:
        for line in f:
            r = json.loads(line)
            fn = os.path.basename(r["file"])
            lst = found[fn]
            if r.get("hyphen") and lst and lst[-1]["offset"] == r["offset"] and lst[-1].get("hyphen"):
                lst[-1]["readings"].append((r["hyphen"], r["uri"]))
                continue
            r["readings"] = [(r.get("hyphen") or ("completed" if r.get("completed") else "plain"), r["uri"])]
            lst.append(r)
    return found


def score(kind, truth_path, found_path, outdir):
    truth = load_truth(truth_path)
    found = load_found(found_path)
    files = set(truth) | set(found)
    n_url = n_tpl = n_found = n_true = n_records = n_iri = 0
    miss, false, true = [], [], []
    for fn in sorted(files):
        want = collections.Counter(u for c, u in truth.get(fn, []) if c == "url")
        n_iri += sum(1 for c, u in truth.get(fn, []) if c == "iri")
        want_all = collections.Counter(u for c, u in truth.get(fn, []) if c in ("url", "iri"))
        tpls = [u for c, u in truth.get(fn, []) if c == "template"]
        n_url += sum(want.values())
        n_tpl += len(tpls)
        left = collections.Counter(want)
        for r in found.get(fn, []):
            n_found += 1
            n_records += len(r["readings"])
            hit = None
            for how, u in r["readings"]:
                if left[u] > 0:
                    hit = (how, u)
                    break
            if hit:
                left[hit[1]] -= 1
                n_true += 1
                true.append((fn, r["line"], hit[0], hit[1]))
            else:
                why = ""
                us = [u for _, u in r["readings"]]
                if any(want_all[u] for u in us):
                    why = "duplicate"
                elif any(u in t or t.startswith(u) for t in tpls for u in us):
                    why = "in-template"
                elif any(t.startswith(u) or u.startswith(t) for t in want for u in us):
                    why = "cut-or-overlong"
                false.append((fn, r["line"], why, " | ".join("%s=%s" % x for x in r["readings"])))
        for u, k in left.items():
            for _ in range(k):
                miss.append((fn, u))
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, kind + ".miss"), "w") as f:
        for x in miss:
            f.write("\t".join(map(str, x)) + "\n")
    with open(os.path.join(outdir, kind + ".false"), "w") as f:
        for x in false:
            f.write("\t".join(map(str, x)) + "\n")
    with open(os.path.join(outdir, kind + ".true"), "w") as f:
        for x in true:
            f.write("\t".join(map(str, x)) + "\n")
    p = n_true / n_found if n_found else float("nan")
    rc = (n_url - len(miss)) / n_url if n_url else float("nan")
    print("\t".join(map(str, [kind, n_url, n_tpl, n_iri, n_records, n_found, n_true,
                              n_found - n_true, len(miss), "%.1f%%" % (100 * p),
                              "%.1f%%" % (100 * rc)])))


def main():
    cmd = sys.argv[1]
    if cmd == "roff-urls":
        for path in sys.argv[2:]:
            text = roff_text(read(path))
            name = os.path.basename(path)
            name = re.sub(r"\.gz$", "", name) + ".txt"
            for _, url, cls in find_urls(text):
                print("%s\t%s\t%s" % (name, cls, url))
    elif cmd == "roff-text":
        sys.stdout.write(roff_text(read(sys.argv[2])))
    elif cmd == "text-urls":
        for path in sys.argv[2:]:
            name = os.path.basename(path)
            for _, url, cls in find_urls(read(path)):
                print("%s\t%s\t%s" % (name, cls, url))
    elif cmd == "score":
        score(*sys.argv[2:6])
    else:
        sys.exit("unknown command " + cmd)


if __name__ == "__main__":
    main()
