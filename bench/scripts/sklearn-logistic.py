#!/usr/bin/python3
"""scikit-learn's LogisticRegression on libsvm files, the probabilistic peer of the calibrated
linear perceptron: LogisticRegression(C=1, solver="lbfgs", max_iter=MAX_ITER) (multinomial on K
classes), fitted on TRAIN, scored on TEST. Prints one JSON line: load, fit and predict seconds
(wall clock), iterations, accuracy, log-loss, Brier score (summed over the classes) and expected
calibration error over 15 bins of the top probability, as `perceptron eval` defines them.

usage: sklearn-logistic.py TRAIN TEST [--max-iter N]
needs: Debian's python3-sklearn (/usr/bin/python3)
"""
import argparse
import json
import time
import warnings

import numpy as np
from sklearn.datasets import load_svmlight_files
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LogisticRegression


def metrics(p, y):
    n, k = p.shape
    truth = p[np.arange(n), y]
    log_loss = float(-np.mean(np.log(np.maximum(truth, 1e-15))))
    onehot = np.zeros_like(p)
    onehot[np.arange(n), y] = 1
    brier = float(np.mean(np.sum((p - onehot) ** 2, axis=1)))
    top = np.argmax(p, axis=1)
    c = p[np.arange(n), top]
    bins = np.clip(np.ceil(c * 15).astype(int) - 1, 0, 14)
    ece = 0.0
    for b in range(15):
        m = bins == b
        if m.any():
            ece += m.sum() / n * abs(np.mean(top[m] == y[m]) - np.mean(c[m]))
    return log_loss, brier, float(ece)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("train")
    p.add_argument("test")
    p.add_argument("--max-iter", type=int, default=100)
    a = p.parse_args()
    t = time.perf_counter()
    x, y, xt, yt = load_svmlight_files([a.train, a.test])
    load = time.perf_counter() - t
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ConvergenceWarning)
        t = time.perf_counter()
        model = LogisticRegression(C=1.0, solver="lbfgs", max_iter=a.max_iter).fit(x, y)
        fit = time.perf_counter() - t
    t = time.perf_counter()
    proba = model.predict_proba(xt)
    predict = time.perf_counter() - t
    index = {c: i for i, c in enumerate(model.classes_)}
    truth = np.array([index[v] for v in yt])
    log_loss, brier, ece = metrics(proba, truth)
    print(json.dumps({"method": "LogisticRegression", "rows": x.shape[0], "max_iter": a.max_iter,
                      "iterations": int(np.max(model.n_iter_)),
                      "converged": not any(issubclass(w.category, ConvergenceWarning) for w in caught),
                      "load_seconds": round(load, 3), "fit_seconds": round(fit, 3),
                      "predict_seconds": round(predict, 3),
                      "accuracy": round(float(np.mean(np.argmax(proba, axis=1) == truth)), 4),
                      "log_loss": round(log_loss, 4), "brier_score": round(brier, 4), "ece": round(ece, 4)}))


if __name__ == "__main__":
    main()
