#!/usr/bin/env bash
# Probabilities of the linear averaged perceptron beside scikit-learn's LogisticRegression on all
# of Fashion-MNIST (60,000 training rows, 10,000 test rows, the libsvm text of
# fashion-mnist-to-libsvm.py, pixels in [0, 1]), the same files for both:
#   ours     `perceptron train --algorithm averaged --multiclass direct --epochs 10 --seed 42` with
#            --calibrate 0.1 and with --calibrate-folds 5, then `perceptron eval --json` of the test file;
#   sklearn  sklearn-logistic.py: LogisticRegression(C=1, lbfgs, max_iter 100), in one process.
# Times are whole processes' wall seconds (reading the files included; for scikit-learn also its
# fit call alone). Prints one tab-separated table (method, train_seconds, predict_seconds,
# accuracy, log_loss, brier, ece) and writes OUT.tsv and OUT.json.
#
# usage: bench/scripts/linear-proba-comparison.sh [--work DIR] [--out PREFIX] [--max-iter N]
#          (default PREFIX: bench/results/linear-proba-jdk<java major>)
# needs: Debian packages dataset-fashion-mnist, python3-sklearn (installed when missing)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
. "$root/bench/scripts/debian-packages.sh"
install_missing dataset-fashion-mnist python3-sklearn
work=/tmp/fashion-mnist-libsvm
out=""
max_iter=100
while [ $# -gt 0 ]; do
  case "$1" in
    --work) work="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --max-iter) max_iter="$2"; shift 2 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
if [ -z "$out" ]; then
  major=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
  out="$root/bench/results/linear-proba-jdk$major"
fi
mkdir -p "$work"
if [ ! -f "$work/fashion-mnist-train.svm" ]; then
  python3 "$root/bench/scripts/fashion-mnist-to-libsvm.py" "$work" /usr/share/datasets/fashion-mnist
fi
train="$work/fashion-mnist-train.svm"
test="$work/fashion-mnist-test.svm"
now() { date +%s.%N; }
seconds() { awk "BEGIN { printf \"%.3f\", $2 - $1 }"; }
tsv="$work/linear-proba.tsv"
printf 'method\ttrain_seconds\tpredict_seconds\taccuracy\tlog_loss\tbrier\tece\n' | tee "$tsv"

"$root/bin/perceptron" info > /dev/null   # builds the command and its start-up archive, untimed
for calibrate in "--calibrate 0.1" "--calibrate-folds 5"; do
  t0=$(now)
  # shellcheck disable=SC2086
  "$root/bin/perceptron" train --data "$train" --algorithm averaged --multiclass direct --epochs 10 --seed 42 \
    $calibrate --json --model "$work/linear-proba.bin" > /dev/null
  t1=$(now)
  e=$("$root/bin/perceptron" eval --model "$work/linear-proba.bin" --data "$test" --json)
  t2=$(now)
  printf '%s\t%s\t%s\t%s\n' "perceptron averaged $calibrate" "$(seconds "$t0" "$t1")" "$(seconds "$t1" "$t2")" \
    "$(echo "$e" | python3 -c 'import json,sys; d=json.load(sys.stdin); print("\t".join("%.4f" % d[k] for k in ("accuracy","log_loss","brier_score","ece")))')" \
    | tee -a "$tsv"
done
t0=$(now)
r=$(/usr/bin/python3 "$root/bench/scripts/sklearn-logistic.py" "$train" "$test" --max-iter "$max_iter")
t1=$(now)
echo "$r" > "$work/linear-proba-sklearn.json"
printf '%s\t%s\t%s\n' "sklearn LogisticRegression (fit call $(echo "$r" | python3 -c 'import json,sys; print(json.load(sys.stdin)["fit_seconds"])') s)" \
  "$(seconds "$t0" "$t1")" \
  "$(echo "$r" | python3 -c 'import json,sys; d=json.load(sys.stdin); print("\t".join(["-"] + ["%.4f" % d[k] for k in ("accuracy","log_loss","brier_score","ece")]))')" \
  | tee -a "$tsv"
cp "$tsv" "$out.tsv"
python3 - "$tsv" "$work/linear-proba-sklearn.json" > "$out.json" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().split("\n")
keys = lines[0].split("\t")
for l in lines[1:]:
    if l:
        print(json.dumps({k: (v if k == "method" or v == "-" else float(v)) for k, v in zip(keys, l.split("\t"))}))
print(json.dumps({"sklearn": json.load(open(sys.argv[2]))}))
PY
echo "wrote $out.tsv and $out.json" >&2
