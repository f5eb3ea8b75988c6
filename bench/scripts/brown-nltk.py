#!/usr/bin/python3
"""NLTK's PerceptronTagger (greedy, averaged) trained on TRAIN and evaluated on TEST (both one
sentence a line of word/tag, the tag after the last slash). Needs no download: the tagger is made
with load=False and trained on the given sentences. Prints one JSON line: token accuracy, train
seconds, tokens per second tagged (tagging the test sentences, after training, in one process).

usage: /usr/bin/python3 brown-nltk.py TRAIN TEST [ITERATIONS]   (Debian's python3-nltk)
"""
import json
import random
import sys
import time

from nltk.tag.perceptron import PerceptronTagger


def read(path):
    sentences = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            tokens = line.split()
            if tokens:
                sentences.append([tuple(t.rsplit('/', 1)) for t in tokens])
    return sentences


def main():
    train, test = read(sys.argv[1]), read(sys.argv[2])
    iterations = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    random.seed(1)
    tagger = PerceptronTagger(load=False)
    start = time.perf_counter()
    tagger.train(train, nr_iter=iterations)
    train_seconds = time.perf_counter() - start
    words = [[w for w, _ in s] for s in test]
    start = time.perf_counter()
    predicted = [tagger.tag(s) for s in words]
    tag_seconds = time.perf_counter() - start
    tokens = sum(len(s) for s in test)
    correct = sum(1 for g, p in zip(test, predicted) for (_, gt), (_, pt) in zip(g, p) if gt == pt)
    print(json.dumps({'tagger': 'nltk PerceptronTagger', 'iterations': iterations,
                      'train_tokens': sum(len(s) for s in train), 'test_tokens': tokens,
                      'accuracy': correct / tokens, 'train_seconds': train_seconds,
                      'tag_seconds': tag_seconds, 'tokens_per_second': tokens / tag_seconds}))


main()
