package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;

/**
 * Pocket with ratchet: after every update, count the training errors of the current (w, b) with
 * the batch-margin kernel, and pocket a copy only on a strict improvement. O(n d) per update.
 */
final class PocketRule extends BinaryRule {
  private float[] pocketW;
  private float pocketB;
  private int pocketErrors;
  private float[] margins;

  PocketRule(int dimension, boolean bias, Labels labels, LinearModel warm) {
    super(dimension, bias, labels, warm);
    pocketW = w.clone();
    pocketB = b;
    pocketErrors = Integer.MAX_VALUE;
  }

  @Override
  int visit(Dataset data, int i) {
    if (margins == null) {
      margins = new float[data.size()];
      pocketErrors = errors(data);
    }
    float y = data.label(i);
    if (y * activation(data, i) > 0f) {
      return CORRECT;
    }
    update(data, i, y);
    int e = errors(data);
    if (e < pocketErrors) {
      System.arraycopy(w, 0, pocketW, 0, w.length);
      pocketB = b;
      pocketErrors = e;
    }
    return MISTAKE | UPDATED;
  }

  private int errors(Dataset data) {
    DataAccess.margins(data, w, b, margins);
    int e = 0;
    for (int k = 0; k < margins.length; k++) {
      if (data.label(k) * margins[k] <= 0f) {
        e++;
      }
    }
    return e;
  }

  @Override
  BinaryModel model() {
    return LinearModel.wrap(pocketW.clone(), pocketB, labels);
  }

  @Override
  String name() {
    return Algorithm.POCKET.name();
  }
}
