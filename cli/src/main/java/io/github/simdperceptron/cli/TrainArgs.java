package io.github.simdperceptron.cli;

import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.TrainingOptions;
import java.util.Locale;
import picocli.CommandLine.Option;

/** The training options train and diff share. */
final class TrainArgs {
  @Option(names = "--algorithm", required = true, paramLabel = "ALG", converter = AlgorithmConverter.class,
      description = "perceptron, pla, pocket, voted, averaged or margin")
  Algorithm algorithm;

  @Option(names = "--epochs", paramLabel = "N", defaultValue = "10", description = "at most N passes (default: ${DEFAULT-VALUE})")
  int epochs;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "0", description = "seed of the example order (default: ${DEFAULT-VALUE})")
  long seed;

  @Option(names = "--no-shuffle", description = "visit the examples in file order every epoch")
  boolean noShuffle;

  @Option(names = "--no-bias", description = "learn no bias term (b stays 0)")
  boolean noBias;

  @Option(names = "--margin", paramLabel = "TAU",
      description = "the margin perceptron's tau >= 0: update when y*a <= TAU (default: 1 for margin)")
  Float tau;

  @Option(names = "--vote-cap", paramLabel = "K", description = "voted: keep at most K vectors (default: no cap)")
  Integer voteCap;

  static final class AlgorithmConverter implements picocli.CommandLine.ITypeConverter<Algorithm> {
    @Override
    public Algorithm convert(String value) {
      try {
        return Algorithm.valueOf(value.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new picocli.CommandLine.TypeConversionException("'" + value
            + "' is not an algorithm (expected perceptron, pla, pocket, voted, averaged or margin)");
      }
    }
  }

  TrainingOptions options() {
    try {
      TrainingOptions o = TrainingOptions.defaults().withMaxEpochs(epochs).withSeed(seed).withShuffle(!noShuffle)
          .withBias(!noBias);
      if (tau != null && algorithm != Algorithm.MARGIN) {
        throw new UsageException("--margin applies to --algorithm margin only");
      }
      if (algorithm == Algorithm.MARGIN) {
        o = o.withTau(tau == null ? 1f : tau);
      }
      if (voteCap != null) {
        if (algorithm != Algorithm.VOTED) {
          throw new UsageException("--vote-cap applies to --algorithm voted only");
        }
        o = o.withVoteCap(voteCap);
      }
      return o;
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage().replace("maxEpochs", "--epochs").replace("tau", "--margin")
          .replace("voteCap", "--vote-cap"));
    }
  }

  String name() {
    return algorithm.name().toLowerCase(Locale.ROOT);
  }
}
