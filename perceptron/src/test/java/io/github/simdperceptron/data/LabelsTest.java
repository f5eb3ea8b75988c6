package io.github.simdperceptron.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.TrainingOptions;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The label mapping rules of {@link Labels}, through both builders. */
class LabelsTest {
  private static final float[] X = {1, 2};

  private static DenseDataset dense(double... labels) {
    DenseDataset.Builder b = DenseDataset.rowsOf(2);
    for (double y : labels) {
      b.add(X, y);
    }
    return b.build();
  }

  private static DenseDataset dense(String... labels) {
    DenseDataset.Builder b = DenseDataset.rowsOf(2);
    for (String y : labels) {
      b.add(X, y);
    }
    return b.build();
  }

  private static SparseDataset sparse(String... labels) {
    SparseDataset.Builder b = SparseDataset.rowsOf(2);
    for (String y : labels) {
      b.add(new int[] {1}, null, y);
    }
    return b.build();
  }

  private static float[] binary(Dataset d) {
    float[] y = new float[d.size()];
    for (int i = 0; i < y.length; i++) {
      y[i] = d.label(i);
    }
    return y;
  }

  @Test
  void minusOnePlusOneMapToThemselvesWhateverComesFirst() {
    DenseDataset d = dense(1.0, -1.0, 1.0);
    assertEquals(List.of("-1", "1"), d.labels().names());
    assertTrue(d.labels().numeric());
    assertEquals("[1.0, -1.0, 1.0]", java.util.Arrays.toString(binary(d)));
    assertEquals(1, d.classOf(0));
    assertEquals(0, d.classOf(1));
  }

  @Test
  void zeroOneMapsZeroToMinusOne() {
    DenseDataset d = dense(1.0, 0.0, 0.0);
    assertEquals(List.of("0", "1"), d.labels().names());
    assertEquals("[1.0, -1.0, -1.0]", java.util.Arrays.toString(binary(d)));
  }

  @Test
  void classNamesSortAsStringsCatIsNegative() {
    for (Dataset d : new Dataset[] {dense("dog", "cat", "dog"), sparse("dog", "cat", "dog")}) {
      assertEquals(List.of("cat", "dog"), d.labels().names());
      assertFalse(d.labels().numeric());
      assertEquals("[1.0, -1.0, 1.0]", java.util.Arrays.toString(binary(d)));
    }
  }

  @Test
  void numericLabelsSortByValueNotByString() {
    // As strings "10" < "9" < "-3" would not hold; by value -3 < 9 < 10.
    DenseDataset d = dense(10.0, 9.0, -3.0, 10.0);
    assertEquals(List.of("-3", "9", "10"), d.labels().names());
    assertEquals(2, d.classOf(0));
    assertEquals(1, d.classOf(1));
    assertEquals(0, d.classOf(2));
    // Two numeric classes: the smaller one is negative.
    DenseDataset two = dense(10.0, 9.0);
    assertEquals(List.of("9", "10"), two.labels().names());
    assertEquals(1f, two.label(0));
    assertEquals(-1f, two.label(1));
    // Numeric strings sort by value too.
    assertEquals(List.of("2", "10"), dense("10", "2").labels().names());
    assertEquals(List.of("-0.5", "2.5"), dense(2.5, -0.5).labels().names());
  }

  @Test
  void mixedNumericAndNamesSortAsStrings() {
    Labels l = dense("b", "10", "9").labels();
    assertFalse(l.numeric());
    assertEquals(List.of("10", "9", "b"), l.names());
  }

  @Test
  void plusOneOneAndOnePointZeroAreOneClass() {
    assertEquals("1", Labels.canonical(1.0));
    assertEquals("1", Labels.canonical(+1));
    assertEquals("-1", Labels.canonical(-1.0));
    assertEquals("0", Labels.canonical(-0.0));
    assertEquals("2.5", Labels.canonical(2.5));
    assertThrows(IllegalArgumentException.class, () -> Labels.canonical(Double.NaN));
    // Numeric labels given as numbers
    DenseDataset n = dense(+1, 1.0, -1);
    assertEquals(List.of("-1", "1"), n.labels().names());
    // ... and as the strings a file holds ("+1" in libsvm files)
    for (Dataset d : new Dataset[] {dense("+1", "1", "1.0", "-1", "-1.0"), sparse("+1", "1", "1.0", "-1", "-1.0")}) {
      assertEquals(List.of("-1", "1"), d.labels().names(), "one class per numeric value");
      assertTrue(d.labels().numeric());
      assertEquals("[1.0, 1.0, 1.0, -1.0, -1.0]", java.util.Arrays.toString(binary(d)));
    }
    // A string and a number with the same value are the same class.
    DenseDataset mixed = DenseDataset.rowsOf(2).add(X, "+1").add(X, 1.0).add(X, "0").build();
    assertEquals(List.of("0", "1"), mixed.labels().names());
  }

  @Test
  void aSingleClassMinusOneKeepsItsSign() {
    assertEquals(-1f, dense(-1.0, -1.0).label(1));
    assertEquals(-1f, dense("-1").label(0));
    assertEquals(1f, dense(1.0).label(0));
    assertEquals(1f, dense("+1").label(0));
    assertEquals(List.of("-1"), dense(-1.0).labels().names());
  }

  @Test
  void moreThanTwoClassesAreNotBinary() {
    DenseDataset d = dense(0.0, 1.0, 2.0);
    assertEquals(3, d.labels().size());
    assertEquals(2, d.classOf(2));
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> d.label(0));
    assertTrue(e.getMessage().contains("3"), e.getMessage());
    assertThrows(IllegalStateException.class, () -> d.labels().binaryLabel(0));
    IllegalArgumentException f = assertThrows(IllegalArgumentException.class,
        () -> Learner.fit(Algorithm.PERCEPTRON, d, TrainingOptions.defaults()));
    assertTrue(f.getMessage().contains("[0, 1, 2]"), f.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> Learner.fit(Algorithm.VOTED, sparse("a", "b", "c"), TrainingOptions.defaults()));
  }

  @Test
  void labelsOfKeepsTheGivenOrderAndRejectsBadLists() {
    Labels l = Labels.of(List.of("yes", "no"));
    assertEquals(-1f, l.binaryLabel(0));
    assertEquals(1f, l.binaryLabel(1));
    assertEquals(1, l.indexOf("no"));
    assertEquals(-1, l.indexOf("maybe"));
    assertTrue(Labels.of(List.of("-1", "1")).numeric());
    assertThrows(IllegalArgumentException.class, () -> Labels.of(List.of()));
    assertThrows(IllegalArgumentException.class, () -> Labels.of(List.of("a", "a")));
    assertEquals(Labels.of(List.of("-1", "1")), dense(1.0, -1.0).labels());
  }
}
