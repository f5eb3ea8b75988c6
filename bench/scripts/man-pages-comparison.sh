#!/usr/bin/env bash
# The sparse text comparison: the man-page bag of words (man-pages-bag-of-words.py), perceptron and
# averaged, 10 shuffled epochs, beside scikit-learn in the same run.
#   warm: several fits in one process each (LibsvmFitBenchmark; sklearn-fit.py --fits N): the
#         best fit of each, and the library's floor (the dot products alone);
#   cold: RUNS fresh processes each: the command's train_seconds against scikit-learn's first fit,
#         and the plainest loop's first run in a fresh JVM (the cold floor).
# The whole-process times and memory are measured with whole-process.sh (see
# docs/command-benchmarks.md).
#
# usage: bench/scripts/man-pages-comparison.sh [RUNS] [WORK_DIR]
# needs: the Debian package python3-sklearn (installed when missing), the manual pages; builds bench/target/benchmarks.jar first:
#   mvn -B -q package -DskipTests -pl bench -am
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
. "$root/bench/scripts/debian-packages.sh"
install_missing python3-sklearn
runs="${1:-5}"
work="${2:-/tmp/man-pages-bow}"
if [ ! -f "$work/man-train.svm" ]; then
  python3 "$root/bench/scripts/man-pages-bag-of-words.py" "$work"
fi
train="$work/man-train.svm"
test="$work/man-test.svm"
echo "== warm"
for algorithm in perceptron averaged; do
  java --add-modules jdk.incubator.vector -cp "$root/bench/target/benchmarks.jar" \
    io.github.simdperceptron.bench.LibsvmFitBenchmark "$train" "$test" "$algorithm" binary 8 2>&1 | grep -v '^WARNING'
  /usr/bin/python3 "$root/bench/scripts/sklearn-fit.py" "$train" "$test" --algorithm "$algorithm" --fits 8
done
echo "== cold"
for ((r = 1; r <= runs; r++)); do
  for algorithm in perceptron averaged; do
    "$root/bin/perceptron" train --data "$train" --algorithm "$algorithm" --epochs 10 --seed 42 --json \
      --model "$work/model.bin"
    /usr/bin/python3 "$root/bench/scripts/sklearn-fit.py" "$train" "$test" --algorithm "$algorithm"
  done
  java -cp "$root/bench/target/benchmarks.jar" io.github.simdperceptron.bench.LibsvmFitBenchmark "$train" cold-floor
done
