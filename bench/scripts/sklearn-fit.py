#!/usr/bin/python3
"""scikit-learn's side of the command's comparisons: load libsvm files, fit a perceptron, print one
JSON line per fit with the fit's seconds (the figure compared with the command's train_seconds),
the load seconds and the test accuracy.

usage: sklearn-fit.py TRAIN [TEST] [--algorithm perceptron|averaged] [--epochs N] [--fits N]

perceptron: Perceptron(max_iter=N, tol=None, shuffle=True, random_state=42)
averaged:   SGDClassifier(loss="perceptron", learning_rate="constant", eta0=1, penalty=None,
            average=True, max_iter=N, tol=None, shuffle=True, random_state=42): the averaged
            perceptron. Both one-vs-rest over the classes (scikit-learn's only multi-class form).
"""
import argparse
import json
import time
import warnings

from sklearn.datasets import load_svmlight_file, load_svmlight_files
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import Perceptron, SGDClassifier


def main():
    p = argparse.ArgumentParser()
    p.add_argument("train")
    p.add_argument("test", nargs="?")
    p.add_argument("--algorithm", default="perceptron", choices=["perceptron", "averaged"])
    p.add_argument("--epochs", type=int, default=10)
    p.add_argument("--fits", type=int, default=1)
    a = p.parse_args()
    warnings.simplefilter("ignore", ConvergenceWarning)
    t0 = time.perf_counter()
    if a.test:
        x, y, xt, yt = load_svmlight_files([a.train, a.test])
    else:
        x, y = load_svmlight_file(a.train)
        xt, yt = None, None
    load = time.perf_counter() - t0
    for i in range(a.fits):
        if a.algorithm == "perceptron":
            m = Perceptron(max_iter=a.epochs, tol=None, shuffle=True, random_state=42)
        else:
            m = SGDClassifier(loss="perceptron", learning_rate="constant", eta0=1.0, penalty=None, average=True,
                              max_iter=a.epochs, tol=None, shuffle=True, random_state=42)
        t = time.perf_counter()
        m.fit(x, y)
        fit = time.perf_counter() - t
        out = {"fit": i + 1, "algorithm": a.algorithm, "epochs": a.epochs, "fit_seconds": round(fit, 4),
               "load_seconds": round(load, 3), "rows": x.shape[0], "features": x.shape[1]}
        if xt is not None:
            out["test_accuracy"] = round(float(m.score(xt, yt)), 4)
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
