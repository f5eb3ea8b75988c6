package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.kernel.Kernel;
import io.github.simdperceptron.reference.ReferenceLearners;
import io.github.simdperceptron.reference.ReferenceMulticlass;
import io.github.simdperceptron.reference.ReferenceRun;
import org.junit.jupiter.api.Test;

/**
 * The online learner, binary and multi-class, fed one example at a time in file order (and warm
 * started from its own model after the first epoch), against the literal reference runs of the
 * same epochs, bit for bit on integer-valued data.
 */
class OnlineLearnerReferenceTest {
  private static final long SEED = Long.getLong("tests.seed", 7_2024L);
  private static final int EPOCHS = 3;

  /** Feeds every example of data once, in order: dense rows for dense data, index/value pairs for sparse. */
  private static void epoch(Learner<?> learner, Dataset data, boolean sparse) {
    for (int i = 0; i < data.size(); i++) {
      String label = data.labels().name(data.classOf(i));
      float[] x = data.denseRow(i);
      if (sparse) {
        int[] ix = IntData.nonZeroIndices(x);
        learner.learn(ix, IntData.values(x, ix), label);
      } else {
        learner.learn(x, label);
      }
    }
  }

  @Test
  void binaryExamplesOneByOneEqualTheReference() {
    System.out.println("OnlineLearnerReferenceTest seed " + SEED);
    for (Algorithm a : new Algorithm[] {Algorithm.PERCEPTRON, Algorithm.MARGIN, Algorithm.AVERAGED}) {
      for (boolean bias : new boolean[] {true, false}) {
        long seed = SEED + a.ordinal();
        IntegerData data = IntegerData.make(IntegerData.Kind.SPARSE_COUNTS, 80, 301, 0.08, seed);
        TrainingOptions o = TrainingOptions.builder().shuffle(false).bias(bias).tau(3f).build();
        String where = a + ", bias " + bias + ", seed " + seed + " (" + Kernel.describe() + ")";
        ReferenceRun ref = twin(a, data, EPOCHS, o);
        assertEquals(EPOCHS, ref.epochs, where + ": the reference must not converge early for this comparison");
        Learner<BinaryModel> learner = Learner.binary(a, data.kernel.dimension(), data.kernel.labels(), o);
        for (int e = 0; e < EPOCHS; e++) {
          epoch(learner, data.kernel, e % 2 == 0);
        }
        LinearModel m = (LinearModel) learner.model();
        assertArrayEquals(IntData.bits(ref.w), IntData.bits(m.weights()), where + ": weights");
        assertEquals(Float.floatToRawIntBits(ref.b), Float.floatToRawIntBits(m.bias()), where + ": bias");
        assertEquals(sum(ref.mistakesPerEpoch), learner.mistakes(), where + ": mistakes");
        if (a != Algorithm.AVERAGED) {
          // Warm start from the model after the first epoch, then the other epochs: the same run.
          Learner<BinaryModel> first = Learner.binary(a, data.kernel.dimension(), data.kernel.labels(), o);
          first.partialFit(data.kernel);
          Learner<BinaryModel> warm = Learner.binary(a, (LinearModel) first.model(), o);
          for (int e = 1; e < EPOCHS; e++) {
            warm.partialFit(data.kernel);
          }
          assertArrayEquals(IntData.bits(ref.w), IntData.bits(((LinearModel) warm.model()).weights()),
              where + ": warm-started weights");
        }
      }
    }
  }

  @Test
  void multiclassExamplesOneByOneEqualTheReference() {
    for (boolean averaged : new boolean[] {false, true}) {
      for (boolean bias : new boolean[] {true, false}) {
        for (String kind : new String[] {"dense", "sparse"}) {
          long seed = SEED + (averaged ? 10 : 20) + (bias ? 1 : 2);
          MulticlassEquivalenceTest.Problem p = MulticlassEquivalenceTest.integerProblem(kind, 250, 40, 4, false, seed);
          Algorithm a = averaged ? Algorithm.AVERAGED : Algorithm.PERCEPTRON;
          TrainingOptions o = TrainingOptions.builder().shuffle(false).bias(bias).build();
          String where = a + ", " + p + ", bias " + bias;
          ReferenceMulticlass.Run ref = ReferenceMulticlass.multiclass(p.ref, averaged, EPOCHS, seed, false, bias);
          assertEquals(EPOCHS, ref.epochs, where + ": the reference must not converge early for this comparison");
          Learner<MulticlassModel> learner =
              Learner.multiclass(a, p.data.dimension(), p.data.labels(), o);
          for (int e = 0; e < EPOCHS; e++) {
            epoch(learner, p.data, e % 2 == 1);
          }
          assertSameRows(ref.w, ref.b, learner.model(), where);
          assertEquals(sum(ref.mistakesPerEpoch), learner.mistakes(), where + ": mistakes");
          if (!averaged) {
            Learner<MulticlassModel> first = Learner.multiclass(a, p.data.dimension(), p.data.labels(), o);
            first.partialFit(p.data);
            Learner<MulticlassModel> warm = Learner.multiclass(a, first.model(), o);
            for (int e = 1; e < EPOCHS; e++) {
              warm.partialFit(p.data);
            }
            assertSameRows(ref.w, ref.b, warm.model(), where + ", warm-started");
          }
        }
      }
    }
  }

  private static void assertSameRows(float[][] w, float[] b, MulticlassModel m, String where) {
    for (int c = 0; c < w.length; c++) {
      assertArrayEquals(IntData.bits(w[c]), IntData.bits(m.weights(c)), where + ": weights of class " + c);
    }
    assertArrayEquals(IntData.bits(b), IntData.bits(m.biases()), where + ": biases");
  }

  private static long sum(int[] a) {
    long s = 0;
    for (int v : a) {
      s += v;
    }
    return s;
  }

  private static ReferenceRun twin(Algorithm a, IntegerData data, int epochs, TrainingOptions o) {
    switch (a) {
      case PERCEPTRON:
        return ReferenceLearners.perceptron(data.reference, epochs, o.seed(), false, o.bias());
      case MARGIN:
        return ReferenceLearners.margin(data.reference, epochs, o.seed(), false, o.bias(), o.tau());
      case AVERAGED:
        return ReferenceLearners.averaged(data.reference, epochs, o.seed(), false, o.bias());
      default:
        throw new AssertionError(a);
    }
  }
}
