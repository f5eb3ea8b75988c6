package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;

/**
 * The multi-class perceptron and its averaged form (CIML Algorithm 7 per row, with one counter c
 * for all rows) over the K classes' {@link ClassWeights}: on every visit the predicted class is
 * the arg max of the K scores (ties to the smallest index), and a mistake updates the true and the
 * predicted class ({@link ClassWeights#applyTwo}).
 */
final class MulticlassRule extends UpdateRule<MulticlassModel> {
  final ClassWeights weights;
  /** The averaged form's counter: visits so far, plus one. */
  long c = 1;

  /** Starts as {@link ClassWeights} does; the averaged form starts its running average afresh. */
  MulticlassRule(int dimension, boolean bias, Labels labels, boolean averaged, MulticlassModel warm) {
    this.weights = new ClassWeights(labels, dimension, bias, averaged, warm);
  }

  @Override
  int visit(Dataset data, int i) {
    weights.score(data, i);
    int predicted = MulticlassModel.argMax(weights.scores, weights.k);
    int truth = data.classOf(i);
    int outcome = CORRECT;
    if (predicted != truth) {
      weights.applyTwo(truth, predicted, c);
      outcome = MISTAKE | UPDATED;
    }
    c++;
    return outcome;
  }

  @Override
  MulticlassModel model() {
    return weights.model(cls -> c);
  }

  @Override
  String name() {
    return weights.u == null ? "MULTICLASS(PERCEPTRON)" : "MULTICLASS(AVERAGED)";
  }
}
