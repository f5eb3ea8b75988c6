package io.github.simdperceptron.kernel;

import static io.github.simdperceptron.kernel.KernelTestSupport.assertReduction;
import static io.github.simdperceptron.kernel.KernelTestSupport.assertSameBits;
import static io.github.simdperceptron.kernel.KernelTestSupport.intBound;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.simdperceptron.kernel.KernelTestSupport.Data;
import io.github.simdperceptron.kernel.KernelTestSupport.Seeded;
import io.github.simdperceptron.kernel.internal.ClassMatrix;
import io.github.simdperceptron.kernel.internal.ClassScores;
import io.github.simdperceptron.kernel.internal.ClassSteps;
import io.github.simdperceptron.reference.ReferenceOps;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The K-class kernel over feature-major weights ({@link ClassScores}) against its literal twins
 * {@code ReferenceOps.classScores} and {@code classUpdate}: scores bit for bit on integer data and
 * within the rounding bound of the exact value on real data (each class is a sum of nnz products,
 * so the bound of {@link KernelTestSupport#assertWithinBound} with n = nnz applies); updates bit
 * for bit on any data (the product is rounded, then the sum, in both). Rows with every non-zero
 * count around the four chains and their remainders, binary rows, padded class counts, row ranges
 * inside a larger CSR array.
 */
class ClassScoresDifferentialTest {
  private static final int[] NON_ZEROS = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 33, 100, 391, 1000};

  @Test
  void paddedClassesAreWholeVectors() {
    int kp = ClassScores.paddedClasses(10);
    assertEquals(0, kp % Math.max(8, Kernel.floatLanes()), "kp " + kp + " is whole vectors");
    assertEquals(true, kp >= 10, "kp " + kp);
    assertEquals(ClassScores.paddedClasses(1), ClassScores.paddedClasses(Math.max(8, Kernel.floatLanes())));
  }

  @Test
  void scoresAndUpdatesAgreeWithTheReference(TestInfo info) {
    Seeded seeded = Seeded.forTest(info);
    Random r = seeded.random;
    for (int k : new int[] {1, 2, 3, 8, 10, 17, 40}) {
      int kp = ClassScores.paddedClasses(k);
      for (int nnz : NON_ZEROS) {
        for (Data data : Data.values()) {
          for (boolean binary : new boolean[] {false, true}) {
            check(r, data, k, kp, nnz, binary, seeded);
          }
        }
      }
    }
  }

  private static void check(Random r, Data data, int k, int kp, int nnz, boolean binary, Seeded seeded) {
    int d = nnz + 1 + r.nextInt(2 * nnz + 5);
    int m = intBound(Math.max(1, nnz));
    // The row sits inside a larger CSR array: other rows' entries before and after must not matter.
    int before = r.nextInt(4);
    int after = r.nextInt(4);
    int[] idx = new int[before + nnz + after];
    float[] val = new float[idx.length];
    int[] row = distinctSorted(r, nnz, d);
    for (int t = 0; t < idx.length; t++) {
      idx[t] = t >= before && t < before + nnz ? row[t - before] : r.nextInt(d);
      val[t] = KernelTestSupport.value(r, data, m);
    }
    float[] values = binary ? null : val;
    float[] w = KernelTestSupport.array(r, data, m, d * kp);
    for (int j = 0; j < d; j++) {
      Arrays.fill(w, j * kp + k, j * kp + kp, 0f);
    }
    String where = seeded + " " + data + " k=" + k + " kp=" + kp + " nnz=" + nnz + (binary ? " binary" : "");

    float[] out = new float[kp];
    float[] expected = new float[kp];
    ClassScores.scores(new ClassMatrix(w, kp), idx, values, before, before + nnz, out);
    ReferenceOps.classScores(w, kp, idx, values, before, before + nnz, expected);
    for (int c = 0; c < kp; c++) {
      double exact = 0;
      double abs = 0;
      for (int t = before; t < before + nnz; t++) {
        double p = (double) (values == null ? 1f : values[t]) * w[idx[t] * kp + c];
        exact += p;
        abs += Math.abs(p);
      }
      int cc = c;
      assertReduction(data, out[c], expected[c], new double[] {exact, abs}, Math.max(1, nnz),
          () -> where + " score " + cc);
    }

    float[] delta = new float[kp];
    double[] deltaU = new double[kp];
    for (int c = 0; c < k; c++) {
      delta[c] = data == Data.INTEGER ? r.nextInt(3) - 1 : KernelTestSupport.real(r);
      deltaU[c] = data == Data.INTEGER ? delta[c] * (1 + r.nextInt(1000)) : KernelTestSupport.real(r) * 1000.0;
    }
    float[] fastW = w.clone();
    float[] refW = w.clone();
    update(new ClassMatrix(fastW, kp), idx, values, before, before + nnz, allLanes(delta, deltaU, false), where);
    ReferenceOps.classUpdate(refW, kp, idx, values, before, before + nnz, delta);
    assertSameBits(refW, fastW, () -> where + " update");

    double[] u = KernelTestSupport.doubles(r, d * kp);
    double[] fastU = u.clone();
    double[] refU = u.clone();
    fastW = w.clone();
    refW = w.clone();
    update(new ClassMatrix(fastW, fastU, kp), idx, values, before, before + nnz, allLanes(delta, deltaU, true),
        where);
    ReferenceOps.classUpdate(refW, refU, kp, idx, values, before, before + nnz, delta, deltaU);
    assertSameBits(refW, fastW, () -> where + " averaged update, w");
    KernelTestSupport.assertSameBits(refU, fastU, () -> where + " averaged update, u");

    {
      // One class only (a one-vs-rest visit on which one class updates) against the reference's
      // general update with a delta that is zero but at that class.
      int a = r.nextInt(k);
      float step = data == Data.INTEGER ? (r.nextBoolean() ? 1f : -1f) : KernelTestSupport.real(r);
      double uStep = data == Data.INTEGER ? 1 + r.nextInt(1000) : KernelTestSupport.real(r) * 1000.0;
      float[] one = new float[kp];
      double[] oneU = new double[kp];
      one[a] = step;
      oneU[a] = uStep;
      fastW = w.clone();
      refW = w.clone();
      update(new ClassMatrix(fastW, kp), idx, values, before, before + nnz, marked(kp, false, a, step, uStep), where);
      ReferenceOps.classUpdate(refW, kp, idx, values, before, before + nnz, one);
      assertSameBits(refW, fastW, () -> where + " one-class update, class " + a);
      fastW = w.clone();
      refW = w.clone();
      fastU = u.clone();
      refU = u.clone();
      update(new ClassMatrix(fastW, fastU, kp), idx, values, before, before + nnz, marked(kp, true, a, step, uStep),
          where);
      ReferenceOps.classUpdate(refW, refU, kp, idx, values, before, before + nnz, one, oneU);
      assertSameBits(refW, fastW, () -> where + " one-class averaged update, w");
      KernelTestSupport.assertSameBits(refU, fastU, () -> where + " one-class averaged update, u");
    }

    if (k >= 2) {
      // Two classes only (the multi-class perceptron's update) against the reference's general
      // update with a delta that is zero but at those two.
      int a = r.nextInt(k);
      int b = (a + 1 + r.nextInt(k - 1)) % k;
      float stepA = data == Data.INTEGER ? 1f : KernelTestSupport.real(r);
      float stepB = data == Data.INTEGER ? -1f : KernelTestSupport.real(r);
      double uStepA = data == Data.INTEGER ? 1 + r.nextInt(1000) : KernelTestSupport.real(r) * 1000.0;
      double uStepB = -uStepA;
      float[] two = new float[kp];
      double[] twoU = new double[kp];
      two[a] = stepA;
      two[b] = stepB;
      twoU[a] = uStepA;
      twoU[b] = uStepB;
      fastW = w.clone();
      refW = w.clone();
      ClassSteps steps = marked(kp, false, a, stepA, uStepA);
      steps.mark(b, stepB, uStepB);
      update(new ClassMatrix(fastW, kp), idx, values, before, before + nnz, steps, where);
      ReferenceOps.classUpdate(refW, kp, idx, values, before, before + nnz, two);
      assertSameBits(refW, fastW, () -> where + " two-class update, classes " + a + ", " + b);
      fastW = w.clone();
      refW = w.clone();
      fastU = u.clone();
      refU = u.clone();
      steps = marked(kp, true, a, stepA, uStepA);
      steps.mark(b, stepB, uStepB);
      update(new ClassMatrix(fastW, fastU, kp), idx, values, before, before + nnz, steps, where);
      ReferenceOps.classUpdate(refW, refU, kp, idx, values, before, before + nnz, two, twoU);
      assertSameBits(refW, fastW, () -> where + " two-class averaged update, w");
      KernelTestSupport.assertSameBits(refU, fastU, () -> where + " two-class averaged update, u");
    }
  }

  /** Steps that mark every lane: the update of every lane. */
  private static ClassSteps allLanes(float[] delta, double[] deltaU, boolean averaged) {
    ClassSteps steps = new ClassSteps(delta.length, averaged);
    for (int c = 0; c < delta.length; c++) {
      steps.mark(c, delta[c], deltaU[c]);
    }
    return steps;
  }

  /** Steps that mark class a alone. */
  private static ClassSteps marked(int kp, boolean averaged, int a, float step, double uStep) {
    ClassSteps steps = new ClassSteps(kp, averaged);
    steps.mark(a, step, uStep);
    return steps;
  }

  /** {@link ClassScores#update}, then checks that it left no step behind. */
  private static void update(ClassMatrix m, int[] idx, float[] val, int from, int to, ClassSteps steps,
      String where) {
    ClassScores.update(m, idx, val, from, to, steps);
    for (float step : steps.steps()) {
      assertEquals(0f, step, where + ": a step left after the update");
    }
  }

  private static int[] distinctSorted(Random r, int count, int dim) {
    int[] all = new int[dim];
    for (int i = 0; i < dim; i++) {
      all[i] = i;
    }
    for (int i = 0; i < count; i++) {
      int j = i + r.nextInt(dim - i);
      int t = all[i];
      all[i] = all[j];
      all[j] = t;
    }
    int[] out = Arrays.copyOf(all, count);
    Arrays.sort(out);
    return out;
  }
}
