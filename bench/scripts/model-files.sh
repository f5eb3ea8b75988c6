#!/usr/bin/env bash
# Writes the model files of docs/examples (binary: every algorithm; three classes: every
# multi-class learner, direct and one-vs-rest; raw text: three vectorizer settings) and of Fashion-MNIST (averaged, direct and
# one-vs-rest, 10 epochs, seed 42, from the libsvm text and from the IDX files), and kernel
# perceptrons (the examples, dense and sparse rows; the first 2,000 Fashion-MNIST rows) with the
# scores of their test rows (predict --scores: the Gram blocks of prediction), with a given
# command jar, one file per run, named for it. Two jars' directories compare with
# `cmp` (or `diff -r`): a change that must not change the models keeps every file byte for byte.
#
# usage: bench/scripts/model-files.sh JAR OUT_DIR [WORK_DIR]
#   e.g. bench/scripts/model-files.sh cli/target/perceptron.jar /tmp/models-new
#        (build an older commit's jar in a `git worktree` to get the other side)
# needs: Debian package dataset-fashion-mnist, /usr/bin/python3 (for the libsvm conversion)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
jar="$1"
out="$2"
work="${3:-/tmp/fashion-mnist-libsvm}"
idx=/usr/share/datasets/fashion-mnist
ex="$root/docs/examples"
mkdir -p "$out"
train() {
  java --add-modules jdk.incubator.vector -jar "$jar" train --seed 42 --model "$out/$1.bin" "${@:2}" >/dev/null 2>&1 \
    || { echo "train $1 failed" >&2; exit 1; }
}
for a in perceptron pla pocket voted averaged margin; do
  train "small-$a" --data "$ex/small-train.svm" --algorithm "$a"
done
for a in perceptron averaged; do
  train "three-direct-$a" --data "$ex/three-train.svm" --multiclass direct --algorithm "$a"
done
for a in perceptron pla pocket averaged margin; do
  train "three-ovr-$a" --data "$ex/three-train.svm" --multiclass ovr --algorithm "$a"
done
train "text-default" --data "$ex/text-train.txt"
train "text-hashed-subwords" --data "$ex/text-train.txt" --hash-bits 14 --char-ngrams 2,4 --values count
train "text-ovr-binary" --data "$ex/text-train.txt" --multiclass ovr --algorithm averaged --values binary --no-l2
if [ ! -f "$work/fashion-mnist-train.svm" ]; then
  /usr/bin/python3 "$root/bench/scripts/fashion-mnist-to-libsvm.py" "$work" "$idx"
fi
scores() {
  java --add-modules jdk.incubator.vector -jar "$jar" predict --scores --model "$out/$1.bin" --data "$2" \
    --output "$out/$1.scores" >/dev/null 2>&1 || { echo "predict $1 failed" >&2; exit 1; }
}
kernel() {
  train "$1" --data "$2" "${@:4}"
  scores "$1" "$3"
}
kernel small-kernel-rbf "$ex/small-train.svm" "$ex/small-test.svm" --kernel rbf
kernel small-kernel-poly-voted "$ex/small-train.svm" "$ex/small-test.svm" --kernel poly --algorithm voted
kernel small-kernel-rbf-budget "$ex/small-train.svm" "$ex/small-test.svm" --kernel rbf --budget 5
kernel three-kernel-rbf "$ex/three-train.svm" "$ex/three-test.svm" --kernel rbf
kernel three-kernel-poly-pa1 "$ex/three-train.svm" "$ex/three-test.svm" --kernel poly --algorithm pa1 --average
# Sparse rows (libsvm, 2,000 features, a few non-zeros a row; with values, and binary), seeded.
/usr/bin/python3 - "$work" <<'PY'
import random, sys
rng = random.Random(7)
for name, rows, binary in (("train", 600, False), ("test", 300, False), ("binary-train", 600, True), ("binary-test", 300, True)):
    with open(f"{sys.argv[1]}/sparse-{name}.svm", "w") as f:
        for _ in range(rows):
            label = rng.randrange(3)
            feats = sorted(rng.sample(range(1, 2001), rng.randrange(3, 12)) + [1 + label])
            feats = sorted(set(feats))
            f.write(str(label) + "".join(f" {j}:{1 if binary else rng.randrange(1, 9) / 4}" for j in feats) + "\n")
PY
kernel sparse-kernel-rbf "$work/sparse-train.svm" "$work/sparse-test.svm" --kernel rbf
kernel sparse-kernel-linear-margin "$work/sparse-train.svm" "$work/sparse-test.svm" --kernel linear --algorithm margin
kernel sparse-binary-kernel-poly "$work/sparse-binary-train.svm" "$work/sparse-binary-test.svm" --kernel poly
for mode in direct ovr; do
  train "fashion-libsvm-$mode" --data "$work/fashion-mnist-train.svm" --multiclass "$mode" --algorithm averaged --epochs 10
  train "fashion-idx-$mode" --data "$idx/train-images-idx3-ubyte.gz" --multiclass "$mode" --algorithm averaged --epochs 10
done
head -2000 "$work/fashion-mnist-train.svm" > "$work/fashion-mnist-train-2000.svm"
head -1000 "$work/fashion-mnist-test.svm" > "$work/fashion-mnist-test-1000.svm"
kernel fashion-kernel-rbf "$work/fashion-mnist-train-2000.svm" "$work/fashion-mnist-test-1000.svm" --kernel rbf --epochs 2
kernel fashion-kernel-poly-averaged-budget "$work/fashion-mnist-train-2000.svm" "$work/fashion-mnist-test-1000.svm" \
  --kernel poly --epochs 2 --budget 300
ls "$out" | wc -l | xargs echo "model and score files written to $out:"
