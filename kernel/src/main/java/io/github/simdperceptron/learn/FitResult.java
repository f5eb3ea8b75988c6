package io.github.simdperceptron.learn;

/** A trained model and the report of the run that made it. */
public final class FitResult<M extends Model> {
  private final M model;
  private final TrainingReport report;

  FitResult(M model, TrainingReport report) {
    this.model = model;
    this.report = report;
  }

  public M model() {
    return model;
  }

  public TrainingReport report() {
    return report;
  }
}
