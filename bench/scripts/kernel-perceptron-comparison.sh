#!/usr/bin/env bash
# The kernel perceptron on Fashion-MNIST beside the kernel peers, on the first ROWS training rows
# (default 10,000; all 60,000 with --all), tested on the 10,000 test rows: LIBSVM's svm-train /
# svm-predict (RBF, -g 0.0102 -c 10), scikit-learn's SVC (same kernel, gamma and C),
# RBFSampler(4096) + Perceptron, and `perceptron train --kernel` (rbf with gamma 0.0102 and with
# gamma 0.02, and poly degree 3 coef0 1 with the scale gamma; averaged, --multiclass direct,
# 5 epochs) with the averaged
# linear perceptron beside it. Pixels are scaled to [0, 1] as fashion-mnist-to-libsvm.py writes them.
# Prints one tab-separated line per method: method, rows, train seconds, predict seconds, support
# vectors, test accuracy, and the train and predict ranges. Every time is a whole process's wall
# time (reading the files included), except scikit-learn's, which are its fit and predict calls
# alone. The command's runs are repeated --runs times (default 1), alternating the methods, and
# their line gives the medians and the ranges (min-max). LIBSVM's svm-train runs --peer-runs times
# (default 1, at most --runs), one in each of the first rounds of the command's runs, and its line
# gives the median and range of its training times; svm-predict runs once, on the last model. The
# other peers run once. On 60,000 rows LIBSVM and SVC take hours: --skip-svm leaves them out.
#
# usage: bench/scripts/kernel-perceptron-comparison.sh [--rows N | --all] [--skip-svm] [--epochs E] [--runs R]
#          [--peer-runs P] [--work DIR]
# needs: Debian packages dataset-fashion-mnist, libsvm-tools, python3-sklearn (installed when missing)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
. "$root/bench/scripts/debian-packages.sh"
install_missing dataset-fashion-mnist libsvm-tools python3-sklearn
rows=10000
skip_svm=0
epochs=5
runs=1
peer_runs=1
work=/tmp/fashion-mnist-libsvm
while [ $# -gt 0 ]; do
  case "$1" in
    --rows) rows="$2"; shift 2 ;;
    --all) rows=60000; shift ;;
    --skip-svm) skip_svm=1; shift ;;
    --epochs) epochs="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --peer-runs) peer_runs="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
if [ "$peer_runs" -lt 1 ] || [ "$peer_runs" -gt "$runs" ]; then
  echo "--peer-runs must be between 1 and --runs ($runs), got $peer_runs" >&2
  exit 2
fi
gamma=0.0102
if [ ! -f "$work/fashion-mnist-train.svm" ]; then
  python3 "$root/bench/scripts/fashion-mnist-to-libsvm.py" "$work" /usr/share/datasets/fashion-mnist
fi
train="$work/train-$rows.svm"
test="$work/fashion-mnist-test.svm"
head -n "$rows" "$work/fashion-mnist-train.svm" > "$train"

now() { date +%s.%N; }
seconds() { awk "BEGIN { printf \"%.3f\", $2 - $1 }"; }
json() { /usr/bin/python3 -c "import json,sys; d=json.load(sys.stdin); print(d$1)"; }
row() { local IFS=$'\t'; printf '%s\n' "$*"; }

row method rows train_seconds predict_seconds support_vectors test_accuracy train_range predict_range
if [ "$skip_svm" = 0 ]; then
  line=$(/usr/bin/python3 "$root/bench/scripts/kernel-svm-fit.py" "$train" "$test" --method svc --gamma "$gamma" --C 10)
  row "scikit-learn SVC rbf" "$rows" "$(echo "$line" | json "['train_seconds']")" \
    "$(echo "$line" | json "['predict_seconds']")" "$(echo "$line" | json "['support_vectors']")" \
    "$(echo "$line" | json "['test_accuracy']")" - -
