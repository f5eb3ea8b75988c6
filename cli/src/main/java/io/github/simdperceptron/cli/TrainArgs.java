package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.kernel.KernelLearner;
import io.github.simdperceptron.learn.kernel.KernelModel;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.internal.OptionException;
import java.nio.file.Path;

/** The training options train and diff share. */
final class TrainArgs {
  /** How to learn more than two classes: one-vs-rest, or the multi-class perceptron itself. */
  enum Multiclass { ovr, direct }

  /**
   * The learner when --algorithm is not given (but for the kernel perceptron's,
   * {@link #KERNEL_DEFAULT_ALGORITHM}): the best accuracy of the six on every set measured.
   */
  static final Algorithm DEFAULT_ALGORITHM = Algorithm.AVERAGED;
  /**
   * The learner on raw text read into memory (tf-idf rows) when --algorithm is not given: the
   * passive-aggressive steps were the most accurate on every text set measured, seed for seed
   * (docs/text.md). A streamed file (log values) keeps {@link #DEFAULT_ALGORITHM}.
   */
  static final Algorithm TEXT_DEFAULT_ALGORITHM = Algorithm.PA;

  /**
   * The kernel perceptron's learner when --algorithm is not given: the averaged margin perceptron
   * ({@link #KERNEL_DEFAULT_TAU}, {@link #KERNEL_DEFAULT_EPOCHS}), within 0.005 of scikit-learn's
   * SVC on its small sets and above the averaged kernel perceptron on Fashion-MNIST
   * (docs/kernel-perceptron.md).
   */
  static final Algorithm KERNEL_DEFAULT_ALGORITHM = Algorithm.MARGIN;
  /** The kernel default learner's tau, unless --margin gives one. */
  static final float KERNEL_DEFAULT_TAU = 7f;
  /** The kernel default learner's epochs, unless --epochs gives them. */
  static final int KERNEL_DEFAULT_EPOCHS = 50;

  /** The kernel perceptron's kernels. */
  enum KernelName { linear, poly, rbf }

  /** --algorithm, or the default: {@link #rawTextInMemory} may change the default before {@link #options}. */
  Algorithm algorithm;
  private final boolean algorithmGiven;
  /** --kernel without --algorithm: the kernel default learner ({@link #KERNEL_DEFAULT_ALGORITHM}). */
  private final boolean kernelDefault;
  /**
   * --multiclass, or the mode {@link #chooseMulticlass} chose for the data; null for a binary
   * learner. Volatile: the warm-up thread's fits read it while train chooses it.
   */
  volatile Multiclass multiclass;
  /** Whether the command chose {@link #multiclass} from the number of classes (no --multiclass given). */
  boolean multiclassChosen;
  final int epochs;
  final long seed;
  final boolean noShuffle;
  final boolean noBias;
  final Float tau;
  final Float aggressiveness;
  final Integer voteCap;
  final boolean prefetch;
  final KernelName kernel;
  final Double gamma;
  final int degree;
  final double coef0;
  final int budget;
  /** --average: the averaged form of the margin or passive-aggressive kernel learner. */
  final boolean average;

  /** The values {@code given} holds for the options {@link #addOptions} declared. */
  TrainArgs(Options given) {
    Algorithm a = given.get("--algorithm");
    kernel = given.get("--kernel");
    kernelDefault = a == null && kernel != null;
    algorithm = a != null ? a : kernelDefault ? KERNEL_DEFAULT_ALGORITHM : DEFAULT_ALGORITHM;
    algorithmGiven = a != null;
    multiclass = given.get("--multiclass");
    epochs = kernelDefault && !given.given("--epochs") ? KERNEL_DEFAULT_EPOCHS : given.<Integer>get("--epochs");
    seed = given.get("--seed");
    noShuffle = given.get("--no-shuffle");
    noBias = given.get("--no-bias");
    tau = given.get("--margin");
    aggressiveness = given.get("--aggressiveness");
    voteCap = given.get("--vote-cap");
    prefetch = given.get("--prefetch");
    gamma = given.get("--gamma");
    degree = given.get("--degree");
    coef0 = given.get("--coef0");
    budget = given.get("--budget");
    average = kernelDefault || given.<Boolean>get("--average");
  }

