#!/usr/bin/env python3
"""Log-loss, Brier score and expected calibration error of class probabilities, defined as
`perceptron eval` defines them (docs/probabilities.md): log-loss -(1/n) sum log max(p_true, 1e-15);
Brier (1/n) sum_i sum_k (p_ik - [k = y_i])^2; ECE over 15 equal-width bins (b/15, (b+1)/15] of
the top probability c, sum over bins of (n_b / n) |accuracy_b - mean c_b|, accuracy_b the fraction
of the bin whose most probable class is the true one. Also the accuracy of the predicted labels.

Reads the true labels from a libsvm file and the probabilities from `svm-predict -b 1`'s output
(a header `labels L1 L2 ...`, then `predicted p1 p2 ...` per row). Prints one JSON object.
A row whose true label is not among the header's counts with probability 0 (clipped).

usage: proba-metrics.py TEST.svm SVM_PREDICT_B1_OUTPUT
"""
import json
import math
import sys

BINS = 15
CLIP = 1e-15


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    truth = []
    with open(sys.argv[1]) as f:
        for line in f:
            if line.strip():
                truth.append(line.split(None, 1)[0])
    with open(sys.argv[2]) as f:
        header = f.readline().split()
        if not header or header[0] != "labels":
            sys.exit(f"{sys.argv[2]}:1: expected 'labels ...' (the output of svm-predict -b 1)")
        labels = header[1:]
        rows = [line.split() for line in f if line.strip()]
    if len(rows) != len(truth):
        sys.exit(f"{sys.argv[2]}: {len(rows)} rows of probabilities, {sys.argv[1]}: {len(truth)} rows")
    n = len(rows)
    log_loss = brier = 0.0
    correct = 0
    count = [0] * BINS
    conf = [0.0] * BINS
    hits = [0] * BINS
    for i, (r, t) in enumerate(zip(rows, truth)):
        p = [float(v) for v in r[1:]]
        if len(p) != len(labels):
            sys.exit(f"{sys.argv[2]}:{i + 2}: {len(p)} probabilities for {len(labels)} labels")
        # labels may be written as 1 or 1.0: compare as numbers when they are numbers
        k = next((j for j, l in enumerate(labels) if same(l, t)), -1)
        log_loss -= math.log(max(p[k] if k >= 0 else 0.0, CLIP))
        brier += sum((q - (1.0 if j == k else 0.0)) ** 2 for j, q in enumerate(p))
        top = max(range(len(p)), key=lambda j: (p[j], -j))
        correct += same(r[0], t)
        b = min(BINS - 1, max(0, math.ceil(p[top] * BINS) - 1))
        count[b] += 1
        conf[b] += p[top]
        hits[b] += top == k
    ece = sum(abs(hits[b] / count[b] - conf[b] / count[b]) * count[b] / n for b in range(BINS) if count[b])
    print(json.dumps({"rows": n, "accuracy": correct / n, "log_loss": log_loss / n, "brier_score": brier / n,
                      "ece": ece}))


def same(a, b):
    try:
        return float(a) == float(b)
    except ValueError:
        return a == b


if __name__ == "__main__":
    main()
