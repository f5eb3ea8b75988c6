#!/usr/bin/env bash
# Writes the model files of docs/examples (binary: every algorithm; three classes: every
# multi-class learner, direct and one-vs-rest; raw text: three vectorizer settings) and of Fashion-MNIST (averaged, direct and
# one-vs-rest, 10 epochs, seed 42, from the libsvm text and from the IDX files) with a given
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
for mode in direct ovr; do
  train "fashion-libsvm-$mode" --data "$work/fashion-mnist-train.svm" --multiclass "$mode" --algorithm averaged --epochs 10
  train "fashion-idx-$mode" --data "$idx/train-images-idx3-ubyte.gz" --multiclass "$mode" --algorithm averaged --epochs 10
done
ls "$out" | wc -l | xargs echo "model files written to $out:"