fi
line=$(/usr/bin/python3 "$root/bench/scripts/kernel-svm-fit.py" "$train" "$test" --method rbf-sampler --gamma "$gamma")
row "scikit-learn RBFSampler(4096)+Perceptron" "$rows" "$(echo "$line" | json "['train_seconds']")" \
  "$(echo "$line" | json "['predict_seconds']")" "-" "$(echo "$line" | json "['test_accuracy']")" - -

# ours NAME ARGS...: one timed train (whole process) and eval of the test file; appends the
# times to $work/NAME.times and keeps the support vectors and accuracy of the run.
ours() {
  local name="$1"
  shift
  local line t0 t1 t2 eval
  t0=$(now)
  line=$("$root/bin/perceptron" train --data "$train" --algorithm averaged --multiclass direct --epochs "$epochs" \
    --seed 42 --json --model "$work/kernel.bin" "$@")
  t1=$(now)
  eval=$("$root/bin/perceptron" eval --model "$work/kernel.bin" --data "$test" --json)
  t2=$(now)
  printf '%s\t%s\t%s\t%s\n' "$(seconds "$t0" "$t1")" "$(seconds "$t1" "$t2")" \
    "$(echo "$line" | json ".get('support_vectors') or '-'")" "$(echo "$eval" | json "['accuracy']")" \
    >> "$work/$name.times"
}
# summary NAME LABEL: the medians and ranges of NAME's runs as a line of the table.
summary() {
  /usr/bin/python3 - "$work/$1.times" "$2" "$rows" <<'PY'
import statistics, sys
runs = [l.split('\t') for l in open(sys.argv[1]).read().split('\n') if l]
train = sorted(float(r[0]) for r in runs)
predict = sorted(float(r[1]) for r in runs)
print('\t'.join([sys.argv[2], sys.argv[3], f'{statistics.median(train):.3f}', f'{statistics.median(predict):.3f}',
                 runs[-1][2], runs[-1][3].strip(), f'{train[0]:.3f}-{train[-1]:.3f}', f'{predict[0]:.3f}-{predict[-1]:.3f}']))
PY
}
"$root/bin/perceptron" info > /dev/null   # builds the command and its start-up archive, untimed
names=(rbf rbf02 poly linear)
labels=("perceptron --kernel rbf (averaged)" "perceptron --kernel rbf gamma 0.02 (averaged)"
  "perceptron --kernel poly (averaged)" "perceptron averaged linear")
for n in "${names[@]}" libsvm; do rm -f "$work/$n.times"; done
for ((r = 0; r < runs; r++)); do
  if [ "$skip_svm" = 0 ] && [ "$r" -lt "$peer_runs" ]; then
    t0=$(now)
    svm-train -q -t 2 -g "$gamma" -c 10 "$train" "$work/libsvm.model"
    t1=$(now)
    printf '%s\n' "$(seconds "$t0" "$t1")" >> "$work/libsvm.times"
  fi
  ours rbf --kernel rbf --gamma "$gamma"
  ours rbf02 --kernel rbf --gamma 0.02
  ours poly --kernel poly --degree 3 --coef0 1
  ours linear
done
if [ "$skip_svm" = 0 ]; then
  t1=$(now)
  acc=$(svm-predict "$test" "$work/libsvm.model" "$work/libsvm.out" | sed -n 's/^Accuracy = \([0-9.]*\)%.*/\1/p')
  t2=$(now)
  sv=$(sed -n 's/^total_sv //p' "$work/libsvm.model")
  /usr/bin/python3 - "$work/libsvm.times" "$rows" "$(seconds "$t1" "$t2")" "$sv" "$acc" <<'PY'
import statistics, sys
train = sorted(float(l) for l in open(sys.argv[1]).read().split())
print('\t'.join(['libsvm svm-train rbf', sys.argv[2], f'{statistics.median(train):.3f}', sys.argv[3], sys.argv[4],
                 f'{float(sys.argv[5]) / 100:.4f}', f'{train[0]:.3f}-{train[-1]:.3f}', '-']))
PY
fi
for i in "${!names[@]}"; do summary "${names[$i]}" "${labels[$i]}"; done
