package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.DataFormat;
import io.github.simdperceptron.io.ModelFile;
import io.github.simdperceptron.learn.LinearModel;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.TrainingState;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * {@code perceptron learn}: keeps a saved linear model learning from a stream of labelled libsvm
 * lines (progressive validation: each example is predicted, counted, then learnt), saving it
 * atomically now and then, at the end, and on SIGINT or SIGTERM (docs/online.md).
 */
final class LearnCommand {
  private final Path model;
  private final Path data;
  private final long saveEvery;
  private final long reportEvery;
  private final PrintWriter out;
  private final PrintWriter err;
  /** Guards the pass and the saves between the reading thread and the shutdown hook. */
  private final Object lock = new Object();
  private boolean ended;

  /** The options learn takes, in the order help lists them. */
  static Options options() {
    return new Options("perceptron learn",
        "Keeps a model learning from labelled libsvm lines of a file or of standard input (never-ending is fine):"
            + " each example is predicted, counted (progressive accuracy) and then learnt; the model is saved"
            + " atomically every --save-every examples, at the end, and on SIGINT/SIGTERM.")
        .option("--model", Options.Type.PATH, "M", "the model to continue (train's linear learners), rewritten in"
            + " place; with its training state when it has one").required()
        .option("--data", Options.Type.PATH, "FILE", "labelled libsvm lines; - for standard input (the default)")
        .option("--save-every", Options.Type.LONG, "N", 100_000L, "save after every N examples (0: only at the end)")
        .option("--report-every", Options.Type.LONG, "N", 10_000L,
            "print the progressive accuracy after every N examples (0: only at the end)");
  }

  LearnCommand(Options given, PrintWriter out, PrintWriter err) {
    model = given.get("--model");
    Path d = given.get("--data");
    data = d == null ? Path.of("-") : d;
    saveEvery = given.<Long>get("--save-every");
    reportEvery = given.<Long>get("--report-every");
    this.out = out;
    this.err = err;
  }

  /** Learns until the stream ends (or a signal), saves, prints the progressive accuracy; returns the exit code. */
  int call() throws IOException {
    if (saveEvery < 0 || reportEvery < 0) {
      throw new UsageException((saveEvery < 0 ? "--save-every " + saveEvery : "--report-every " + reportEvery)
          + ": expected a count >= 0");
    }
    ModelFile from = ModelFile.read(model);
    boolean withState = from.state() != null;
    TrainingState state = continuable("--model", model, from);
    TrainingState.Pass pass;
    try {
      pass = state.pass();
    } catch (IllegalArgumentException e) {
      throw notOnline("--model", model, e);
    }
    int d = from.model().dimension();
    Thread hook = new Thread(() -> end(pass, withState, "stopped by a signal"));
    Runtime.getRuntime().addShutdownHook(hook);
    try (DataFormat.Reader reader = DataArgs.isStdin(data) ? DataFormat.libsvm().open(System.in, "<stdin>")
        : DataFormat.libsvm().open(data)) {
      while (reader.next()) {
        Dataset one = example(reader, d);
        synchronized (lock) {
          if (ended) {
            break;
          }
          try {
            pass.learn(one, 0);
          } catch (IllegalArgumentException e) {
            end(pass, withState, null);
            throw new UsageException(reader.source() + ":" + reader.line() + ": " + e.getMessage() + " (the "
                + pass.examples() + " examples before it are learnt and saved)");
          }
          long n = pass.examples();
          if (saveEvery > 0 && n % saveEvery == 0) {
            save(pass.checkpoint(), withState);
          }
          if (reportEvery > 0 && n % reportEvery == 0) {
            report(pass, false);
          }
        }
      }
      end(pass, withState, null);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    } catch (IOException | RuntimeException e) {
      // A malformed line: what was learnt before it is saved, then the error is reported.
      end(pass, withState, null);
      throw e;
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // The JVM is shutting down, and the hook saves.
      }
    }
    return 0;
  }

  /**
   * The training state of a model file that can keep learning (a linear learner's model, not of
   * raw text): its own, or one continuing its weights; otherwise a usage error naming the option.
   */
  static TrainingState continuable(String option, Path model, ModelFile from) {
    if (from.text() != null && (from.model() instanceof LinearModel || from.model() instanceof MulticlassModel)) {
      throw new UsageException(option + " " + model + ": learning reads libsvm lines, and this model reads raw text");
    }
    return continuableText(option, model, from);
  }

  /** As {@link #continuable}, a model of raw text too (its rows come from its own vectorizer). */
  static TrainingState continuableText(String option, Path model, ModelFile from) {
    if (!(from.model() instanceof LinearModel) && !(from.model() instanceof MulticlassModel)) {
      throw new UsageException(option + " " + model + ": a " + from.algorithm().toLowerCase(java.util.Locale.ROOT)
          + " model cannot keep learning (the linear learners can)");
    }
    return from.state() != null ? from.state()
        : TrainingState.fromModel(from.model(), from.algorithm(), from.trainingOptions());
  }

  /** The usage error for a learner that an online pass cannot continue ({@link TrainingState#pass()}'s refusal). */
  static UsageException notOnline(String option, Path model, IllegalArgumentException e) {
    return new UsageException(option + " " + model + ": " + e.getMessage().replace("algorithm of an online pass",
        "learn and serve continue perceptron, averaged and margin learners; the algorithm"));
  }

  /** The reader's current example as a one-row dataset of dimension d; a feature beyond d is an error naming the line. */
  private static Dataset example(DataFormat.Reader reader, int d) {
    int[] idx = reader.indices();
    int nnz = idx.length;
    if (nnz > 0 && idx[nnz - 1] >= d) {
      throw new UsageException(reader.source() + ":" + reader.line() + ": feature " + (idx[nnz - 1] + 1)
          + " is beyond the model's " + d + " features (learn does not grow a model; train --resume does)");
    }
    float[] values = reader.values();
    return Dataset.builder(d).add(idx, values, reader.label()).build();
  }

  /** Ends the pass once (the end of the stream, an error, or a signal: {@code why}), saves and reports. */
  private void end(TrainingState.Pass pass, boolean withState, String why) {
    synchronized (lock) {
      if (ended) {
        return;
      }
      ended = true;
      try {
        save(pass.finish(), withState);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      report(pass, true);
      if (why != null) {
        err.println("perceptron learn: " + why + "; the model of " + pass.examples() + " examples is saved to "
            + model);
        err.flush();
      }
    }
  }

  private void save(TrainingState state, boolean withState) throws IOException {
    ModelFile file = ModelFile.of(state);
    ModelFile.write(model, withState ? file : file.withoutState());
  }

  private void report(TrainingState.Pass pass, boolean last) {
    long n = pass.examples();
    out.printf("%s %d examples, progressive accuracy %s (%d mistakes)%s%n", last ? "learnt" : "learning", n,
        n == 0 ? "-" : Format.percent(1 - pass.mistakes() / (double) n), pass.mistakes(),
        last ? ", model saved to " + model : "");
    out.flush();
  }
}
