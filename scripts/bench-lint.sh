#!/usr/bin/env bash
# bench-lint.sh measures `urikit lint --text` on a large text: megabytes
# per second against `grep -oE 'https?://[^[:space:]"<>]+'` on the same
# file (which finds URIs, but lints nothing), the records each writes, and
# the maximum resident set size.
#
# The text is the one of scripts/bench-extract.sh (the URIs of
# ../shared/corpus/*.txt written as people write them, with the prose of
# the RFC texts under ../shared/seeds), repeated to at least SIZE bytes
# (100,000,000 by default). It is kept in BENCH_TEXT
# (${TMPDIR:-/tmp}/urikit-bench-text-SIZE.txt by default) and reused when it
# is there. Each command reads the file named as its argument and writes to
# a pipe into wc -l; every command runs once (the machine is shared), under
# /usr/bin/time when it is present.
#
# Usage: scripts/bench-lint.sh [SIZE]
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
size=${1:-100000000}
big=${BENCH_TEXT:-${TMPDIR:-/tmp}/urikit-bench-text-$size.txt}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -o "$work/urikit" "$root/cmd/urikit"

"$root/scripts/bench-text.sh" "$size" "$big"
bytes=$(stat -c %s "$big")
lines=$(wc -l < "$big")
echo "input: $big, $bytes bytes, $lines lines, $(nproc) cores, $(go version | cut -d' ' -f3)"

# measure NAME CMD...: runs CMD once, its output into wc -l, and prints
# the wall time, MB/s, the lines of output and the maximum RSS.
measure() {
	local name=$1
	shift
	local out secs rss=0
	if [ -x /usr/bin/time ]; then
		out=$( { /usr/bin/time -f '%e %M' -o "$work/time.txt" "$@" || true; } | wc -l)
		read -r secs rss < <(tail -n 1 "$work/time.txt")
	else
		local t0 t1
		t0=$(date +%s.%N)
		out=$( { "$@" || true; } | wc -l)
		t1=$(date +%s.%N)
		secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
	fi
	awk -v n="$name" -v s="$secs" -v b="$bytes" -v o="$out" -v r="$rss" 'BEGIN {
		printf "%-36s %7.2f s %8.1f MB/s %9d lines  max RSS %6.1f MB\n", n, s, b / 1e6 / s, o, r / 1024 }'
}

measure "grep -oE (LC_ALL=C)" env LC_ALL=C grep -oE 'https?://[^[:space:]"<>]+' "$big"
measure "urikit extract" "$work/urikit" extract "$big"
measure "urikit lint --text" "$work/urikit" lint --text "$big"
measure "urikit lint --text --json" "$work/urikit" lint --text --json "$big"
measure "urikit lint --text, GOMAXPROCS=1" env GOMAXPROCS=1 "$work/urikit" lint --text "$big"
# What the records hold: the URIs with a finding, and the findings by code.
"$work/urikit" lint --text --json "$big" | grep -o '"code":"[a-z0-9-]*"' | sort | uniq -c | sort -rn | head -12 || true
