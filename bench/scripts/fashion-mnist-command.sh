#!/usr/bin/env bash
# The command on Fashion-MNIST as users have it, beside scikit-learn on the same file in the same
# run: `perceptron train` (averaged, 10 epochs, --multiclass direct and ovr) on the libsvm text and
# on the IDX files (the libsvm runs also with --no-prefetch), then scikit-learn's Perceptron and averaged SGD fits on the libsvm text.
# Prints one JSON line per run (the command's train --json, scikit-learn's sklearn-fit.py line).
#
# usage: bench/scripts/fashion-mnist-command.sh [RUNS] [WORK_DIR]
# needs: Debian packages dataset-fashion-mnist and python3-sklearn (installed when missing)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
. "$root/bench/scripts/debian-packages.sh"
install_missing dataset-fashion-mnist python3-sklearn
runs="${1:-2}"
work="${2:-/tmp/fashion-mnist-libsvm}"
idx=/usr/share/datasets/fashion-mnist
if [ ! -f "$work/fashion-mnist-train.svm" ]; then
  python3 "$root/bench/scripts/fashion-mnist-to-libsvm.py" "$work" "$idx"
fi
for ((r = 1; r <= runs; r++)); do
  for mode in direct ovr; do
    "$root/bin/perceptron" train --data "$work/fashion-mnist-train.svm" --test "$work/fashion-mnist-test.svm" \
      --multiclass "$mode" --algorithm averaged --epochs 10 --seed 42 --json --model "$work/model.bin" \
      | sed 's/^{/{"input":"libsvm",/'
    "$root/bin/perceptron" train --data "$work/fashion-mnist-train.svm" --test "$work/fashion-mnist-test.svm" \
      --multiclass "$mode" --algorithm averaged --epochs 10 --seed 42 --json --model "$work/model.bin" --no-prefetch \
      | sed 's/^{/{"input":"libsvm","prefetch":false,/'
    "$root/bin/perceptron" train --data "$idx/train-images-idx3-ubyte.gz" --test "$idx/t10k-images-idx3-ubyte.gz" \
      --multiclass "$mode" --algorithm averaged --epochs 10 --seed 42 --json --model "$work/model.bin" \
      | sed 's/^{/{"input":"idx",/'
  done
done
for algorithm in perceptron averaged; do
  /usr/bin/python3 "$root/bench/scripts/sklearn-fit.py" "$work/fashion-mnist-train.svm" "$work/fashion-mnist-test.svm" \
    --algorithm "$algorithm" --epochs 10
done
