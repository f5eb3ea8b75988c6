#!/usr/bin/env python3
"""Builds a multi-class text classification set, in fastText's format (`__label__NAME text`, one
document a line), from text installed on this machine. Two sources:

  man       (default) the paragraphs of the English manual pages /usr/share/man/man*/*.gz, labelled
            by section: man1, man1ssl, man2, man3, man3perl (3perl and 3pm), man3t, man4, man5,
            man7, man7ssl, man8, ... whichever sections hold --min-class documents. A paragraph is
            the running text between two paragraph macros (.PP, .TP, .SH, ...; mdoc's .Pp, .It,
            ...), roff markup removed (fonts, escapes, comments; no-fill blocks, tables and examples
            dropped), and is kept when it has 20 to 100 words. Symbolic links and .so pages (aliases
            of another page) are skipped.
  packages  the one-line descriptions of the Debian packages apt knows (`apt-cache dumpavail`),
            labelled by their Section field (contrib/ and non-free/ prefixes removed): 41 classes
            of 200+ descriptions from Debian 12's main, 6 to 7 words each.

Both: the text keeps its case and punctuation (tokenizing is the learner's job; whitespace runs
become one space); a text that occurs more than once (boilerplate such as a page's colophon, or two
packages with the same description) is dropped everywhere, so that no text is in both parts; a
Debian package gives at most --max-package documents to a class (the man source: a package with
thousands of generated pages would otherwise make most of a class); classes with fewer than --min-class
documents are dropped. Each class is split 80/20 at random (seeded) into training and test
documents; both files are then shuffled (seeded). The documents are sorted before any draw, so the
same installed text and seed give the same files, whatever the file system's order.

usage: text-corpus.py OUT_DIR [--seed S] [--source man|packages] [--min-class N] [--max-package N]
writes OUT_DIR/text-train.txt, OUT_DIR/text-test.txt and OUT_DIR/text-corpus.json (the counts),
and prints the counts as one JSON line.
"""
import argparse
import collections
import glob
import gzip
import hashlib
import json
import os
import random
import re
import subprocess

MIN_WORDS, MAX_WORDS = 20, 100

# Escapes with a printable meaning; every other escape is dropped.
CHARS = {"-": "-", "(em": "-", "(en": "-", "[em]": "-", "[en]": "-", "(hy": "-", "[hy]": "-",
         "(mi": "-", "[mi]": "-", "(lq": '"', "(rq": '"', "[lq]": '"', "[rq]": '"', "(dq": '"',
         "[dq]": '"', "(oq": "'", "(cq": "'", "[oq]": "'", "[cq]": "'", "(aq": "'", "[aq]": "'",
         "(ga": "`", "[ga]": "`", "(ti": "~", "[ti]": "~", "(ha": "^", "[ha]": "^", "e": "\\",
         "(rs": "\\", "[rs]": "\\", "(bv": "|", "(ba": "|", "[ba]": "|", "(co": "(c)", "(tm": "(tm)",
         "(Fo": '"', "(Fc": '"', "(>=": ">=", "(<=": "<=", "(!=": "!=", "(->": "->", "(<-": "<-",
         "*(lq": '"', "*(rq": '"', "*(Lq": '"', "*(Rq": '"', "*(L\"": '"', "*(R\"": '"',
         "~": " ", " ": " ", "0": " ", "t": " "}
ESCAPE = re.compile(r"\\(f\[[^]]*\]|f\(..|f.|s[-+]?\d+|s[-+]?\(\d\d|[*n]\[[^]]*\]|[*n]\(..|[*n].|"
                    r"\[[^]]*\]|\(..|[hvwlLxXoDbkz]'[^']*'|.|$)")
COMMENT = re.compile(r'\\".*')
# Requests that end a paragraph (man and mdoc).
BREAKS = {"PP", "P", "LP", "IP", "TP", "TQ", "HP", "SH", "SS", "RS", "RE", "sp", "bp", "ne", "in",
          "ti", "SY", "YS", "OP", "UR", "UE", "MT", "ME", "Sh", "Ss", "Pp", "Lp", "Bl", "El", "It",
          "Bd", "Ed", "D1", "Dl", "Rs", "Re", "Nd", "Os", "Dd", "Dt", "TH"}
