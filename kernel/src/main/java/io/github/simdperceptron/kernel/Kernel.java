package io.github.simdperceptron.kernel;

/**
 * Which kernel implementation this JVM runs.
 *
 * <p>The choice is made once, when the kernel is first used: {@code "panama"} (the JDK Vector API)
 * when the JVM was started with {@code --add-modules jdk.incubator.vector} and has the C2
 * compiler, {@code "scalar"} otherwise. The system property {@code simdperceptron.impl}
 * ({@code auto}, {@code panama} or {@code scalar}) forces one, {@code simdperceptron.vectorBits}
 * (64, 128, 256, 512) the Panama vector width and {@code simdperceptron.fma} ({@code true} or
 * {@code false}) whether reductions use fused multiply-add.
 */
public final class Kernel {
  private Kernel() {}

  /** The active implementation: {@code "panama"} or {@code "scalar"}. */
  public static String implementation() {
    return VectorOpsProvider.INSTANCE.name();
  }

  /** The Panama vector width in bits, or 0 when the scalar implementation is active. */
  public static int vectorBits() {
    return VectorOpsProvider.INSTANCE.vectorBits();
  }

  /** How many floats one vector holds: {@code vectorBits() / 32}, or 1 for scalar. */
  public static int floatLanes() {
    int bits = vectorBits();
    return bits == 0 ? 1 : bits / Float.SIZE;
  }

  /** Whether dot products and other reductions use fused multiply-add. Element-wise updates never do. */
  public static boolean usesFma() {
    return VectorOpsProvider.INSTANCE.fma();
  }

  /** One line for logs and {@code perceptron info}, e.g. {@code panama 256-bit (8 float lanes), fma on}. */
  public static String describe() {
    String fma = usesFma() ? "fma on" : "fma off";
    if (vectorBits() == 0) {
      return implementation() + ", " + fma;
    }
    return implementation() + " " + vectorBits() + "-bit (" + floatLanes() + " float lanes), " + fma;
  }
}
