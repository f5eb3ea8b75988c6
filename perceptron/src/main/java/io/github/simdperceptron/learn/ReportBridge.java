package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.internal.ReportAccess;

/** The report's figures, handed to {@link ReportAccess} when {@link TrainingReport} loads. */
final class ReportBridge implements ReportAccess.Bridge {
  @Override
  public double trainingAccuracy(TrainingReport report, Model model, Dataset data) {
    return report.figures().accuracy(model, data);
  }
}