  /** Declares the training options in {@code options} (modified). */
  static void addOptions(Options options) {
    options
        .choice("--algorithm", "ALG", "an algorithm", Algorithm.values(),
            "perceptron, pla, pocket, voted, averaged, margin, or the passive-aggressive pa, pa1 or pa2"
                + " (default: averaged)")
        .choice("--multiclass", "MODE", "a multi-class mode", Multiclass.values(), "train a multi-class model: ovr,"
            + " one binary --algorithm per class (any but voted); direct, one weight row per class trained together"
            + " (--algorithm perceptron, averaged, pa, pa1 or pa2). Default: binary on two classes; on more, direct"
            + " for those, ovr for the others")
        .option("--epochs", Options.Type.INT, "N", 10, "at most N passes")
        .option("--seed", Options.Type.LONG, "S", 0L, "seed of the example order")
        .flag("--no-shuffle", "visit the examples in file order every epoch")
        .flag("--no-bias", "learn no bias term (b stays 0)")
        .option("--margin", Options.Type.FLOAT, "TAU",
            "the margin perceptron's tau >= 0: update when y*a <= TAU (default: 1 for margin; 7 for --kernel"
                + " without --algorithm)")
        .option("--aggressiveness", Options.Type.FLOAT, "C", "pa1 and pa2: C > 0; pa1 steps at most C, pa2 adds"
            + " 1/(2C) to its step's denominator; smaller C for noisier data (default: 1)")
        .option("--vote-cap", Options.Type.INT, "K", "voted: keep at most K vectors (default: no cap)")
        .negatable("--prefetch", true, "a second thread reads each example a few visits before training reaches"
            + " it, on training rows of 32 MiB or more (larger than the CPU caches) in shuffled order and with two or"
            + " more processors; it keeps that core busy. On by default; --no-prefetch turns it off. The model does"
            + " not depend on it")
        .choice("--kernel", "K", "a kernel", KernelName.values(), "train the kernel perceptron (dual form) with this"
            + " kernel: linear x.s, poly (G x.s + C)^P, rbf exp(-G |x - s|^2); --algorithm perceptron, voted,"
            + " averaged, margin, pa, pa1 or pa2 (default: the averaged margin perceptron, tau 7, 50 epochs); more"
            + " than two classes need --multiclass direct")
        .option("--gamma", Options.Type.DOUBLE, "G", "the kernel's gamma > 0 (default: 1 / (d * variance of the"
            + " training features), scikit-learn's \"scale\")")
        .option("--degree", Options.Type.INT, "P", 3, "the poly kernel's degree, 1 to 16")
        .option("--coef0", Options.Type.DOUBLE, "C", 0.0, "the poly kernel's constant term")
        .option("--budget", Options.Type.INT, "B", 0, "kernel perceptron: keep at most B support vectors, removing"
            + " one at random (seeded) when a new one would exceed B; 0: no budget. Not with voted")
        .flag("--average", "kernel perceptron with --algorithm margin, pa, pa1 or pa2: the model averages the"
            + " coefficients over every visit, as averaged does the perceptron's");
  }

  /**
   * Declares early stopping's options in {@code options} (modified): {@code --validation-fraction}
   * and {@code --patience}, as train and tag train take them.
   */
  static void addEarlyStoppingOptions(Options options) {
    options
        .option("--validation-fraction", Options.Type.DOUBLE, "F",
            "hold out this fraction for early stopping (default: none)")
        .option("--patience", Options.Type.INT, "P", 5,
            "early stopping: epochs without a better validation accuracy");
  }

  /**
   * {@code options} with the early stopping that {@code --validation-fraction} (null when not
   * given) and {@code --patience} ask for; bad usage (exit 2) for a --patience without a fraction,
   * or a value out of range.
   */
  static TrainingOptions earlyStopping(TrainingOptions options, Double fraction, int patience,
      boolean patienceGiven) {
    double f = fraction == null ? 0 : fraction;
    if (f == 0 && patienceGiven) {
      throw new UsageException("--patience applies to early stopping, which needs --validation-fraction F too"
          + " (e.g. --validation-fraction 0.1)");
    }
    if (f == 0) {
      return options;
    }
    try {
      return options.toBuilder().earlyStopping(f, patience).build();
    } catch (OptionException e) {
      throw usage(e);
    }
  }

  /** The data is raw text trained in memory: without --algorithm, the text default learner. */
  void rawTextInMemory() {
    if (!algorithmGiven) {
      algorithm = TEXT_DEFAULT_ALGORITHM;
    }
  }

