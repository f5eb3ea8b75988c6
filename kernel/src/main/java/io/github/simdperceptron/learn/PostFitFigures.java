package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.theory.Theory;

/**
 * The figures of a report that need a pass over the training data after the fit (training error,
 * radius, margin), each computed on its first use, so a fit pays only for the passes asked for.
 * Holds the model and the training data until every figure it can give has been computed.
 * Thread-safe.
 */
final class PostFitFigures {
  private Model model;
  private Dataset data;
  private final boolean bias;
  private final boolean theory;
  private double trainingError = Double.NaN;
  private double radius = Double.NaN;
  private double margin = Double.NaN;
  private boolean errorDone;
  private boolean radiusDone;
  private boolean marginDone;

  /**
   * The figures of {@code model} on its training data: the training error, and for a linear model
   * the radius and margin (with the bias as a constant feature when {@code bias}).
   */
  PostFitFigures(Model model, Dataset data, boolean bias) {
    this.model = model;
    this.data = data;
    this.bias = bias;
    this.theory = model instanceof LinearModel;
    radiusDone = !theory;
    marginDone = !theory;
  }

  synchronized double trainingError() {
    if (!errorDone) {
      trainingError = model instanceof BinaryModel ? ((BinaryModel) model).trainingError(data)
          : 1.0 - model.accuracy(data);
      errorDone = true;
      releaseWhenDone();
    }
    return trainingError;
  }

  synchronized double radius() {
    if (!radiusDone) {
      radius = Theory.radius(data, bias);
      radiusDone = true;
      releaseWhenDone();
    }
    return radius;
  }

  synchronized double margin() {
    if (!marginDone) {
      LinearModel linear = (LinearModel) model;
      margin = Theory.margin(data, linear.weights(), linear.bias(), bias);
      marginDone = true;
      releaseWhenDone();
    }
    return margin;
  }

  /** How many of the figures have been computed so far (for tests). */
  synchronized int computed() {
    return (errorDone ? 1 : 0) + (theory && radiusDone ? 1 : 0) + (theory && marginDone ? 1 : 0);
  }

  /** Whether the model and the data are still held. */
  synchronized boolean holdsData() {
    return data != null;
  }

  private void releaseWhenDone() {
    if (errorDone && radiusDone && marginDone) {
      model = null;
      data = null;
    }
  }
}
