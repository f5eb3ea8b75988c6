#!/usr/bin/python3
"""scikit-learn's side of the text comparison (text-comparison.sh), from the raw text files in
fastText's format (`__label__NAME words ...`; a line's first label is its class, the other
`__label__` tokens are dropped, the rest of the line is its text):

  HashingVectorizer(ngram_range=(1, 2), n_features=2**20, alternate_sign=False): lower-cased
      words of 2+ letters or digits (scikit-learn's default token_pattern), unigrams and bigrams,
      hashed counts, each document L2-normalised (the defaults but the n-grams and the sign);
  Perceptron(n_jobs=2, random_state=42): scikit-learn's defaults otherwise (up to 1000 epochs,
      stopping when the training loss improves by less than 1e-3 for 5 epochs, shuffled each
      epoch), one-vs-rest over the classes, the classes fitted on 2 processes.

  train --train TRAIN --test TEST [--model FILE]
      reads and vectorizes TRAIN, fits, saves the vectorizer and the model (pickle) to FILE when
      given, then scores TEST; prints one JSON line: read, vectorize and fit seconds, their sum
      (train_seconds, from the file to the model), epochs run, the test accuracy.
  predict --model FILE --data DATA [--output OUT]
      writes one predicted label a line (`__label__NAME`) for each line of DATA to OUT (default
      /dev/null), reading DATA in blocks of 100,000 lines so that memory does not grow with the file;
      prints one JSON line with the documents and seconds.

Deterministic: the hashing is fixed and the fit seeded.
"""
import argparse
import itertools
import json
import pickle
import sys
import time
import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.feature_extraction.text import HashingVectorizer
from sklearn.linear_model import Perceptron

PREFIX = "__label__"
BLOCK = 100_000


def vectorizer():
    return HashingVectorizer(ngram_range=(1, 2), n_features=2 ** 20, alternate_sign=False)


def split(line):
    """(first label or None, text) of one line of fastText's format."""
    label, words = None, []
    for w in line.split():
        if w.startswith(PREFIX):
            if label is None:
                label = w[len(PREFIX):]
        else:
            words.append(w)
    return label, " ".join(words)


def read(path):
    labels, texts = [], []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            label, text = split(line)
            if label is None:
                raise SystemExit(f"{path}:{n}: no {PREFIX} label")
            labels.append(label)
            texts.append(text)
    return labels, texts


def train(a):
    warnings.simplefilter("ignore", ConvergenceWarning)
    t0 = time.perf_counter()
    y, texts = read(a.train)
    t1 = time.perf_counter()
    v = vectorizer()
    x = v.transform(texts)
    t2 = time.perf_counter()
    m = Perceptron(n_jobs=2, random_state=42)
    m.fit(x, y)
    t3 = time.perf_counter()
    if a.model:
        with open(a.model, "wb") as f:
            pickle.dump((v, m), f, protocol=pickle.HIGHEST_PROTOCOL)
    yt, tt = read(a.test)
    t4 = time.perf_counter()
    accuracy = float(np.mean(m.predict(v.transform(tt)) == np.array(yt)))
    t5 = time.perf_counter()
    print(json.dumps({
        "tool": "scikit-learn", "setting": "HashingVectorizer(1,2) 2^20 + Perceptron",
        "train_documents": len(y), "classes": len(m.classes_), "features": x.shape[1],
        "epochs": int(m.n_iter_), "read_seconds": round(t1 - t0, 3), "vectorize_seconds": round(t2 - t1, 3),
        "fit_seconds": round(t3 - t2, 3), "train_seconds": round(t3 - t0, 3),
        "test_documents": len(yt), "test_seconds": round(t5 - t4, 3), "test_accuracy": round(accuracy, 4)}))


def predict(a):
    t0 = time.perf_counter()
    with open(a.model, "rb") as f:
        v, m = pickle.load(f)
    n = 0
    with open(a.data, encoding="utf-8") as f, open(a.output, "w", encoding="utf-8") as out:
        while True:
            block = list(itertools.islice(f, BLOCK))
            if not block:
                break
            labels = m.predict(v.transform([split(line)[1] for line in block]))
            out.write("".join(PREFIX + label + "\n" for label in labels))
            n += len(block)
    print(json.dumps({"tool": "scikit-learn", "predict_documents": n,
                      "predict_seconds": round(time.perf_counter() - t0, 3)}))


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="command", required=True)
    t = sub.add_parser("train")
    t.add_argument("--train", required=True)
    t.add_argument("--test", required=True)
    t.add_argument("--model")
    r = sub.add_parser("predict")
    r.add_argument("--model", required=True)
    r.add_argument("--data", required=True)
    r.add_argument("--output", default="/dev/null")
    a = p.parse_args()
    train(a) if a.command == "train" else predict(a)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