NOFILL_ON = {"nf", "EX", "TS", "Bd", "de", "am", "ig", "EQ", "PS"}
NOFILL_OFF = {"fi", "EE", "TE", "Ed", ".", "EN", "PE"}
# Requests whose arguments are running text: the font macros (man) and mdoc's inline macros.
TEXT = {"B", "I", "BI", "IB", "BR", "RB", "IR", "RI", "SM", "SB", "UR", "MT", "Nm", "Ar", "Fl",
        "Cm", "Xr", "Em", "Sy", "Dq", "Sq", "Qq", "Pq", "Pa", "Va", "Fn", "Fa", "Ft", "Ql", "Li",
        "Op", "Ev", "Er", "Dv", "Ic", "Ad", "An", "Cd", "Lk", "Mt", "Tn", "Ux", "Bx", "St", "Lb",
        "No", "Ns", "Xo", "Xc", "Ta", "Ao", "Ac", "Bo", "Bc", "Do", "Dc", "Po", "Pc", "Qo", "Qc",
        "So", "Sc", "Oo", "Oc", "Ux", "At", "Fx", "Nx", "Ox", "Dx", "Aq", "Bq", "Brq", "Ms", "Ot"}


ALTERNATING = {"BR", "RB", "IR", "RI", "BI", "IB"}


def arguments(rest):
    """The arguments of a request: words, or "quoted strings" ("" inside one is a quote)."""
    args, i = [], 0
    while i < len(rest):
        if rest[i] == " ":
            i += 1
        elif rest[i] == '"':
            j, arg = i + 1, []
            while j < len(rest) and not (rest[j] == '"' and rest[j + 1:j + 2] != '"'):
                arg.append(rest[j])
                j += 2 if rest[j] == '"' else 1
            args.append("".join(arg))
            i = j + 1
        else:
            j = rest.find(" ", i)
            j = len(rest) if j < 0 else j
            args.append(rest[i:j])
            i = j
    return args


def unescape(s):
    def one(m):
        e = m.group(1)
        return CHARS.get(e, "")
    return ESCAPE.sub(one, s)


def man_paragraphs(path):
    """The paragraphs of one page, markup removed; [] for an alias (.so) or an unreadable page."""
    try:
        with gzip.open(path, "rt", encoding="utf-8", errors="replace") as f:
            text = f.read()
    except (OSError, EOFError):
        return []
    out, cur, nofill = [], [], False

    def flush():
        if cur:
            out.append(" ".join(" ".join(cur).split()))
            cur.clear()

    for raw in text.splitlines():
        raw = COMMENT.sub("", raw)
        if raw.startswith((".", "'")):
            req = raw[1:].lstrip().split(None, 1)
            name = req[0] if req else ""
            rest = req[1] if len(req) > 1 else ""
            if name == "so":
                return []
            if name in NOFILL_ON:
                flush()
                nofill = True
                continue
            if name in NOFILL_OFF:
                flush()
                nofill = False
                continue
            if nofill:
                continue
            if name in BREAKS:
                flush()
            elif name in TEXT and rest:
                words = [w for w in arguments(rest) if w not in TEXT]
                cur.append(unescape(("" if name in ALTERNATING else " ").join(words)))
            continue
        if nofill:
            continue
        line = unescape(raw).strip()
        if line:
            cur.append(line)
    flush()
    return out


def owners(paths):
    """Debian package of each path (from dpkg's file lists), or the path itself when none owns it."""
    wanted = set(paths)
    owner = {}
    for lst in sorted(glob.glob("/var/lib/dpkg/info/*.list")):
        package = os.path.basename(lst)[:-len(".list")].split(":")[0]
        with open(lst, encoding="utf-8", errors="replace") as f:
            for line in f:
                path = line.rstrip("\n")
                if path in wanted:
                    owner.setdefault(path, package)
    return {p: owner.get(p, p) for p in paths}