  TrainingOptions options() {
    try {
      // The commands report the training accuracy: the kernel perceptron's is cheapest at the fit's end.
      TrainingOptions.Builder o = TrainingOptions.builder().maxEpochs(epochs).seed(seed).shuffle(!noShuffle)
          .bias(!noBias).prefetch(prefetch).trainingClasses(true);
      if (tau != null && algorithm != Algorithm.MARGIN) {
        throw new UsageException("--margin applies to --algorithm margin only");
      }
      if (algorithm == Algorithm.MARGIN) {
        o.tau(tau != null ? tau : kernelDefault ? KERNEL_DEFAULT_TAU : 1f);
      }
      if (aggressiveness != null) {
        if (algorithm != Algorithm.PA1 && algorithm != Algorithm.PA2) {
          throw new UsageException("--aggressiveness applies to --algorithm pa1 and pa2 only (pa takes the full step)");
        }
        o.aggressiveness(aggressiveness);
      }
      if (kernel == null && (gamma != null || budget != 0 || average)) {
        throw new UsageException((gamma != null ? "--gamma" : budget != 0 ? "--budget" : "--average")
            + " applies to the kernel perceptron: add --kernel rbf, poly or linear");
      }
      if (average && !KernelModel.hasAveragedForm(algorithm)) {
        throw new UsageException("--average applies to --algorithm margin, pa, pa1 and pa2 (got "
            + algorithm.canonicalName() + (algorithm == Algorithm.AVERAGED ? ", which is averaged already)" : ")"));
      }
      if (voteCap != null) {
        if (algorithm != Algorithm.VOTED) {
          throw new UsageException("--vote-cap applies to --algorithm voted only");
        }
        o.voteCap(voteCap);
      }
      return o.build();
    } catch (OptionException e) {
      throw usage(e);
    }
  }

  /** The flag that sets a {@link TrainingOptions} property, for messages. */
  static String flag(String option) {
    switch (option) {
      case "maxEpochs":
        return "--epochs";
      case "tau":
        return "--margin";
      case "voteCap":
        return "--vote-cap";
      case "validationFraction":
        return "--validation-fraction";
      case "patience":
        return "--patience";
      default:
        return "--" + option;
    }
  }

  /** A refused option as bad usage (exit 2), named by its flag: "--epochs must be >= 1, got 0". */
  static UsageException usage(OptionException e) {
    return new UsageException(flag(e.option()) + " " + e.reason() + ", got " + e.value());
  }

  /** The algorithm's name, in lower case; {@code averaged-margin}, {@code averaged-pa}, ... with --average. */
  String name() {
    return average ? "averaged-" + algorithm.canonicalName() : algorithm.canonicalName();
  }

  /** The learner as the model file and eval name it, in lower case: "averaged", "ovr(pocket)", "multiclass(averaged)". */
  String learner() {
    if (kernel != null) {
      return "kernel-" + kernel + "(" + name() + ")";
    }
    if (multiclass == null) {
      return name();
    }
    return (multiclass == Multiclass.ovr ? "ovr(" : "multiclass(") + name() + ")";
  }

  /** Refuses an algorithm that the chosen multi-class mode has no learner for (exit 2). */
  void checkMulticlass() {
    if (kernel != null) {
      if (!KernelModel.trainsKernelModels(algorithm)) {
        throw new UsageException("--kernel trains the kernel perceptron: --algorithm perceptron, voted, averaged,"
            + " margin, pa, pa1 or pa2 (got " + name() + ")");
      }
      if (multiclass == Multiclass.ovr) {
        throw new UsageException("--kernel learns K classes directly: use --multiclass direct, not ovr");
      }
      return;
    }
    if (multiclass == Multiclass.ovr && !algorithm.oneVsRest()) {
      throw new UsageException("--multiclass ovr cannot use --algorithm voted (a voted model per class is not one"
          + " weight row); use perceptron, pla, pocket, averaged or margin");
    }
    if (multiclass == Multiclass.direct && !algorithm.multiclass()) {
      throw new UsageException("--multiclass direct trains --algorithm perceptron, averaged, pa, pa1 or pa2"
          + " (got " + name() + "; for " + name() + " per class use --multiclass ovr)");
    }
  }

