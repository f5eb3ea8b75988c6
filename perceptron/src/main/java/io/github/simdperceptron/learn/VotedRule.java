package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import java.util.ArrayList;
import java.util.List;

/**
 * The voted perceptron: every weight vector that survived at least one visit is kept with its
 * survival count. Memory grows by one vector per mistake, up to the cap.
 */
final class VotedRule extends BinaryRule {
  private final List<float[]> vectors = new ArrayList<>();
  private final List<Float> biases = new ArrayList<>();
  private final List<Long> counts = new ArrayList<>();
  private final int cap;
  private long c;

  VotedRule(int dimension, TrainingOptions options, Labels labels, LinearModel warm) {
    super(Algorithm.VOTED, dimension, options, labels, warm);
    this.cap = options.voteCap();
  }

  @Override
  int visit(Dataset data, int i) {
    float y = data.label(i);
    if (y * activation(data, i) > 0f) {
      c++;
      return CORRECT;
    }
    if (c > 0) {
      if (vectors.size() + 2 > cap) {
        return MISTAKE | STOP;
      }
      vectors.add(w.clone());
      biases.add(b);
      counts.add(c);
    }
    update(data, i, y);
    c = 1;
    return MISTAKE | UPDATED;
  }

  @Override
  int storedVectors() {
    return vectors.size() + (c > 0 ? 1 : 0);
  }

  @Override
  BinaryModel model() {
    int m = storedVectors();
    float[][] v = vectors.toArray(new float[m][]);
    float[] bs = new float[m];
    long[] cs = new long[m];
    for (int t = 0; t < vectors.size(); t++) {
      bs[t] = biases.get(t);
      cs[t] = counts.get(t);
    }
    if (c > 0) {
      v[m - 1] = w.clone();
      bs[m - 1] = b;
      cs[m - 1] = c;
    }
    return new VotedModel(v, bs, cs, labels, w.length);
  }
}
