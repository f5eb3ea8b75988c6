/**
 * The SIMD vector operations alone: the facades of {@code io.github.simdperceptron.kernel}. The
 * op families of {@code ...kernel.internal} are for the project's own modules only.
 *
 * <p>{@code jdk.incubator.vector} is a static dependency: without {@code --add-modules
 * jdk.incubator.vector} the module still resolves and runs its scalar implementation.
 * {@code jdk.management} reads the VM options that decide the Panama path and its FMA use, so that
 * the module path computes what the class path does.
 */
@SuppressWarnings("module")
module io.github.simdperceptron.kernel {
  requires static jdk.incubator.vector;
  requires java.management;
  requires jdk.management;

  exports io.github.simdperceptron.kernel;
  exports io.github.simdperceptron.kernel.internal to
      io.github.simdperceptron,
      io.github.simdperceptron.cli,
      io.github.simdperceptron.bench;
}
