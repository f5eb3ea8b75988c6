#!/usr/bin/env python3
"""scikit-learn's kernel peers of the kernel perceptron on libsvm text files: SVC (libsvm inside)
with the RBF kernel, or RBFSampler random features + Perceptron. Prints one JSON line: fit and
predict seconds (wall clock, the data already in memory), support vectors (SVC), test accuracy.

usage: kernel-svm-fit.py TRAIN TEST --method svc|rbf-sampler [--gamma G] [--C C] [--components N]
needs: Debian's python3-sklearn (/usr/bin/python3)
"""
import argparse
import json
import time

from sklearn.datasets import load_svmlight_files
from sklearn.kernel_approximation import RBFSampler
from sklearn.linear_model import Perceptron
from sklearn.svm import SVC


def main():
    p = argparse.ArgumentParser()
    p.add_argument("train")
    p.add_argument("test")
    p.add_argument("--method", choices=["svc", "rbf-sampler"], required=True)
    p.add_argument("--gamma", type=float, default=0.0102)
    p.add_argument("--C", type=float, default=10.0)
    p.add_argument("--components", type=int, default=4096)
    a = p.parse_args()
    x, y, xt, yt = load_svmlight_files([a.train, a.test], n_features=784)
    x = x.toarray()
    xt = xt.toarray()
    out = {"method": a.method, "rows": x.shape[0], "gamma": a.gamma}
    start = time.perf_counter()
    if a.method == "svc":
        model = SVC(kernel="rbf", gamma=a.gamma, C=a.C).fit(x, y)
        out["C"] = a.C
    else:
        sampler = RBFSampler(gamma=a.gamma, n_components=a.components, random_state=0)
        model = Perceptron(random_state=0).fit(sampler.fit_transform(x), y)
        out["components"] = a.components
    out["train_seconds"] = time.perf_counter() - start
    start = time.perf_counter()
    predicted = model.predict(xt) if a.method == "svc" else model.predict(sampler.transform(xt))
    out["predict_seconds"] = time.perf_counter() - start
    out["support_vectors"] = int(model.n_support_.sum()) if a.method == "svc" else None
    out["test_accuracy"] = float((predicted == yt).mean())
    print(json.dumps(out))


if __name__ == "__main__":
    main()
