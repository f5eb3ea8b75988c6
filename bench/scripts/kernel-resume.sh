#!/usr/bin/env bash
# The kernel perceptron resumed: one run of 5 epochs against 2 epochs with --save-state and 3 more
# with --resume, on the first 10,000 Fashion-MNIST rows (whole processes, three rounds); checks that
# the two final model files are identical and prints the times and sizes.
# usage: bench/scripts/kernel-resume.sh TRAIN_10000.svm [WORK_DIR]
#   (bench/scripts/fashion-mnist-to-libsvm.py writes the rows; take the first 10,000 lines)
set -u
root="$(cd "$(dirname "$0")/../.." && pwd)"
J="$root/bin/perceptron"
D="$1"
mkdir -p "${2:-/tmp/kernel-resume}"
cd "${2:-/tmp/kernel-resume}"
for round in 1 2 3; do
  s=$(date +%s.%N); $J train --data $D --kernel rbf --epochs 5 --model one.bin >/dev/null 2>&1; e=$(date +%s.%N)
  one=$(echo "$e - $s" | bc)
  s=$(date +%s.%N); $J train --data $D --kernel rbf --epochs 2 --save-state --model a.bin >/dev/null 2>&1; m=$(date +%s.%N)
  $J train --resume a.bin --data $D --epochs 3 --model b.bin >/dev/null 2>&1; e=$(date +%s.%N)
  first=$(echo "$m - $s" | bc); second=$(echo "$e - $m" | bc)
  same=$(cmp -s one.bin b.bin && echo identical || echo DIFFERENT)
  echo "round $round: one run 5 epochs ${one}s; 2 epochs --save-state ${first}s + --resume 3 ${second}s; files $same; sizes one $(stat -c %s one.bin) state $(stat -c %s a.bin)"
done
