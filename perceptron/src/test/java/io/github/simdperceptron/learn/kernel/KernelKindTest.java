package io.github.simdperceptron.learn.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The kernel kinds: their names in files (exact) and on the command line (any case), the kernels
 * they make, the printed form that reports and model files carry, exactness on integer data, and
 * the finish of Gram values each applies.
 */
class KernelKindTest {

  @Test
  void namesInFilesAreExactAndTheCommandLineTakesAnyCase() {
    assertEquals("linear", KernelKind.LINEAR.fileName());
    assertEquals("poly", KernelKind.POLY.fileName());
    assertEquals("rbf", KernelKind.RBF.fileName());
    assertSame(KernelKind.RBF, KernelKind.byFileName("rbf"));
    assertNull(KernelKind.byFileName("RBF"));
    assertNull(KernelKind.byFileName("sigmoid"));
    assertSame(KernelKind.POLY, KernelKind.of("Poly"));
    assertEquals("kernel must be linear, poly or rbf, got 'sigmoid'",
        assertThrows(IllegalArgumentException.class, () -> KernelKind.of("sigmoid")).getMessage());
  }

  @Test
  void eachKindMakesItsKernelWithTheParametersItUses() {
    assertEquals(KernelModel.Function.poly(0.5, 3, 1), KernelModel.Function.of(KernelKind.POLY, 0.5, 3, 1));
    assertEquals(KernelModel.Function.rbf(0.25), KernelModel.Function.of(KernelKind.RBF, 0.25, 7, 9));
    assertEquals(KernelModel.Function.linear(), KernelModel.Function.of(KernelKind.LINEAR, 5, 7, 9));
    assertSame(KernelKind.RBF, KernelModel.Function.rbf(2).kind());
    assertEquals("rbf", KernelModel.Function.rbf(2).name());
    assertThrows(IllegalArgumentException.class, () -> KernelModel.Function.of(KernelKind.POLY, 1, 17, 0));
    // The printed form: reports and model files carry it in the learner's name.
    assertEquals("rbf(gamma=0.5)", KernelModel.Function.rbf(0.5).toString());
    assertEquals("poly(gamma=2.0, degree=3, coef0=1.0)", KernelModel.Function.poly(2, 3, 1).toString());
    assertEquals("linear", KernelModel.Function.linear().toString());
    assertEquals(KernelModel.Function.poly(2, 3, 1).hashCode(), KernelModel.Function.of("POLY", 2, 3, 1).hashCode());
  }

  @Test
  void onlyTheLinearKernelAndIntegerPolynomialsAreExactOnIntegers() {
    assertTrue(KernelModel.Function.linear().exactOnIntegers());
    assertTrue(KernelModel.Function.poly(1, 2, 1).exactOnIntegers());
    assertFalse(KernelModel.Function.poly(0.5, 2, 1).exactOnIntegers());
    assertFalse(KernelModel.Function.poly(1, 2, 0.5).exactOnIntegers());
    assertFalse(KernelModel.Function.rbf(1).exactOnIntegers());
  }

  @Test
  void theFinishTurnsDotProductsIntoKernelValues() {
    float[] svNorms = {1, 4};
    // Dot products 1 and 2 of a row of squared norm 2 against two support vectors.
    float[] linear = {1, 2};
    KernelModel.Function.linear().finish(linear, 0, 2, 2f, svNorms);
    assertEquals(1f, linear[0]);
    assertEquals(2f, linear[1]);
    float[] poly = {1, 2};
    KernelModel.Function.poly(2, 2, 1).finish(poly, 0, 2, 2f, svNorms);
    assertEquals(9f, poly[0]); // (2 * 1 + 1)^2
    assertEquals(25f, poly[1]); // (2 * 2 + 1)^2
    float[] rbf = {1, 2};
    KernelModel.Function rbfKernel = KernelModel.Function.rbf(0.5);
    rbfKernel.finish(rbf, 0, 2, 2f, svNorms);
    // exp(-0.5 * (2 + 1 - 2 * 1)) and exp(-0.5 * (2 + 4 - 2 * 2)), within the kernel's 2 ulp.
    assertEquals(Math.exp(-0.5), rbf[0], 4 * Math.ulp((float) Math.exp(-0.5)));
    assertEquals(Math.exp(-1.0), rbf[1], 4 * Math.ulp((float) Math.exp(-1.0)));
    assertTrue(rbfKernel.usesNorms());
    assertFalse(KernelModel.Function.poly(2, 2, 1).usesNorms());
  }
}
