package io.github.simdperceptron.kernel;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.Random;
import java.util.TreeSet;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import org.junit.jupiter.api.TestInfo;

/**
 * Shared pieces of the kernel tests, in the style of Lucene's {@code TestVectorUtilSupport}: the
 * awkward sizes derived from the active lane count, seeded randomness that can be replayed, data
 * generators, exact (double) values and the rounding bound, and bit-for-bit assertions.
 */
final class KernelTestSupport {

  /** Replays a run: {@code -Dtests.seed=0x...} (the value printed by every randomised test). */
  static final String SEED_PROPERTY = "tests.seed";
  static final long MASTER_SEED = masterSeed();

  /** float lanes of the active implementation (1 for scalar). */
  static final int L = Kernel.floatLanes();
  /** The large size, run for the O(n) operations. */
  static final int LARGE = 1 << 20;

  /** Unit roundoff of float and of double. */
  static final double U = 0x1p-24;
  static final double U_DOUBLE = 0x1p-53;

  private KernelTestSupport() {}

  private static long masterSeed() {
    String s = System.getProperty(SEED_PROPERTY);
    if (s == null || s.isBlank()) {
      return new Random().nextLong();
    }
    s = s.trim();
    return s.startsWith("0x") || s.startsWith("0X") ? Long.parseUnsignedLong(s.substring(2), 16) : Long.parseLong(s);
  }

  /** A per-test Random: derived from the master seed and the test's name, so a test replays alone. */
  static final class Seeded {
    final Random random;
    private final String tag;

    private Seeded(String testName) {
      this.random = new Random(MASTER_SEED ^ (0x9E3779B97F4A7C15L * testName.hashCode()));
      this.tag = "[" + testName + ", replay with -D" + SEED_PROPERTY + "=0x" + Long.toHexString(MASTER_SEED) + "]";
    }

    static Seeded forTest(TestInfo info) {
      String name = info.getTestClass().map(Class::getSimpleName).orElse("?") + "."
          + info.getTestMethod().map(java.lang.reflect.Method::getName).orElse(info.getDisplayName());
      Seeded seeded = new Seeded(name);
      System.out.println("seed " + seeded);
      return seeded;
    }

    @Override
    public String toString() {
      return tag;
    }
  }

