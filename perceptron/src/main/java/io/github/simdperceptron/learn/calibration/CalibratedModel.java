package io.github.simdperceptron.learn.calibration;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.Model;
import java.util.Objects;

/**
 * A model with its calibration: class probabilities of a row, in the model's class order.
 * Immutable; the model's own predictions are unchanged.
 */
public final class CalibratedModel {
  private final Model model;
  private final Calibration calibration;

  /**
   * Pairs model and calibration. Throws {@link IllegalArgumentException} when the calibration is
   * over another number of classes or takes another number of scores than the model gives.
   */
  public CalibratedModel(Model model, Calibration calibration) {
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(calibration, "calibration");
    check(model, calibration);
    this.model = model;
    this.calibration = calibration;
  }

  /**
   * Throws {@link IllegalArgumentException} unless calibration fits model: as many classes as
   * the model's labels, as many scores as {@link Model#scoreCount()}.
   */
  public static void check(Model model, Calibration calibration) {
    if (calibration.classes() != model.labels().size() || calibration.scoreCount() != model.scoreCount()) {
      throw new IllegalArgumentException("calibration: " + calibration.method().label() + " of "
          + calibration.classes() + " classes and " + calibration.scoreCount() + " scores, the model has "
          + model.labels().size() + " classes and " + model.scoreCount() + " scores");
    }
  }

  /** The model. */
  public Model model() {
    return model;
  }

  /** The calibration. */
  public Calibration calibration() {
    return calibration;
  }

  /** The class probabilities of a dense x of length {@link Model#dimension()}. x is not modified. */
  public double[] probabilities(float[] x) {
    float[] s = new float[model.scoreCount()];
    model.scores(x, s);
    return calibration.probabilities(s);
  }

  /**
   * The class probabilities of every row of data: row i's at {@code [i]}, one per class of the
   * model, summing to 1. data is not modified.
   */
  public double[][] probabilities(Dataset data) {
    model.checkDimension(data);
    float[][] scores = model.scoreRows(data);
    double[][] p = new double[scores.length][];
    for (int i = 0; i < p.length; i++) {
      p[i] = calibration.probabilities(scores[i]);
    }
    return p;
  }
}