def man_documents():
    """(label, text, package) of every paragraph of 20 to 100 words."""
    pages = sorted(p for p in glob.glob("/usr/share/man/man*/*.gz")
                   if os.path.isfile(p) and not os.path.islink(p))
    owner = owners(pages)
    docs = []
    for p in pages:
        m = re.fullmatch(r".*\.(\d)([a-z]*)\.gz", os.path.basename(p))
        if not m:
            continue
        label = "man" + m.group(1) + ("perl" if m.group(2) == "pm" else m.group(2))
        for t in man_paragraphs(p):
            if MIN_WORDS <= len(t.split()) <= MAX_WORDS:
                docs.append((label, t, owner[p]))
    fingerprint = hashlib.sha256("\n".join(pages).encode()).hexdigest()[:16]
    return docs, {"pages": len(pages), "page_names_sha256": fingerprint}


def package_documents():
    """(label, text, package) of every package apt knows: its one-line description, its section."""
    out = subprocess.run(["apt-cache", "dumpavail"], capture_output=True, text=True, check=True).stdout
    docs = []
    for block in out.split("\n\n"):
        f = {}
        for line in block.splitlines():
            if line[:1] not in (" ", "\t") and ":" in line:
                k, _, v = line.partition(":")
                f.setdefault(k, v.strip())
        if f.get("Package") and f.get("Description") and f.get("Section"):
            docs.append((f["Section"].split("/")[-1], " ".join(f["Description"].split()), f["Package"]))
    return docs, {"packages": len(docs), "dumpavail_sha256": hashlib.sha256(out.encode()).hexdigest()[:16]}


def main():
    a = argparse.ArgumentParser()
    a.add_argument("out")
    a.add_argument("--seed", type=int, default=42)
    a.add_argument("--source", choices=["man", "packages"], default="man")
    a.add_argument("--min-class", type=int, default=200)
    a.add_argument("--max-package", type=int, default=4000)
    args = a.parse_args()
    rnd = random.Random(args.seed)
    docs, source = man_documents() if args.source == "man" else package_documents()
    docs.sort()
    seen = collections.Counter(t for _, t, _ in docs)
    docs = [d for d in docs if seen[d[1]] == 1]
    by_package = collections.defaultdict(list)
    for d in docs:
        by_package[d[0], d[2]].append(d)
    kept = []
    for p in sorted(by_package):
        part = by_package[p]
        kept.extend(part if len(part) <= args.max_package else rnd.sample(part, args.max_package))
    by_class = collections.defaultdict(list)
    for label, text, _ in sorted(kept):
        by_class[label].append(text)
    classes = sorted(c for c in by_class if len(by_class[c]) >= args.min_class)
    if len(classes) < 2:
        raise SystemExit(f"text-corpus.py: only {len(classes)} classes of {args.min_class}+ documents")
    train, test = [], []
    for c in classes:
        texts = by_class[c]
        rnd.shuffle(texts)
        cut = round(len(texts) * 0.8)
        train.extend((c, t) for t in texts[:cut])
        test.extend((c, t) for t in texts[cut:])
    rnd.shuffle(train)
    rnd.shuffle(test)
    os.makedirs(args.out, exist_ok=True)
    for name, part in (("text-train.txt", train), ("text-test.txt", test)):
        with open(os.path.join(args.out, name), "w", encoding="utf-8") as f:
            for c, t in part:
                f.write(f"__label__{c} {t}\n")
    words = [len(t.split()) for _, t in train + test]
    info = {"source": args.source, "seed": args.seed, **source, "documents": len(words),
            "train_documents": len(train), "test_documents": len(test), "classes": len(classes),
            "words": sum(words), "words_per_document": round(sum(words) / len(words), 1),
            "distinct_words": len({w for _, t in train + test for w in t.split()}),
            "class_documents": {c: len(by_class[c]) for c in classes}}
    with open(os.path.join(args.out, "text-corpus.json"), "w") as f:
        json.dump(info, f, indent=1)
        f.write("\n")
    print(json.dumps(info))


if __name__ == "__main__":
    main()
