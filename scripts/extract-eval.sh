#!/usr/bin/env bash
# extract-eval.sh measures the precision and recall of `urikit extract` on
# real text: the English man pages of a set of Debian packages rendered by
# groff (-Tutf8 and -Tascii, 60 columns, so that long URLs are hyphenated
# and broken over lines), and their changelogs and copyright files as
# shipped. It is not part of `go test`; it needs apt-get (Debian), groff,
# python3 and Go, and writes everything under $EVAL_DIR
# (/tmp/extract-eval by default), never in the repository.
#
# Ground truth (scripts/extract-eval.py, written apart from uri/):
#   - man pages: the URLs of the roff source, before rendering: comments,
#     requests and macro definitions dropped, escapes resolved (\- \& \: \%
#     \(ti \fB \*(Aq ...), .UR/.URL arguments taken as written, and the
#     alternating-font macros' arguments joined as groff joins them. The
#     same truth serves the utf8 and the ascii rendering.
#   - changelogs and copyright files: the same URL rule on the text as
#     shipped (a known scheme, then the characters of RFC 3986 2, trailing
#     sentence punctuation dropped, "<...>" read across lines).
# A URL is a token of a known scheme (http, https, ftp, mailto, git, ...);
# a pattern ("http://host:port/", "http://[user@]host/", "http://$HOST",
# "file://" naming the scheme, a curl glob) is a template: not counted for
# recall, and a find inside one is a false find.
#
# Usage: scripts/extract-eval.sh [--current]
#   By default the package versions listed below (the ones the table of
#   README.md, "Precision and recall on real text", was measured on) are
#   downloaded; a version the archive no longer has is replaced by the
#   current one, with a warning.
#   --current downloads the current version of every package.
#   Output: the table on stdout; $EVAL_DIR/out/*.{miss,false,true} list
#   every miss, false find and true find; $EVAL_DIR/out/versions.txt the
#   versions used.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
eval_dir=${EVAL_DIR:-/tmp/extract-eval}
helper="$root/scripts/extract-eval.py"
current=false
[ "${1:-}" = "--current" ] && current=true

# package=version, as measured for README.md (Debian 12).
pins="
apt=2.6.2 aria2=1.36.0-1 bash=5.2.15-2+b13
bind9-dnsutils=1:9.18.49-1~deb12u3 bzip2=1.0.8-5+b1 coreutils=9.1-1
curl=7.88.1-10+deb12u15 debhelper=13.11.4 devscripts=2.23.4+deb12u2
diffutils=1:3.8-4 dpkg=1.21.23 dput=1.1.3 e2fsprogs=1.47.0-2+b2
fetchmail=6.4.37-1 ffmpeg=7:5.1.9-0+deb12u1 file=1:5.44-3 findutils=4.9.0-4
gawk=1:5.2.1-2 gdb=13.1-3 git-buildpackage=0.9.30 git=1:2.39.5-0+deb12u3
gnupg=2.2.40-1.1+deb12u2 gpg=2.2.40-1.1+deb12u2 grep=3.8-5 gzip=1.12-1
imagemagick-6.q16=8:6.9.11.60+dfsg-1.6+deb12u16 iproute2=6.1.0-3
jq=1.6-2.1+deb12u3 less=590-2.1~deb12u2 lftp=4.9.2-2+b1
lintian=2.116.3+deb12u1 lynx=2.9.0dev.12-1 make=4.3-4.1 man-db=2.11.2-2
mercurial=6.3.2-1+deb12u1 msmtp=1.8.23-1 mutt=2.2.12-0.1~deb12u2
nano=7.2-1+deb12u1 netcat-openbsd=1.219-1 nmap=7.93+dfsg1-1
openssh-client=1:9.2p1-2+deb12u10 openssl=3.0.22-1~deb12u2
pandoc=2.17.1.1-2~deb12u1 quilt=0.67+really0.66-1 rclone=1.60.1+dfsg-2+b5
reportbug=12.0.0 rsync=3.5.0+ds1-0+deb12u1 screen=4.9.0-4 sed=4.9-1+deb12u1
socat=1.7.4.4-2 sqlite3=3.40.1-2+deb12u2 strace=6.1-0.1
subversion=1.14.2-4+deb12u1 sudo=1.9.13p3-1+deb12u4
tar=1.34+dfsg-1.2+deb12u1 tcpdump=4.99.3-1 tmux=3.3a-3 unzip=6.0-28+deb12u1
util-linux=2.38.1-5+deb12u3 w3m=0.5.3+git20230121-2 wget=1.21.3-1+deb12u1
whois=5.5.17 xz-utils=5.4.1-1+deb12u2 zip=3.0-13+deb12u1
zstd=1.5.4+dfsg2-5+deb12u1
"