  /**
   * 0, 1, and k*L - 1, k*L, k*L + 1 for k = 1, 2, 4, 8, 16 (lane count, the two-vector minimum, the
   * 4x unroll, and beyond), then the primes 1021, 4099 and 6151 (the last two on either side of
   * the length from which a dot of whole arrays takes the general loop). With L = 1 (scalar) this
   * also covers the 2x and 4x scalar unrolls.
   */
  static int[] sizes() {
    TreeSet<Integer> s = new TreeSet<>();
    s.add(0);
    s.add(1);
    for (int k : new int[] {1, 2, 4, 8, 16}) {
      s.add(k * L - 1);
      s.add(k * L);
      s.add(k * L + 1);
    }
    s.add(1021);
    s.add(4099);
    s.add(6151);
    return s.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Runs check for every size, then (when asked) for {@link #LARGE}. */
  static void forAllSizes(boolean withLarge, IntConsumer check) {
    for (int n : sizes()) {
      check.accept(n);
    }
    if (withLarge) {
      check.accept(LARGE);
    }
  }

  /** Repetitions with fresh random offsets: several for small sizes, one for big ones. */
  static int trials(int n) {
    return n <= 16 * L + 1 ? 3 : 1;
  }

  /** A random offset up to two vectors and a bit, so loads start at every alignment. */
  static int offset(Random r) {
    return r.nextInt(2 * L + 3);
  }

  /** The two kinds of input data. */
  enum Data {
    /** Small integers: every product and partial sum is exact, so results must match bit for bit. */
    INTEGER,
    /** Reals of mixed magnitude: reductions within the rounding bound, updates bit for bit. */
    REAL
  }

  /**
   * The largest m in [1, 8] such that {@code terms} products of two integers in [-m, m] sum (in
   * absolute value) to at most 2^24, so every partial sum, in any order, is an exactly
   * representable integer.
   */
  static int intBound(long terms) {
    int m = 8;
    while (m > 1 && terms * m * m > (1 << 24)) {
      m--;
    }
    return m;
  }

  /** One value: an integer in [-m, m] (INTEGER) or a real as described in {@link #real}. */
  static float value(Random r, Data data, int m) {
    return data == Data.INTEGER ? r.nextInt(2 * m + 1) - m : real(r);
  }

  /**
   * A uniform value in (-1, 1) times 2^e, e uniform in [-6, 6]: magnitudes spread over 12 binades so
   * that summation order matters. Non-zero values are at least 2^-29 in magnitude and at most 64, so
   * no product of two of them, nor any sum of up to 2^20 such products, underflows or overflows:
   * the rounding bound below needs no absolute (underflow) term.
   */
  static float real(Random r) {
    return Math.scalb(2 * r.nextFloat() - 1, r.nextInt(13) - 6);
  }

  static float[] array(Random r, Data data, int m, int length) {
    float[] a = new float[length];
    for (int i = 0; i < length; i++) {
      a[i] = value(r, data, m);
    }
    return a;
  }

  /** An array holding n values at offset, with random values before and after (which must not matter). */
  static float[] array(Random r, Data data, int m, int offset, int n) {
    return array(r, data, m, offset + n + r.nextInt(L + 2));
  }

  static double[] doubles(Random r, int length) {
    double[] a = new double[length];
    for (int i = 0; i < length; i++) {
      a[i] = Math.scalb(2 * r.nextDouble() - 1, r.nextInt(13) - 6);
    }
    return a;
  }

  /** A scalar coefficient: a small integer or a real. */
  static float coefficient(Random r, Data data) {
    return data == Data.INTEGER ? r.nextInt(7) - 3 : real(r);
  }

  /** {exact sum, sum of |terms|} of a[aOff+i] * b[bOff+i]; a product of two floats is exact in double. */
  static double[] exactDot(float[] a, int aOff, float[] b, int bOff, int n) {
    double sum = 0;
    double abs = 0;
    for (int i = 0; i < n; i++) {
      double p = (double) a[aOff + i] * b[bOff + i];
      sum += p;
      abs += Math.abs(p);
    }
    return new double[] {sum, abs};
  }

  /** gamma_n = n u / (1 - n u) for float, the classical bound on n roundings (Higham, Lemma 3.1). */
  static double gamma(long n) {
    double nu = n * U;
    if (nu >= 0.5) {
      throw new IllegalArgumentException("too many terms for the bound: " + n);
    }
    return nu / (1 - nu);
  }

  /**
   * Asserts |actual - exact| <= (gamma_n + 2 * gamma53_n) * absSum, where absSum = sum |x_i y_i|
   * over the n terms.
   *
   * <p>Why gamma_n, whatever the summation order: any way of evaluating a sum of n products is a
   * binary tree with n leaves, so each product passes through at most n-1 additions, plus its own
   * multiplication, each rounded once: at most n roundings, hence
   * fl = sum x_i y_i (1 + theta_i) with |theta_i| <= gamma_n (Higham, Accuracy and Stability of
   * Numerical Algorithms, 2nd ed., Lemma 3.1 and eq. (3.5), which holds for any order). Several
   * accumulators, a lane reduction in any order and a scalar tail are such a tree. A fused
   * multiply-add rounds a product and a sum once, so it only lowers the count. The bound is
   * c * n * 2^-24 * absSum with c = 1 / (1 - n u), at most 1.07 for n <= 2^20. The second term
   * covers the double evaluation of exact and absSum (n roundings of u = 2^-53 each); it is
   * 2^-29 times the first. No absolute term is needed: the data cannot underflow (see
   * {@link #real}).
   */
  static void assertWithinBound(float actual, double exact, double absSum, long n, Supplier<String> ctx) {
    double tolerance = (gamma(n) + 2 * n * U_DOUBLE / (1 - n * U_DOUBLE)) * absSum;
    double error = Math.abs(actual - exact);
    if (!(error <= tolerance)) {
      fail(ctx.get() + ": |" + actual + " - " + exact + "| = " + error + " exceeds the bound " + tolerance
          + " (n = " + n + ", sum|terms| = " + absSum + ")");
    }
  }

  /** The result of a reduction: bit for bit the reference and the exact value (INTEGER), or within the bound (REAL). */
  static void assertReduction(Data data, float actual, float reference, double[] exact, long n,
      Supplier<String> ctx) {
    if (data == Data.INTEGER) {
      if (exact[1] > 1 << 24) {
        throw new IllegalStateException(ctx.get() + ": integer data sums to " + exact[1] + " > 2^24");
      }
      assertSameBits(reference, actual, ctx);
      if (actual != exact[0]) {
        fail(ctx.get() + ": " + actual + " differs from the exact " + exact[0]);
      }
    } else {
      assertWithinBound(actual, exact[0], exact[1], n, ctx);
    }
  }

  static boolean sameBits(float a, float b) {
    return Float.floatToRawIntBits(a) == Float.floatToRawIntBits(b) || (Float.isNaN(a) && Float.isNaN(b));
  }

  static boolean sameBits(double a, double b) {
    return Double.doubleToRawLongBits(a) == Double.doubleToRawLongBits(b) || (Double.isNaN(a) && Double.isNaN(b));
  }

  /** Equal bit patterns (so 0.0 and -0.0 differ); any NaN equals any NaN. */
  static void assertSameBits(float expected, float actual, Supplier<String> ctx) {
    if (!sameBits(expected, actual)) {
      fail(ctx.get() + ": expected " + expected + " (0x" + Integer.toHexString(Float.floatToRawIntBits(expected))
          + ") but was " + actual + " (0x" + Integer.toHexString(Float.floatToRawIntBits(actual)) + ")");
    }
  }

  static void assertSameBits(float[] expected, float[] actual, Supplier<String> ctx) {
    if (expected.length != actual.length) {
      fail(ctx.get() + ": length " + actual.length + ", expected " + expected.length);
    }
    for (int i = 0; i < expected.length; i++) {
      if (!sameBits(expected[i], actual[i])) {
        final int at = i;
        assertSameBits(expected[i], actual[i], () -> ctx.get() + " at [" + at + "]");
      }
    }
  }

  static void assertSameBits(double[] expected, double[] actual, Supplier<String> ctx) {
    if (expected.length != actual.length) {
      fail(ctx.get() + ": length " + actual.length + ", expected " + expected.length);
    }
    for (int i = 0; i < expected.length; i++) {
      if (!sameBits(expected[i], actual[i])) {
        fail(ctx.get() + " at [" + i + "]: expected " + expected[i] + " but was " + actual[i]);
      }
    }
  }
}
