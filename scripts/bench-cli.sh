#!/usr/bin/env bash
# bench-cli.sh measures the command line on a large batch: lines per second
# of `urikit parse --json`, `urikit normalize`, `urikit get '{host}'` and
# `urikit set --delete-query utm_source` against `cat` of the same
# file (the ceiling: reading and writing with no work), and the maximum
# resident set size of each on that file and on one a tenth of its size
# (memory must not grow with the input).
#
# The batch is ../shared/corpus/absolute.txt repeated to at least a million
# lines and 80 MB. Each command reads the file on standard input and
# writes to /dev/null (its messages too); the best of three runs counts.
#
# Usage: scripts/bench-cli.sh [CORPUS]
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
corpus=${1:-$root/../shared/corpus/absolute.txt}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -o "$work/urikit" "$root/cmd/urikit"

# Repeat the corpus to at least 1,000,000 lines and 80,000,000 bytes.
lines=$(wc -l < "$corpus")
bytes=$(wc -c < "$corpus")
reps=$(( (1000000 + lines - 1) / lines ))
reps=$(( reps > (80000000 + bytes - 1) / bytes ? reps : (80000000 + bytes - 1) / bytes ))
for _ in $(seq "$reps"); do cat "$corpus"; done > "$work/big.txt"
head -c $(( $(wc -c < "$work/big.txt") / 10 )) "$work/big.txt" > "$work/small.txt"
n=$(wc -l < "$work/big.txt")
size=$(wc -c < "$work/big.txt")
echo "input: $n lines, $size bytes ($reps copies of $(basename "$corpus")), GOMAXPROCS=$(nproc)"

# best_ns runs "$@" three times on the big file and prints the fastest
# wall time in nanoseconds.
best_ns() {
	local best=0 start end t
	for _ in 1 2 3; do
		start=$(date +%s%N)
		"$@" < "$work/big.txt" > /dev/null 2>&1 || true
		end=$(date +%s%N)
		t=$(( end - start ))
		if [ "$best" -eq 0 ] || [ "$t" -lt "$best" ]; then best=$t; fi
	done
	echo "$best"
}

# rss_kb prints the maximum resident set size of "$@" on file $1, in kB.
rss_kb() {
	local file=$1
	shift
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -v -o "$work/time.txt" "$@" < "$file" > /dev/null 2>&1 || true
		sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt"
	else
		echo "n/a"
	fi
}

cat_ns=$(best_ns cat)
cat_lps=$(( n * 1000000000 / cat_ns ))
printf '%-38s %12s lines/s %8s ms\n' "cat" "$cat_lps" $(( cat_ns / 1000000 ))
for cmd in "parse --json" "normalize" "get {host}" "set --delete-query utm_source"; do
	# shellcheck disable=SC2086
	ns=$(best_ns "$work/urikit" $cmd)
	lps=$(( n * 1000000000 / ns ))
	# shellcheck disable=SC2086
	big=$(rss_kb "$work/big.txt" "$work/urikit" $cmd)
	# shellcheck disable=SC2086
	small=$(rss_kb "$work/small.txt" "$work/urikit" $cmd)
	ratio=$(awk -v a="$lps" -v b="$cat_lps" 'BEGIN { printf "%.3f", a / b }')
	printf '%-38s %12s lines/s %8s ms  %s of cat  max RSS %s kB (%s kB on a tenth of the input)\n' \
		"urikit $cmd" "$lps" $(( ns / 1000000 )) "$ratio" "$big" "$small"
done
