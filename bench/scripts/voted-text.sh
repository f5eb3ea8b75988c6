#!/usr/bin/env bash
# The voted perceptron beside the averaged perceptron on a bag-of-words text set, as a user runs
# the command: each `bin/perceptron train --test` as a whole process under GNU time, printing its
# wall time, peak resident memory, model file size and test accuracy.
#
# The set: man pages as bags of words (bench/scripts/man-pages-bag-of-words.py --words 72), one
# document per run of consecutive text lines of a page holding 72 words, binary values, label +1
# for section 1 and -1 for the other sections; TRAIN + TEST documents (default 50,000 + 10,000:
# 47,894 words in the training part, 48 non-zeros a document, a training file of 14.7 MB, from
# the pages of the machine docs/command-benchmarks.md names). Built once into OUT_DIR and reused.
#
# usage: bench/scripts/voted-text.sh [OUT_DIR [TRAIN [TEST [RUNS]]]]
#   RUNS (default 1) pairs of runs, averaged then voted, after one untimed run of each.
# example: mvn -B -q package -DskipTests -pl cli -am && bench/scripts/voted-text.sh /tmp/voted-text
set -euo pipefail
out="${1:-/tmp/voted-text}"
train="${2:-50000}"
test="${3:-10000}"
runs="${4:-1}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
. "$root/bench/scripts/debian-packages.sh"
install_missing time
if [ ! -s "$out/man-train.svm" ] || [ ! -s "$out/man-test.svm" ]; then
  /usr/bin/python3 "$root/bench/scripts/man-pages-bag-of-words.py" "$out" --train "$train" --test "$test" \
    --words 72 --seed 42 >&2
fi
run() {
  local algorithm="$1" timed="$2"
  local cmd=("$root/bin/perceptron" train --data "$out/man-train.svm" --test "$out/man-test.svm"
    --algorithm "$algorithm" --epochs 10 --seed 42 --json --model "$out/$algorithm.model")
  if [ "$timed" = no ]; then
    "${cmd[@]}" > "$out/$algorithm.json"
    return
  fi
  /usr/bin/time -v -o "$out/$algorithm.time" "${cmd[@]}" > "$out/$algorithm.json"
  /usr/bin/python3 - "$algorithm" "$out/$algorithm.time" "$out/$algorithm.json" "$out/$algorithm.model" <<'PY'
import json, os, sys
algorithm, timefile, jsonfile, model = sys.argv[1:5]
t = {}
for line in open(timefile):
    key, _, value = line.strip().rpartition(": ")
    t[key] = value
h, m, s = (["0", "0"] + t["Elapsed (wall clock) time (h:mm:ss or m:ss)"].split(":"))[-3:]
wall = int(h) * 3600 + int(m) * 60 + float(s)
rss = int(t["Maximum resident set size (kbytes)"]) / 1024
r = json.load(open(jsonfile))
print(f"| {algorithm} | {wall:.2f} s | {rss:.0f} MiB | {os.path.getsize(model):,} bytes | "
      f"{r['test_accuracy']:.4f} | {r['train_seconds']:.2f} s | {r['mistakes']:,} |")
PY
}
echo "training file $(stat -c %s "$out/man-train.svm") bytes, test file $(stat -c %s "$out/man-test.svm") bytes"
run averaged no
run voted no
echo "| algorithm | wall | peak RSS | model file | test accuracy | train_seconds | mistakes |"
echo "|---|---|---|---|---|---|---|"
for ((i = 0; i < runs; i++)); do
  run averaged yes
  run voted yes
done