  /**
   * With more than two classes in {@code data} and no --multiclass, chooses the mode (modifies
   * this object): direct for perceptron and averaged, ovr for the others, and says so in one line
   * on stderr through {@code args}. Voted has neither: that is bad usage (exit 2).
   */
  void chooseMulticlass(Path file, Dataset data, DataArgs args) {
    int k = data.labels().size();
    if (multiclass != null || k <= 2) {
      return;
    }
    String classes = file + ": " + k + " classes " + data.labels();
    if (kernel != null) {
      multiclass = Multiclass.direct;
      multiclassChosen = true;
      args.note(classes + ": training the K-class kernel perceptron (--multiclass direct)");
      return;
    }
    if (!algorithm.multiclass() && !algorithm.oneVsRest()) {
      throw new UsageException(classes + ", and --algorithm " + name() + " has no multi-class learner (a " + name()
          + " model per class is not one weight row): give another --algorithm (averaged, the default, trains the"
          + " multi-class perceptron)");
    }
    multiclass = algorithm.multiclass() ? Multiclass.direct : Multiclass.ovr;
    multiclassChosen = true;
    args.note(classes + ": training " + (multiclass == Multiclass.direct
        ? "the multi-class " + (algorithm == Algorithm.AVERAGED ? "averaged perceptron"
            : algorithm == Algorithm.PERCEPTRON ? "perceptron" : name())
            + " (--multiclass direct; --multiclass ovr trains one " + name() + " per class)"
        : "one " + name() + " per class, against the rest (--multiclass ovr)"));
  }

  /**
   * Multi-label text (a line with several labels) trains one-vs-rest (modifies this object): says
   * so on stderr through {@code args}; refuses --multiclass direct, the pocket and voted (exit 2).
   */
  void chooseMultiLabel(Path file, Dataset data, DataArgs args) {
    if (kernel != null) {
      return;
    }
    if (multiclass == Multiclass.direct) {
      throw new UsageException(file + ": lines with several labels train one-vs-rest: --multiclass ovr, not direct");
    }
    if (!algorithm.oneVsRest() || algorithm == Algorithm.POCKET) {
      throw new UsageException(file + ": lines with several labels train one-vs-rest, and --algorithm " + name()
          + " has no multi-label form there: use perceptron, pla, averaged or margin");
    }
    if (multiclass == null) {
      multiclass = Multiclass.ovr;
      multiclassChosen = true;
      args.note(file + ": some lines have several labels: training one " + name() + " per class, against the rest"
          + " (--multiclass ovr)");
    }
  }

  /** Trains one-vs-rest on multi-label rows, {@code classesOf(i)} giving row i's classes. */
  FitResult<? extends Model> fitMultiLabel(Dataset data, java.util.function.IntFunction<int[]> classesOf,
      TrainingOptions options) {
    try {
      return Learner.fitMultiLabel(algorithm, data, classesOf, options);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage().startsWith("options: early stopping")
          ? "--validation-fraction: early stopping is not available on multi-label lines" : e.getMessage());
    }
  }

  /** The kernel of --kernel with its parameters; --gamma defaults to {@link KernelModel.Function#scaleGamma}. */
  KernelModel.Function function(Dataset data) {
    double g = gamma != null ? gamma : kernel == KernelName.linear ? 1 : KernelModel.Function.scaleGamma(data);
    try {
      return KernelModel.Function.of(kernel.name(), g, degree, coef0);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--kernel " + kernel + ": " + e.getMessage().replace("gamma", "--gamma")
          .replace("degree", "--degree").replace("coef0", "--coef0"));
    }
  }

  /** Trains the binary learner, or with --multiclass the multi-class one. */
  FitResult<? extends Model> fit(Dataset data, TrainingOptions options) {
    checkMulticlass();
    if (kernel != null) {
      try {
        return average ? KernelLearner.fitAveraged(algorithm, function(data), budget, data, options)
            : KernelLearner.fit(algorithm, function(data), budget, data, options);
      } catch (OptionException e) {
        throw usage(e);
      }
    }
    if (multiclass == Multiclass.ovr) {
      return Learner.fitOneVsRest(algorithm, data, options);
    }
    if (multiclass == Multiclass.direct) {
      return Learner.fitMulticlass(algorithm, data, options);
    }
    return Learner.fit(algorithm, data, options);
  }
}
