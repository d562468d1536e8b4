#!/usr/bin/env bash
# bench-extract.sh measures `urikit extract` on a large text: megabytes
# per second against `grep -oE 'https?://[^[:space:]"<>]+'` on the same
# file (the common one-liner, which knows two schemes and no delimiting
# rule), the URIs each finds, and the maximum resident set size.
#
# The text mixes the URIs of ../shared/corpus/*.txt, written as people
# write them (in angle brackets, in Markdown links, in quotes, in log
# lines, after "url=", at the end of a sentence, broken over two lines in
# <URL:...>), with the prose of the RFC texts under ../shared/seeds, and
# is repeated to at least SIZE bytes (100,000,000 by default). Each command
# reads the file named as its argument and writes to a pipe into wc -l;
# every command runs once (the machine is shared), under /usr/bin/time.
#
# Usage: scripts/bench-extract.sh [SIZE]
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
size=${1:-100000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -o "$work/urikit" "$root/cmd/urikit"

"$root/scripts/bench-text.sh" "$size" "$work/big.txt"
bytes=$(stat -c %s "$work/big.txt")
lines=$(wc -l < "$work/big.txt")
echo "input: $bytes bytes, $lines lines, $(nproc) cores, $(go version | cut -d' ' -f3)"

# measure NAME CMD...: runs CMD once, its output into wc -l, and prints
# the wall time, MB/s, the lines of output and the maximum RSS.
measure() {
	local name=$1
	shift
	local out
	out=$( { /usr/bin/time -f '%e %M' -o "$work/time.txt" "$@" || true; } | wc -l)
	read -r secs rss < "$work/time.txt"
	awk -v n="$name" -v s="$secs" -v b="$bytes" -v o="$out" -v r="$rss" 'BEGIN {
		printf "%-34s %7.2f s %8.1f MB/s %9d URIs  max RSS %6.1f MB\n", n, s, b / 1e6 / s, o, r / 1024 }'
}

measure "grep -oE (LC_ALL=C)" env LC_ALL=C grep -oE 'https?://[^[:space:]"<>]+' "$work/big.txt"
measure "urikit extract" "$work/urikit" extract "$work/big.txt"
measure "urikit extract --json" "$work/urikit" extract --json "$work/big.txt"
measure "urikit extract, GOMAXPROCS=1" env GOMAXPROCS=1 "$work/urikit" extract "$work/big.txt"
