package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** Bit-for-bit comparison of models and of their training reports. */
final class ModelAssert {
  private ModelAssert() {}

  static void assertSameModel(BinaryModel expected, BinaryModel actual, String ctx) {
    assertEquals(expected.labels(), actual.labels(), ctx + ": labels");
    assertEquals(expected.dimension(), actual.dimension(), ctx + ": dimension");
    if (expected instanceof LinearModel) {
      assertTrue(actual instanceof LinearModel, ctx + ": model type");
      LinearModel e = (LinearModel) expected;
      LinearModel a = (LinearModel) actual;
      assertArrayEquals(IntData.bits(e.weights()), IntData.bits(a.weights()), ctx + ": weights");
      assertEquals(Float.floatToRawIntBits(e.bias()), Float.floatToRawIntBits(a.bias()), ctx + ": bias");
    } else if (expected instanceof VotedModel) {
      assertTrue(actual instanceof VotedModel, ctx + ": model type");
      VotedModel e = (VotedModel) expected;
      VotedModel a = (VotedModel) actual;
      assertEquals(e.vectors(), a.vectors(), ctx + ": number of vectors");
      for (int k = 0; k < e.vectors(); k++) {
        assertArrayEquals(IntData.bits(e.vector(k)), IntData.bits(a.vector(k)), ctx + ": vector " + k);
        assertEquals(Float.floatToRawIntBits(e.bias(k)), Float.floatToRawIntBits(a.bias(k)), ctx + ": bias " + k);
        assertEquals(e.count(k), a.count(k), ctx + ": count " + k);
      }
    } else {
      fail(ctx + ": unexpected model type " + expected.getClass());
    }
  }

  /** Same epochs, counts, update log, validation accuracies, flags and training error. */
  static void assertSameReport(TrainingReport a, TrainingReport b, String ctx) {
    assertEquals(a.epochs(), b.epochs(), ctx + ": epochs");
    assertArrayEquals(a.mistakesPerEpoch(), b.mistakesPerEpoch(), ctx + ": mistakes per epoch");
    assertArrayEquals(a.updatesPerEpoch(), b.updatesPerEpoch(), ctx + ": updates per epoch");
    assertArrayEquals(a.updateLog(), b.updateLog(), ctx + ": update log");
    assertArrayEquals(a.validationAccuracyPerEpoch(), b.validationAccuracyPerEpoch(), ctx + ": validation");
    assertEquals(a.converged(), b.converged(), ctx + ": converged");
    assertEquals(a.halted(), b.halted(), ctx + ": halted");
    assertEquals(a.stoppedEarly(), b.stoppedEarly(), ctx + ": stopped early");
    assertEquals(Double.doubleToLongBits(a.trainingError()), Double.doubleToLongBits(b.trainingError()),
        ctx + ": training error");
  }

  /** Bit-for-bit rows and biases, and the same report. */
  static void assertSameMulticlass(FitResult<MulticlassModel> a, FitResult<MulticlassModel> b, String ctx) {
    for (int c = 0; c < a.model().classes(); c++) {
      assertArrayEquals(IntData.bits(a.model().weights(c)), IntData.bits(b.model().weights(c)), ctx + ": row " + c);
    }
    assertArrayEquals(IntData.bits(a.model().biases()), IntData.bits(b.model().biases()), ctx + ": biases");
    assertSameReport(a.report(), b.report(), ctx);
  }
}
