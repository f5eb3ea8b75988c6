package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.theory.Theory;
import java.util.function.DoubleSupplier;
import java.util.stream.IntStream;

/**
 * The figures of a report that need a pass over the training data after the fit (training error,
 * radius, margin), each computed on its first use, so a fit pays only for the passes asked for.
 * When the rule knew the predicted classes of the training rows (the kernel perceptron, from the
 * kernel columns of its training), the training error comes from them without a pass. Holds the
 * model, the training data and those classes (or the learner's own measure of its training
 * error) until every figure it can give has been computed. Thread-safe.
 */
final class PostFitFigures {
  private Model model;
  private Dataset data;
  /** The predicted classes of data's rows under model, when the rule knew them; else null. */
  private int[] classes;
  private final boolean bias;
  /** Whether the model has a radius and a margin (a linear one); they are NaN for the others. */
  private final boolean theory;
  /** The training error of a learner whose model is not a {@link Model}, or null. */
  private DoubleSupplier error;
  /** Null until computed. */
  private Double trainingError;
  private Double radius;
  private Double margin;

  /** The figures of {@code model} on its training data (with the bias as a feature when {@code bias}). */
  PostFitFigures(Model model, Dataset data, boolean bias) {
    this(model, data, bias, null);
  }

  /**
   * The figures of {@code model} on its training data, {@code classes} (kept, never modified; null
   * when not known) being the model's predicted classes of the data's rows, as
   * {@link Model#predictClasses} gives them.
   */
  PostFitFigures(Model model, Dataset data, boolean bias, int[] classes) {
    this.model = model;
    this.data = data;
    this.classes = classes;
    this.bias = bias;
    this.theory = model instanceof LinearModel;
  }

  /**
   * The figures of a model that is not a {@link Model} (a tagger): the training error is what
   * {@code error} computes, the radius and the margin are NaN.
   */
  PostFitFigures(DoubleSupplier error) {
    this.error = error;
    this.bias = false;
    this.theory = false;
  }

  synchronized double trainingError() {
    if (trainingError == null) {
      trainingError = error != null ? error.getAsDouble()
          : model instanceof BinaryModel binary ? binary.trainingError(data) : 1.0 - modelAccuracy();
      releaseWhenDone();
    }
    return trainingError;
  }

  /**
   * {@code m.accuracy(d)}, the same double; when m and d are this report's model and data and
   * the training error is still to be computed, it comes from the same scoring of the rows, as
   * {@link #trainingError()} would compute it: for a voted model both come from one
   * {@link VotedModel#scores}, for a model that is not binary the error is 1 - the accuracy.
   * Other models (whose predictions need not come from their batch scores) score on their own.
   */
  synchronized double accuracy(Model m, Dataset d) {
    if (trainingError != null || m != model || d != data) {
      return m.accuracy(d);
    }
    double accuracy;
    if (m instanceof VotedModel voted) {
      float[] s = voted.scores(d);
      accuracy = accuracy(m, d, voted.classesOf(s));
      trainingError = error(d, s);
    } else if (!(m instanceof BinaryModel)) {
      accuracy = modelAccuracy();
      trainingError = 1.0 - accuracy;
    } else {
      return m.accuracy(d);
    }
    releaseWhenDone();
    return accuracy;
  }

  /** {@code model.accuracy(data)}, from the known classes when there are. */
  private double modelAccuracy() {
    return classes != null ? accuracy(model, data, classes) : model.accuracy(data);
  }

  /** {@link Model#accuracy} from the predicted classes of the rows of data. */
  static double accuracy(Model model, Dataset data, int[] predicted) {
    int[] toModel = data.labels().names().stream().mapToInt(model.labels()::indexOf).toArray();
    long correct = IntStream.range(0, predicted.length)
        .filter(i -> predicted[i] >= 0 && predicted[i] == toModel[data.classOf(i)]).count();
    return (double) correct / predicted.length;
  }

  /** {@link BinaryModel#trainingError} from the scores of the rows of data. */
  static double error(Dataset data, float[] s) {
    return (double) IntStream.range(0, s.length).filter(i -> data.label(i) * s[i] <= 0f).count() / s.length;
  }

  synchronized double radius() {
    if (theory && radius == null) {
      radius = Theory.radius(data, bias);
      releaseWhenDone();
    }
    return theory ? radius : Double.NaN;
  }

  synchronized double margin() {
    if (theory && margin == null) {
      LinearModel linear = (LinearModel) model;
      margin = Theory.margin(data, linear.weights(), linear.bias(), bias);
      releaseWhenDone();
    }
    return theory ? margin : Double.NaN;
  }

  /** How many of the figures have been computed so far (for tests). */
  synchronized int computed() {
    return (trainingError == null ? 0 : 1) + (radius == null ? 0 : 1) + (margin == null ? 0 : 1);
  }

  /** Whether the figures hold the predicted classes of the training rows (for tests). */
  synchronized boolean holdsClasses() {
    return classes != null;
  }

  /** Whether the model and the data (or the learner's measure) are still held. */
  synchronized boolean holdsData() {
    return data != null || error != null;
  }

  private void releaseWhenDone() {
    if (trainingError != null && (!theory || radius != null && margin != null)) {
      model = null;
      data = null;
      error = null;
      classes = null;
    }
  }
}
