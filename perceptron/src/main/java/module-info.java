/**
 * The perceptron library: datasets, learners and models, the kernel and sequence learners, text,
 * data and model files, and the bounds. The {@code internal} packages are for the project's own
 * modules only (the command, the Spark learners, the benchmarks).
 */
@SuppressWarnings("module")
module io.github.simdperceptron {
  requires transitive io.github.simdperceptron.kernel;
  requires ojalgo;

  exports io.github.simdperceptron.data;
  exports io.github.simdperceptron.io;
  exports io.github.simdperceptron.learn;
  exports io.github.simdperceptron.learn.calibration;
  exports io.github.simdperceptron.learn.kernel;
  exports io.github.simdperceptron.sequence;
  exports io.github.simdperceptron.text;
  exports io.github.simdperceptron.theory;

  exports io.github.simdperceptron.data.internal to
      io.github.simdperceptron.cli,
      io.github.simdperceptron.bench;
  exports io.github.simdperceptron.io.internal to
      io.github.simdperceptron.cli,
      io.github.simdperceptron.spark,
      io.github.simdperceptron.bench;
  exports io.github.simdperceptron.learn.internal to
      io.github.simdperceptron.cli;
}
