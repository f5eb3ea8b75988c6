#!/usr/bin/env bash
# Times a command as a whole process, as a user runs it: RUNS runs after one warm-up run (so the
# files are in the page cache), each one's wall seconds and peak resident memory from GNU time,
# then the median of each. Used for the command-against-peer figures in docs/command-benchmarks.md.
#
# usage: bench/scripts/whole-process.sh RUNS COMMAND [ARG ...]
# example: bench/scripts/whole-process.sh 5 bin/perceptron train --data man-train.svm --algorithm perceptron \
#              --epochs 10 --model /tmp/m.bin
set -euo pipefail
if [ $# -lt 2 ]; then
  sed -n '2,8p' "$0" >&2
  exit 2
fi
runs="$1"
shift
if [ ! -x /usr/bin/time ]; then
  echo "whole-process.sh: GNU time is needed (Debian package 'time')" >&2
  exit 2
fi
times="$(mktemp)"
trap 'rm -f "$times"' EXIT
"$@" >/dev/null 2>&1 || { echo "whole-process.sh: the command failed: $*" >&2; exit 1; }
for ((i = 0; i < runs; i++)); do
  /usr/bin/time -f '%e %M' -a -o "$times" "$@" >/dev/null 2>/dev/null
done
python3 - "$times" "$*" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1]) if line.strip() and line[0].isdigit()]
wall = [float(r[0]) for r in rows]
rss = [int(r[1]) / 1024 for r in rows]
print(f"{sys.argv[2]}")
print(f"  wall s: median {statistics.median(wall):.3f} (min {min(wall):.3f}, max {max(wall):.3f}), {len(wall)} runs")
print(f"  peak RSS MiB: median {statistics.median(rss):.0f} (min {min(rss):.0f}, max {max(rss):.0f})")
PY
