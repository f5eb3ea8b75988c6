package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.ModelFile;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.LinearModel;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.TrainingReport;
import io.github.simdperceptron.learn.TrainingState;
import io.github.simdperceptron.learn.VotedModel;
import io.github.simdperceptron.learn.internal.OptionException;
import io.github.simdperceptron.learn.internal.ReportAccess;
import io.github.simdperceptron.learn.kernel.KernelModel;
import io.github.simdperceptron.learn.kernel.KernelTrainingState;
import java.io.IOException;
import java.util.List;

/**
 * {@code perceptron train} with {@code --resume} or {@code --save-state}: a training that can be
 * continued ({@link TrainingState}). With --resume the learner and its options are the saved
 * model's and --epochs counts the epochs to add; the model file carries the state only with
 * --save-state, so a file written without it has the bytes a plain train would write.
 */
final class ResumableTraining {
  /** The options --resume takes from the saved model: giving one is bad usage. */
  private static final List<String> FROM_THE_MODEL = List.of("--algorithm", "--multiclass", "--seed", "--no-shuffle",
      "--no-bias", "--margin", "--aggressiveness", "--vote-cap", "--kernel", "--gamma", "--degree", "--coef0",
      "--budget", "--average", "--validation-fraction", "--patience", "--stream");

  private final TrainCommand c;
  private final Options given;

  ResumableTraining(TrainCommand command, Options given) {
    this.c = command;
    this.given = given;
  }

  /** Trains, writes the model (with its state when asked) and prints the report; returns the exit code. */
  int call(TextArgs text) throws IOException {
    String which = c.resume != null ? "--resume" : "--save-state";
    if (c.resume != null) {
      for (String flag : FROM_THE_MODEL) {
        if (given.given(flag)) {
          throw new UsageException(flag + ": --resume continues the learner and the options of " + c.resume
              + " (perceptron info lists them); drop " + flag);
        }
      }
    } else {
      if (c.validationFraction != null && c.validationFraction != 0) {
        throw new UsageException("--save-state: a training with --validation-fraction cannot be continued exactly"
            + " (early stopping keeps the best epoch's model, not the one training ends in)");
      }
      if (text.stream) {
        throw new UsageException("--save-state: --stream training is not resumable");
      }
    }
    ModelFile from = c.resume != null ? ModelFile.read(c.resume) : null;
    if (from != null ? from.model() instanceof KernelModel : c.train.kernel != null) {
      return kernel(from);
    }
    TrainingState state = null;
    if (c.resume != null) {
      boolean voted = from.model() instanceof VotedModel;
      if (!(from.model() instanceof LinearModel) && !(from.model() instanceof MulticlassModel)
          && !(voted && from.state() != null)) {
        throw new UsageException("--resume " + c.resume + ": a " + from.algorithm().toLowerCase(java.util.Locale.ROOT)
            + " model cannot be continued" + (voted ? " without its training state (train it with --save-state)"
            : " (the linear learners and their multi-class forms can)"));
      }
      c.dataArgs.useModelText(from.text());
      state = from.state();
      if (state == null) {
        state = TrainingState.fromModel(from.model(), from.algorithm(), from.trainingOptions());
        c.dataArgs.warn(c.resume + ": no training state (it was written without --save-state): continuing from its"
            + " weights, with the averaged sums, the pocket, the stopping and the example order afresh, so the model"
            + " is not the one a longer run gives");
      }
    }
    Dataset trainSet = c.dataArgs.read(c.data, 0);
    if (text.stream || c.dataArgs.lastCorpus != null && c.dataArgs.lastCorpus.multiLabel()) {
      throw new UsageException(which + ": lines with several labels train one-vs-rest on multi-label rows, which"
          + " is not resumable");
    }
    if (state == null) {
      c.train.checkMulticlass();
      c.train.chooseMulticlass(c.data, trainSet, c.dataArgs);
      TrainingState.Form form = c.train.multiclass == null ? TrainingState.Form.BINARY
          : c.train.multiclass == TrainArgs.Multiclass.ovr ? TrainingState.Form.ONE_VS_REST
          : TrainingState.Form.MULTICLASS;
      state = TrainingState.start(form, c.train.algorithm, c.train.options());
    }
    int epochsBefore = state.epochs();
    FitResult<Model> fit = state.train(trainSet, c.train.epochs);
    Model m = fit.model();
    ModelFile file = ModelFile.of(state);
    if (!c.saveState) {
      file = file.withoutState();
    }
    ModelFile.write(c.model, file.withText(c.dataArgs.text()));
    Dataset testSet = c.test == null ? null : c.dataArgs.read(c.test, c.testLabels, m.dimension(), true);
    TrainingReport r = fit.report();
    double trainAccuracy = 1 - r.trainingError();
    double testAccuracy = testSet == null ? Double.NaN : m.accuracy(testSet);
    return report(state.learner(), trainSet, m, r, trainAccuracy, testSet, testAccuracy, epochsBefore, state.epochs());
  }

