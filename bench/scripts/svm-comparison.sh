#!/usr/bin/env bash
# The kernel learners and calibrated probabilities beside LIBSVM on Fashion-MNIST: the first ROWS
# training rows (default 10,000), tested on the 10,000 test rows, pixels scaled to [0, 1]
# (fashion-mnist-to-libsvm.py), RBF gamma 0.0102, in one run:
#   LIBSVM   svm-train -t 2 -g 0.0102 -c 10, svm-predict;
#            svm-train -b 1 (the same, with Platt probabilities from 5-fold cross-validation),
#            svm-predict -b 1, its probabilities scored by proba-metrics.py;
#   ours     `perceptron train --kernel rbf --multiclass direct --seed 42` with each learner and
#            gamma of the list below, then `perceptron eval --json` of the test file (accuracy,
#            and for a calibrated model log-loss, Brier score and expected calibration error).
# Every time is a whole process's wall time (reading the files included): train and predict/eval.
# Prints one tab-separated table (method, rows, train_seconds, predict_seconds, support_vectors,
# accuracy, log_loss, brier, ece) and writes it as OUT.tsv and OUT.json (one object per line).
# svm-train -b 1 takes minutes: --skip-libsvm leaves LIBSVM out (then only our lines are timed).
#
# usage: bench/scripts/svm-comparison.sh [--rows N] [--skip-libsvm] [--only NAME[,NAME...]] [--work DIR]
#          [--out PREFIX]     (default PREFIX: bench/results/svm-comparison-jdk<java major>)
# needs: Debian packages dataset-fashion-mnist, libsvm-tools (installed when missing); python3
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
. "$root/bench/scripts/debian-packages.sh"
install_missing dataset-fashion-mnist libsvm-tools
rows=10000
skip_libsvm=0
only=""
work=/tmp/fashion-mnist-libsvm
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --rows) rows="$2"; shift 2 ;;
    --skip-libsvm) skip_libsvm=1; shift ;;
    --only) only=",$2,"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
gamma=0.0102
if [ -z "$out" ]; then
  major=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
  out="$root/bench/results/svm-comparison-jdk$major"
fi
mkdir -p "$work"
if [ ! -f "$work/fashion-mnist-train.svm" ]; then
  python3 "$root/bench/scripts/fashion-mnist-to-libsvm.py" "$work" /usr/share/datasets/fashion-mnist
fi
train="$work/train-$rows.svm"
test="$work/fashion-mnist-test.svm"
head -n "$rows" "$work/fashion-mnist-train.svm" > "$train"

# Our learners: NAME|ARGUMENTS of `perceptron train` besides --data, --kernel rbf, --multiclass
# direct, --seed 42 and --model (the default learner is the averaged margin perceptron, tau 7,
# 50 epochs; before it, averaged with 10 epochs; the default gamma, 1 / (d Var X), is 0.0102 on
# the first 10,000 rows).
ours=(
  "defaults|"
  "averaged|--algorithm averaged"
  "gamma-0.015|--algorithm averaged --gamma 0.015 --epochs 20"
  "gamma-0.02|--algorithm averaged --gamma 0.02 --epochs 20"
  "margin|--gamma 0.02 --algorithm margin --margin 5 --epochs 20"
  "pa1|--gamma $gamma --algorithm pa1 --aggressiveness 0.1"
  "gamma-0.015-calibrate|--algorithm averaged --gamma 0.015 --epochs 20 --calibrate 0.1"
  "gamma-0.015-calibrate-folds|--algorithm averaged --gamma 0.015 --epochs 20 --calibrate-folds 5"
)

now() { date +%s.%N; }
seconds() { awk "BEGIN { printf \"%.3f\", $2 - $1 }"; }
tsv="$work/svm-comparison.tsv"
printf 'method\trows\ttrain_seconds\tpredict_seconds\tsupport_vectors\taccuracy\tlog_loss\tbrier\tece\n' > "$tsv"
# line METHOD TRAIN_S PREDICT_S SV ACCURACY LOG_LOSS BRIER ECE: one row of the table, printed and kept
line() {
  local IFS=$'\t'
  printf '%s\n' "$1" "$rows" "${@:2}" | paste -sd '\t' >> "$tsv"
  tail -n 1 "$tsv"
}
head -n 1 "$tsv"

if [ "$skip_libsvm" = 0 ]; then
  t0=$(now)
  svm-train -q -t 2 -g "$gamma" -c 10 "$train" "$work/libsvm.model"
  t1=$(now)
  acc=$(svm-predict "$test" "$work/libsvm.model" "$work/libsvm.out" | sed -n 's/^Accuracy = \([0-9.]*\)%.*/\1/p')
  t2=$(now)
  line "libsvm svm-train -c 10" "$(seconds "$t0" "$t1")" "$(seconds "$t1" "$t2")" \
    "$(sed -n 's/^total_sv //p' "$work/libsvm.model")" "$(awk "BEGIN { printf \"%.4f\", $acc / 100 }")" - - -
  t0=$(now)
  svm-train -q -b 1 -t 2 -g "$gamma" -c 10 "$train" "$work/libsvm-b1.model"
  t1=$(now)
  svm-predict -b 1 "$test" "$work/libsvm-b1.model" "$work/libsvm-b1.out" > /dev/null
  t2=$(now)
  m=$(python3 "$root/bench/scripts/proba-metrics.py" "$test" "$work/libsvm-b1.out")
  line "libsvm svm-train -b 1 -c 10" "$(seconds "$t0" "$t1")" "$(seconds "$t1" "$t2")" \
    "$(sed -n 's/^total_sv //p' "$work/libsvm-b1.model")" \
    $(echo "$m" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(*("%.4f" % d[k] for k in ("accuracy","log_loss","brier_score","ece")))')
fi

"$root/bin/perceptron" info > /dev/null   # builds the command and its start-up archive, untimed
for entry in "${ours[@]}"; do
  name="${entry%%|*}"
  args="${entry#*|}"
  if [ -n "$only" ] && [[ "$only" != *",$name,"* ]]; then
    continue
  fi
  t0=$(now)
  # shellcheck disable=SC2086
  r=$("$root/bin/perceptron" train --data "$train" --kernel rbf --multiclass direct --seed 42 \
    --json --model "$work/svm-comparison-$name.bin" $args)
  t1=$(now)
  e=$("$root/bin/perceptron" eval --model "$work/svm-comparison-$name.bin" --data "$test" --json)
  t2=$(now)
  line "perceptron --kernel rbf ${args:-(defaults)}" "$(seconds "$t0" "$t1")" "$(seconds "$t1" "$t2")" \
    $(printf '%s\n%s\n' "$r" "$e" | python3 -c '
import json, sys
r, e = (json.loads(l) for l in sys.stdin.read().split("\n") if l.strip())
f = lambda v: "-" if v is None else "%.4f" % v
print(r["support_vectors"], f(e["accuracy"]), f(e.get("log_loss")), f(e.get("brier_score")), f(e.get("ece")))')
done

cp "$tsv" "$out.tsv"
python3 - "$tsv" > "$out.json" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().split("\n")
keys = lines[0].split("\t")
for l in lines[1:]:
    if l:
        print(json.dumps({k: (v if k == "method" or v == "-" else float(v)) for k, v in zip(keys, l.split("\t"))}))
PY
echo "wrote $out.tsv and $out.json" >&2
