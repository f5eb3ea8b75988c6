#!/usr/bin/env python3
"""Builds a sparse binary text classification set from the manual pages installed on this machine:
one document per text line of a page (at least 3 words), binary bag of words (each word of the
line once, value 1), label +1 for lines of section 1 (user commands) and -1 for lines of the other
sections (system calls, library functions, file formats, overviews, administration). Words are
lower-case [a-z][a-z0-9_]+ tokens; feature indices (1-based) number the words in order of first
appearance. Pages are read in sorted order and lines are drawn with a fixed seed, so the same
installed pages give the same files.

With --words W (W > 0) a document is instead a run of consecutive text lines of one page, cut as
soon as it holds W words (a page's remainder shorter than W is dropped): W = 60 gives documents
of about 40 distinct words, a set of the size of a small text-classification corpus.

usage: man-pages-bag-of-words.py OUT_DIR [--train N] [--test N] [--seed S] [--words W]
writes OUT_DIR/man-train.svm and OUT_DIR/man-test.svm (libsvm, half of each class)
"""
import argparse
import glob
import gzip
import os
import random
import re

WORD = re.compile(r"[a-z][a-z0-9_]+")
ESCAPE = re.compile(r"\\(f[BIRP]|f\(..|f\[[^]]*\]|\(..|\[[^]]*\]|s[-+]?\d|[-&e|^0 ])")


def lines_of(path, words_per_doc=0):
    try:
        with gzip.open(path, "rt", encoding="utf-8", errors="replace") as f:
            text = f.read()
    except (OSError, EOFError):
        return []
    out = []
    for raw in text.splitlines():
        if raw.startswith((".", "'")) or raw.startswith('\\"'):
            continue
        words = WORD.findall(ESCAPE.sub(" ", raw).lower())
        if words_per_doc > 0:
            if not out or len(out[-1]) >= words_per_doc:
                out.append([])
            out[-1].extend(words)
        elif len(words) >= 3:
            out.append(words)
    if words_per_doc > 0 and out and len(out[-1]) < words_per_doc:
        out.pop()
    return out


def collect(sections, want, rnd, words_per_doc):
    pages = sorted(p for s in sections for p in glob.glob(f"/usr/share/man/man{s}/*.gz"))
    docs = []
    for p in pages:
        docs.extend(lines_of(p, words_per_doc))
    rnd.shuffle(docs)
    if len(docs) < want:
        raise SystemExit(f"only {len(docs)} lines in sections {sections}, {want} wanted")
    return docs[:want]


def main():
    a = argparse.ArgumentParser()
    a.add_argument("out")
    a.add_argument("--train", type=int, default=50000)
    a.add_argument("--test", type=int, default=10000)
    a.add_argument("--seed", type=int, default=42)
    a.add_argument("--words", type=int, default=0)
    args = a.parse_args()
    rnd = random.Random(args.seed)
    half = (args.train + args.test) // 2
    commands = collect(["1"], half, rnd, args.words)
    others = collect(["2", "3", "5", "7", "8"], half, rnd, args.words)
    docs = [(1, d) for d in commands] + [(-1, d) for d in others]
    rnd.shuffle(docs)
    vocab = {}
    nnz = 0
    os.makedirs(args.out, exist_ok=True)
    for name, part in (("man-train.svm", docs[:args.train]), ("man-test.svm", docs[args.train:])):
        with open(os.path.join(args.out, name), "w") as f:
            for label, words in part:
                ids = sorted({vocab.setdefault(w, len(vocab) + 1) for w in words})
                nnz += len(ids)
                f.write(("+1" if label > 0 else "-1") + " " + " ".join(f"{i}:1" for i in ids) + "\n")
    print(f"{args.train} + {args.test} documents, {len(vocab)} words, "
          f"{nnz / (args.train + args.test):.1f} non-zeros per document")


if __name__ == "__main__":
    main()
