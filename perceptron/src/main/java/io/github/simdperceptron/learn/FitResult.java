package io.github.simdperceptron.learn;

import io.github.simdperceptron.learn.internal.TrainingAccess;

/**
 * A trained model, the report of the run that made it, and the options it ran with: everything a
 * model file records ({@code io.ModelFile.write(Path, FitResult)} saves it as it is).
 */
public final class FitResult<M extends Model> {
  static {
    TrainingAccess.install(new TrainingBridge());
  }

  private final M model;
  private final TrainingReport report;
  private final TrainingOptions options;

  FitResult(M model, TrainingReport report, TrainingOptions options) {
    this.model = model;
    this.report = report;
    this.options = options;
  }

  public M model() {
    return model;
  }

  public TrainingReport report() {
    return report;
  }

  /** The options of the run. */
  public TrainingOptions options() {
    return options;
  }
}