mkdir -p "$eval_dir"/{debs,out}
cd "$eval_dir"
command -v groff >/dev/null || { apt-get update -qq && apt-get install -y -qq groff-base; }

# 1. Download (a .deb already in debs/ at the version wanted is kept) and
# unpack.
for pv in $pins; do
	p=${pv%%=*}
	have=""
	for d in debs/"${p}"_*.deb; do
		[ -f "$d" ] && [ "$(dpkg-deb -f "$d" Package)" = "$p" ] && have=$d
	done
	if $current; then
		[ -n "$have" ] && rm -f "$have"
		(cd debs && apt-get download -qq "$p" >/dev/null 2>&1) || { echo "cannot download $p" >&2; exit 1; }
	elif [ -z "$have" ] || [ "$p=$(dpkg-deb -f "$have" Version)" != "$pv" ]; then
		[ -n "$have" ] && rm -f "$have"
		(cd debs && apt-get download -qq "$pv" >/dev/null 2>&1) ||
			{ echo "warning: $pv not in the archive, using the current $p" >&2
			  (cd debs && apt-get download -qq "$p" >/dev/null 2>&1); }
	fi
done
rm -rf pkgroot && mkdir pkgroot
: > out/versions.txt
for d in debs/*.deb; do
	echo "$(dpkg-deb -f "$d" Package)=$(dpkg-deb -f "$d" Version)" >> out/versions.txt
	dpkg-deb --fsys-tarfile "$d" | tar -x -C pkgroot --wildcards './usr/share/man/man*' './usr/share/doc/*' 2>/dev/null || true
done

# 2. Texts: English man pages (regular files, no ".so" stubs) rendered by
# groff; changelogs and copyright files as shipped, decompressed.
rm -rf text && mkdir -p text/man-utf8 text/man-ascii text/changelog text/copyright src
for f in pkgroot/usr/share/man/man[1-8]/*; do
	[ -f "$f" ] && [ ! -L "$f" ] || continue
	head=$(zcat -f "$f" | head -c 300 || true)
	grep -q '^\.so ' <<< "$head" && continue
	b=$(basename "$f" .gz)
	cp "$f" "src/$(basename "$f")"
	zcat -f "$f" | groff -man -Tutf8 -rLL=60n -P-cbou 2>/dev/null > "text/man-utf8/$b.txt"
	zcat -f "$f" | groff -man -Tascii -rLL=60n -P-cbou 2>/dev/null > "text/man-ascii/$b.txt"
done
for dir in pkgroot/usr/share/doc/*/; do
	p=$(basename "$dir")
	for f in "$dir"changelog* "$dir"NEWS.Debian*; do
		[ -f "$f" ] && [ ! -L "$f" ] || continue
		zcat -f "$f" > "text/changelog/$p.$(basename "$f" .gz).txt"
	done
	[ -f "$dir/copyright" ] && [ ! -L "$dir/copyright" ] && cp "$dir/copyright" "text/copyright/$p.copyright.txt"
done

# 3. Ground truth.
python3 "$helper" roff-urls src/* > out/truth-man.tsv
python3 "$helper" text-urls text/changelog/* > out/truth-changelog.tsv
python3 "$helper" text-urls text/copyright/* > out/truth-copyright.tsv

# 4. urikit extract, default and --registered.
(cd "$root" && go build -o "$eval_dir/urikit" ./cmd/urikit)
for kind in man-utf8 man-ascii changelog copyright; do
	./urikit extract --json --show-secrets text/$kind/* > out/$kind.default.jsonl || true
	./urikit extract --json --show-secrets --registered text/$kind/* > out/$kind.registered.jsonl || true
done

# 5. The table.
{
	echo "groff: $(groff --version | head -1); urikit at $(cd "$root" && git describe --always --dirty 2>/dev/null || echo '?')"
	for kind in man-utf8 man-ascii changelog copyright; do
		printf '%s: %d files, %d bytes\n' "$kind" "$(ls text/$kind | wc -l)" "$(cat text/$kind/* | wc -c)"
	done
	printf 'kind\tURLs\ttemplates\tIRIs\trecords\tfound\ttrue\tfalse\tmissed\tprecision\trecall\n'
	for kind in man-utf8 man-ascii changelog copyright; do
		truth=out/truth-${kind#man-}.tsv
		case $kind in man-*) truth=out/truth-man.tsv ;; esac
		for mode in default registered; do
			python3 "$helper" score "$kind.$mode" "$truth" "out/$kind.$mode.jsonl" out
		done
	done
} | tee out/table.txt
echo "packages: $(wc -l < out/versions.txt) (out/versions.txt)"
