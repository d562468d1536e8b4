#!/usr/bin/env bash
# count-cli.sh counts the instructions that `urikit parse --json` and
# `urikit normalize` execute per line of input, with valgrind's callgrind,
# which does not depend on the machine's load: the count for the first
# 40,000 lines of the corpus minus the count for its first 10,000, over
# 30,000 (so start-up and the end of the run cancel out), on one core.
#
# Usage: scripts/count-cli.sh [CORPUS] [BINARY]
#
# CORPUS defaults to ../shared/corpus/absolute.txt; BINARY to a urikit
# built from this tree.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
corpus=${1:-$root/../shared/corpus/absolute.txt}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bin=${2:-$work/urikit}
[ -n "${2:-}" ] || go build -o "$bin" "$root/cmd/urikit"
command -v valgrind >/dev/null || { echo "count-cli.sh: valgrind is not installed" >&2; exit 2; }

head -n 10000 "$corpus" > "$work/small"
head -n 40000 "$corpus" > "$work/large"
[ "$(wc -l < "$work/large")" -eq 40000 ] || { echo "count-cli.sh: the corpus has fewer than 40,000 lines" >&2; exit 2; }

# count prints the instructions of "$@" on file $1. Go's runtime reads
# the time stamp counter with RDTSCP, which valgrind does not know, and
# asynchronous preemption sends signals that callgrind may mishandle:
# both are turned off.
count() {
	local file=$1
	shift
	GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off GOMAXPROCS=1 \
		valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" < "$file" > /dev/null 2> "$work/log"
	sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/log"
}

for cmd in "parse --json" "normalize"; do
	# shellcheck disable=SC2086
	small=$(count "$work/small" "$bin" $cmd)
	# shellcheck disable=SC2086
	large=$(count "$work/large" "$bin" $cmd)
	printf '%-22s %6d instructions per line\n' "urikit $cmd" $(( (large - small) / 30000 ))
done
