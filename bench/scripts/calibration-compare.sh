#!/usr/bin/env bash
# Compares the two K-class calibrations (temperature, ovr-platt) by log-loss, Brier score and
# expected calibration error on held-out test data: docs/examples/three (3 classes), a generated
# 5-class set (calibration-data.py) and Fashion-MNIST (IDX, when /usr/share/datasets/fashion-mnist
# holds it). Each model is the averaged perceptron, direct multi-class and one-vs-rest, trained on
# 90% of the training file (--calibrate 0.1, seed 42, so both methods see the same model and the
# same held-out rows). Prints one tab-separated line per run. Quality only: nothing is timed.
# usage: bench/scripts/calibration-compare.sh [WORK_DIR]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="${1:-/tmp/calibration-compare}"
mkdir -p "$work"
python3 "$root/bench/scripts/calibration-data.py" "$work"
sets=("three|$root/docs/examples/three-train.svm|$root/docs/examples/three-test.svm"
  "gen5|$work/gen5-train.svm|$work/gen5-test.svm")
fm=/usr/share/datasets/fashion-mnist
if [ -f "$fm/train-images-idx3-ubyte.gz" ]; then
  sets+=("fashion-mnist|$fm/train-images-idx3-ubyte.gz|$fm/t10k-images-idx3-ubyte.gz")
fi
printf 'set\tlearner\tmethod\taccuracy\tlog_loss\tbrier\tece\n'
for s in "${sets[@]}"; do
  IFS='|' read -r name train test <<<"$s"
  for multiclass in direct ovr; do
    for method in temperature ovr-platt; do
      model="$work/$name-$multiclass-$method.model"
      "$root/bin/perceptron" train --data "$train" --model "$model" --algorithm averaged --multiclass "$multiclass" \
        --epochs 10 --seed 42 --calibrate 0.1 --calibration "$method" --json >/dev/null 2>&1
      "$root/bin/perceptron" eval --model "$model" --data "$test" --json \
        | python3 -c 'import json,sys; r=json.load(sys.stdin); print("\t".join(sys.argv[1:4] + ["%.4f" % r[k] for k in ("accuracy","log_loss","brier_score","ece")]))' \
          "$name" "$multiclass" "$method"
    done
  done
done
