package io.github.simdperceptron.reference;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The literal twin of the structured perceptron (Collins 2002), transcribed from
 * {@code docs/sequence-labelling.md}: weights in a map from a feature's name to its value, a naive
 * K x K Viterbi (or the greedy left-to-right decoder), and on a sentence with a wrong tag the
 * whole feature vector of the gold sequence added and that of the predicted one subtracted.
 *
 * <p>A sentence is given as its tokens' feature ids ({@code features[t]}, a feature may repeat)
 * and, to train on, their tags in [0, k). The names of the weights: {@code "e f c"} the emission
 * weight of feature f for tag c, {@code "t j c"} the transition from tag j to tag c,
 * {@code "s c"} a first tag c, {@code "z c"} a last tag c. An absent name weighs 0.
 *
 * <p>The run: one {@code new Random(seed)}; every epoch the order 0..n-1, shuffled when asked by
 * {@code for i = n-1 down to 1: swap(order[i], order[rnd.nextInt(i+1)])}; at most {@code epochs}
 * epochs, and a run stops after an epoch without a mistaken sentence. Averaged: a counter c from 1,
 * incremented after every visit; an update of a weight by s adds s * c to its sum (in double);
 * the averaged weight is {@code (float) (w - sum / c)}.
 */
public final class ReferenceSequence {
  private ReferenceSequence() {}

  /** What a run did and the weights it ended with (averaged when asked). */
  public static final class Run {
    /** Per epoch: sentences with a wrong tag, and wrong tags. */
    public final List<Integer> mistakenSentences = new ArrayList<>();
    public final List<Integer> mistakenTokens = new ArrayList<>();
    final Map<String, Float> weights = new HashMap<>();
    final int k;
    final boolean viterbi;

    Run(int k, boolean viterbi) {
      this.k = k;
      this.viterbi = viterbi;
    }

    public float emission(int feature, int tag) {
      return weight("e " + feature + " " + tag);
    }

    public float transition(int from, int to) {
      return weight("t " + from + " " + to);
    }

    public float start(int tag) {
      return weight("s " + tag);
    }

    public float end(int tag) {
      return weight("z " + tag);
    }

    float weight(String name) {
      Float w = weights.get(name);
      return w == null ? 0f : w;
    }

    /** The tags the final weights give a sentence of these tokens' features. */
    public int[] decode(int[][] features) {
      return ReferenceSequence.decode(this, features);
    }
  }

  /** Trains on sentences {@code features[s]} tagged {@code tags[s]}. Nothing passed in is modified. */
  public static Run train(int[][][] features, int[][] tags, int k, int epochs, long seed, boolean shuffle,
      boolean averaged, boolean viterbi) {
    Run run = new Run(k, viterbi);
    Map<String, Double> sums = new HashMap<>();
    long c = 1;
    Random rnd = new Random(seed);
    int n = features.length;
    for (int epoch = 0; epoch < epochs; epoch++) {
      int[] order = ReferenceMulticlass.order(n, rnd, shuffle);
      int sentences = 0;
      int tokens = 0;
      for (int i = 0; i < n; i++) {
        int s = order[i];
        int[] predicted = decode(run, features[s]);
        int wrong = 0;
        for (int t = 0; t < predicted.length; t++) {
          if (predicted[t] != tags[s][t]) {
            wrong++;
          }
        }
        if (wrong > 0) {
          sentences++;
          tokens += wrong;
          for (String name : names(features[s], tags[s])) {
            run.weights.put(name, run.weight(name) + 1f);
            sums.put(name, sums.getOrDefault(name, 0.0) + c);
          }
          for (String name : names(features[s], predicted)) {
            run.weights.put(name, run.weight(name) - 1f);
            sums.put(name, sums.getOrDefault(name, 0.0) - c);
          }
        }
        c++;
      }
      run.mistakenSentences.add(sentences);
      run.mistakenTokens.add(tokens);
      if (sentences == 0) {
        break;
      }
    }
    if (averaged) {
      for (Map.Entry<String, Float> e : run.weights.entrySet()) {
        e.setValue((float) ((double) e.getValue() - sums.get(e.getKey()) / c));
      }
    }
    return run;
  }

  /** The names of the weights of a tagged sentence's feature vector, each as often as it counts. */
  static List<String> names(int[][] features, int[] tags) {
    List<String> names = new ArrayList<>();
    int n = tags.length;
    for (int t = 0; t < n; t++) {
      for (int f : features[t]) {
        names.add("e " + f + " " + tags[t]);
      }
      names.add(t == 0 ? "s " + tags[t] : "t " + tags[t - 1] + " " + tags[t]);
    }
    names.add("z " + tags[n - 1]);
    return names;
  }

  static int[] decode(Run run, int[][] features) {
    int n = features.length;
    int k = run.k;
    float[][] e = new float[n][k];
    for (int t = 0; t < n; t++) {
      for (int c = 0; c < k; c++) {
        float sum = 0f;
        for (int f : features[t]) {
          sum = sum + run.weight("e " + f + " " + c);
        }
        e[t][c] = sum;
      }
    }
    int[] tags = new int[n];
    if (!run.viterbi) {
      for (int t = 0; t < n; t++) {
        int best = 0;
        float bestScore = 0f;
        for (int c = 0; c < k; c++) {
          float s = (t == 0 ? run.start(c) : run.transition(tags[t - 1], c)) + e[t][c];
          if (t == n - 1) {
            s = s + run.end(c);
          }
          if (c == 0 || s > bestScore) {
            best = c;
            bestScore = s;
          }
        }
        tags[t] = best;
      }
      return tags;
    }
    float[][] delta = new float[n][k];
    int[][] back = new int[n][k];
    for (int c = 0; c < k; c++) {
      delta[0][c] = run.start(c) + e[0][c];
    }
    for (int t = 1; t < n; t++) {
      for (int c = 0; c < k; c++) {
        int bestJ = 0;
        float best = delta[t - 1][0] + run.transition(0, c);
        for (int j = 1; j < k; j++) {
          float candidate = delta[t - 1][j] + run.transition(j, c);
          if (candidate > best) {
            best = candidate;
            bestJ = j;
          }
        }
        delta[t][c] = best + e[t][c];
        back[t][c] = bestJ;
      }
    }
    int last = 0;
    for (int c = 1; c < k; c++) {
      if (delta[n - 1][c] + run.end(c) > delta[n - 1][last] + run.end(last)) {
        last = c;
      }
    }
    tags[n - 1] = last;
    for (int t = n - 1; t > 0; t--) {
      tags[t - 1] = back[t][tags[t]];
    }
    return tags;
  }
}
