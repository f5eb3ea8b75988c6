package io.github.simdperceptron.learn.internal;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.TrainingReport;

/**
 * Internal access to a training report's post-fit figures, for the command line: the training
 * accuracy and the report's training error from one scoring of the training rows. Not part of
 * the API.
 */
public final class ReportAccess {
  /** The operations behind this class, implemented in the learn package. */
  public interface Bridge {
    double trainingAccuracy(TrainingReport report, Model model, Dataset data);
  }

  private static Bridge installed;

  private ReportAccess() {}

  /** Called once by the learn package when {@link TrainingReport} is initialized; any other call throws. */
  public static synchronized void install(Bridge bridge) {
    Class<?> c = bridge.getClass();
    if (installed != null || !c.getPackageName().equals(TrainingReport.class.getPackageName())
        || c.getClassLoader() != TrainingReport.class.getClassLoader()) {
      throw new IllegalStateException("the report bridge is installed by the learn package, once");
    }
    installed = bridge;
  }

  private static final class Holder {
    static final Bridge BRIDGE = load();

    private static Bridge load() {
      try {
        Class.forName(TrainingReport.class.getName(), true, TrainingReport.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new AssertionError(e);
      }
      synchronized (ReportAccess.class) {
        return installed;
      }
    }
  }

  /**
   * {@code model.accuracy(data)}, the same double. When model and data are the very objects the
   * report's figures were made of and its training error is not known yet, the rows are scored
   * once for both: the report's {@link TrainingReport#trainingError()} then gives the value it
   * would have computed on its own, without scoring them again.
   */
  public static double trainingAccuracy(TrainingReport report, Model model, Dataset data) {
    return Holder.BRIDGE.trainingAccuracy(report, model, data);
  }
}