  /** Prints the run's report (JSON with --json); returns the exit code. */
  private int report(String learner, Dataset trainSet, Model m, TrainingReport r, double trainAccuracy,
      Dataset testSet, double testAccuracy, int epochsBefore, int epochsTotal) {
    if (testSet != null) {
      c.dataArgs.warnUnknownClasses(c.test, testSet, m.labels());
    }
    if (c.json) {
      c.out.println(new Json()
          .put("command", "train")
          .put("learner", learner)
          .put("resumed_from", c.resume == null ? null : c.resume.toString())
          .put("data", c.data.toString())
          .put("examples", trainSet.size())
          .put("dimension", m.dimension())
          .put("classes", m.labels().names())
          .put("training_accuracy", trainAccuracy)
          .put("test_accuracy", testSet == null ? null : testAccuracy)
          .put("mistakes", r.mistakes())
          .put("updates", r.updates())
          .put("epochs", r.epochs())
          .put("epochs_total", epochsTotal)
          .put("converged", r.converged())
          .put("state_saved", c.saveState)
          .put("model", c.model.toString()));
      return 0;
    }
    c.out.printf("%s %s on %s: %d examples, %d features, %d classes %s%n", c.resume == null ? "trained" : "resumed",
        learner.toLowerCase(java.util.Locale.ROOT), c.data, trainSet.size(), m.dimension(), m.labels().size(),
        m.labels());
    c.out.printf("epochs %d (%d before, %d in all)%s, mistakes %d, updates %d%n", r.epochs(), epochsBefore,
        epochsTotal, r.converged() ? " (converged)" : r.halted() ? " (halted)" : "", r.mistakes(), r.updates());
    c.out.printf("training accuracy %s%s%n", Format.percent(trainAccuracy), testSet == null ? ""
        : String.format(", test accuracy %s (%s, %d examples)", Format.percent(testAccuracy), c.test, testSet.size()));
    c.out.printf("model written to %s%s%n", c.model, c.saveState ? " (with its training state)" : "");
    return 0;
  }

  /** The kernel perceptron's resumable training ({@link KernelTrainingState}), from the model of {@code from} or afresh. */
  private int kernel(ModelFile from) throws IOException {
    KernelTrainingState state;
    if (from != null) {
      state = from.kernelState();
      if (state == null) {
        throw new UsageException("--resume " + c.resume + ": a kernel model without its training state cannot be"
            + " continued (its training rows' scores are not in it); train it with --save-state");
      }
    } else {
      state = null;
    }
    Dataset trainSet = c.dataArgs.read(c.data, 0);
    if (c.dataArgs.text() != null) {
      throw new UsageException("--kernel: the kernel perceptron takes numbers (libsvm, CSV, IDX); on text, train a"
          + " linear learner (drop --kernel)");
    }
    if (state == null) {
      c.train.checkMulticlass();
      c.train.chooseMulticlass(c.data, trainSet, c.dataArgs);
      try {
        state = KernelTrainingState.start(c.train.algorithm, c.train.average, c.train.function(trainSet),
            c.train.budget, c.train.options());
      } catch (OptionException e) {
        throw TrainArgs.usage(e);
      }
    }
    int epochsBefore = state.epochs();
    FitResult<KernelModel> fit;
    try {
      fit = state.train(trainSet, c.train.epochs);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--data " + c.data + ": " + e.getMessage());
    }
    KernelModel m = fit.model();
    ModelFile file = ModelFile.of(state);
    ModelFile.write(c.model, c.saveState ? file : file.withoutState());
    Dataset testSet = c.test == null ? null : c.dataArgs.read(c.test, c.testLabels, m.dimension(), true);
    TrainingReport r = fit.report();
    double trainAccuracy = ReportAccess.trainingAccuracy(r, m, trainSet);
    double testAccuracy = testSet == null ? Double.NaN : m.accuracy(testSet);
    return report(state.learner(), trainSet, m, r, trainAccuracy, testSet, testAccuracy, epochsBefore, state.epochs());
  }
}
