#!/usr/bin/python3
"""The kernel perceptron with its default settings beside scikit-learn's SVC on the small sets
bundled with scikit-learn: load_digits (1,797 rows, 64 features, 10 classes) and
load_breast_cancer (569 rows, 30 features, 2 classes). For each set, scaling and seed: a seeded
split of 2/3 training and 1/3 test rows (train_test_split, stratified by class), features
scaled to [0, 1] (MinMaxScaler) or standardised (StandardScaler), both fitted on the training
rows; SVC(C=10, gamma="scale") fitted and scored in process; the same rows written as libsvm
files and `bin/perceptron train --kernel rbf --data TRAIN --test TEST` run as a whole process
with nothing else (the command's defaults: the averaged margin perceptron, tau 7, 50 epochs, the
scale gamma, seed 0), and with the arguments of each further setting (--settings LABEL=ARGS,
repeated; by default the averaged perceptron with 10 epochs, the kernel default before the
averaged margin perceptron, and PA).

Prints one tab-separated line per set, scaling and seed, then the mean over the seeds, and writes
the lines as TSV and JSON (--out PREFIX: PREFIX.tsv, PREFIX.json). Times are wall seconds: SVC's
fit plus predict, and the command's whole process (train with --test: reading, training,
scoring the test rows); they mean something only on a quiet machine.

usage: sklearn-small-sets.py [--seeds N] [--out PREFIX] [--work DIR] [--settings LABEL=ARGS]...
needs: Debian's python3-sklearn (/usr/bin/python3); the command built by bin/perceptron
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

from sklearn.datasets import load_breast_cancer, load_digits
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import MinMaxScaler, StandardScaler
from sklearn.svm import SVC

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SETS = {"digits": load_digits, "breast_cancer": load_breast_cancer}
SCALERS = {"minmax": MinMaxScaler, "standard": StandardScaler}
DEFAULT_SETTINGS = ["averaged=--algorithm averaged", "pa=--algorithm pa"]


def write_svm(path, x, y):
    with open(path, "w") as f:
        for row, label in zip(x, y):
            f.write(str(int(label)) + "".join(f" {j + 1}:{v:.17g}" for j, v in enumerate(row) if v != 0) + "\n")


def ours(train, test, model, extra):
    start = time.perf_counter()
    out = subprocess.run([os.path.join(ROOT, "bin", "perceptron"), "train", "--data", train, "--test", test,
                          "--kernel", "rbf", "--json", "--model", model] + extra,
                         check=True, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    return json.loads(out.stdout), seconds


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--seeds", type=int, default=5, help="seeds 0..N-1 of the split (default 5)")
    p.add_argument("--out", default=os.path.join(ROOT, "bench", "results", "sklearn-small-sets"))
    p.add_argument("--work", default="/tmp/sklearn-small-sets")
    p.add_argument("--settings", action="append",
                   help="LABEL=ARGS: also run `perceptron train` with these space-separated arguments")
    a = p.parse_args()
    settings = [("defaults", [])] + [(s.split("=", 1)[0], s.split("=", 1)[1].split()) for s in
                                     (a.settings if a.settings is not None else DEFAULT_SETTINGS)]
    os.makedirs(a.work, exist_ok=True)
    subprocess.run([os.path.join(ROOT, "bin", "perceptron"), "info"], check=True, capture_output=True)  # builds
    header = ["set", "scaling", "seed", "settings", "svc_accuracy", "ours_accuracy", "difference",
              "svc_support_vectors", "ours_support_vectors", "ours_epochs", "ours_gamma", "svc_seconds",
              "ours_seconds"]
    print("\t".join(header), flush=True)
    lines = []
    for name, load in SETS.items():
        x, y = load(return_X_y=True)
        for scaling, scaler in SCALERS.items():
            for seed in range(a.seeds):
                xtr, xte, ytr, yte = train_test_split(x, y, test_size=1 / 3, random_state=seed, stratify=y)
                s = scaler().fit(xtr)
                xtr, xte = s.transform(xtr), s.transform(xte)
                start = time.perf_counter()
                svc = SVC(C=10, gamma="scale").fit(xtr, ytr)
                svc_acc = float((svc.predict(xte) == yte).mean())
                svc_seconds = time.perf_counter() - start
                base = os.path.join(a.work, f"{name}-{scaling}-{seed}")
                write_svm(base + "-train.svm", xtr, ytr)
                write_svm(base + "-test.svm", xte, yte)
                for label, args in settings:
                    r, seconds = ours(base + "-train.svm", base + "-test.svm", base + ".bin", args)
                    gamma = r.get("kernel", "")
                    line = {"set": name, "scaling": scaling, "seed": seed, "settings": label,
                            "svc_accuracy": round(svc_acc, 4), "ours_accuracy": round(r["test_accuracy"], 4),
                            "difference": round(r["test_accuracy"] - svc_acc, 4),
                            "svc_support_vectors": int(svc.n_support_.sum()),
                            "ours_support_vectors": r.get("support_vectors"), "ours_epochs": r.get("epochs"),
                            "ours_gamma": gamma[gamma.find("gamma=") + 6:-1] if "gamma=" in gamma else "",
                            "svc_seconds": round(svc_seconds, 3), "ours_seconds": round(seconds, 3)}
                    lines.append(line)
                    print("\t".join(str(line[h]) for h in header), flush=True)
            for label, _ in settings:
                group = [l for l in lines if l["set"] == name and l["scaling"] == scaling and l["settings"] == label
                         and l["seed"] != "mean"]
                mean = {h: "-" for h in header}
                mean.update({"set": name, "scaling": scaling, "seed": "mean", "settings": label})
                for h in ("svc_accuracy", "ours_accuracy", "difference", "svc_seconds", "ours_seconds"):
                    mean[h] = round(statistics.mean(l[h] for l in group), 4)
                lines.append(mean)
                print("\t".join(str(mean[h]) for h in header), flush=True)
    with open(a.out + ".tsv", "w") as f:
        f.write("\t".join(header) + "\n")
        for line in lines:
            f.write("\t".join(str(line[h]) for h in header) + "\n")
    with open(a.out + ".json", "w") as f:
        json.dump({"settings": dict((l, " ".join(g)) for l, g in settings), "seeds": a.seeds, "lines": lines}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    sys.exit(main())
