package io.github.simdperceptron.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every rejection of the dataset builders, and that its message names the row, the column or
 * index, and the offending value. A rejected row leaves the builder as it was.
 */
class DatasetValidationTest {

  private static void assertMentions(Throwable e, String... parts) {
    String m = String.valueOf(e.getMessage());
    for (String p : parts) {
      assertTrue(m.contains(p), () -> "message \"" + m + "\" should mention \"" + p + "\"");
    }
  }

  private static DenseDataset.Builder twoDenseRows() {
    return DenseDataset.rowsOf(3).add(new float[] {1, 2, 3}, 1.0).add(new float[] {0, 0, 0}, -1.0);
  }

  private static SparseDataset.Builder twoSparseRows() {
    return SparseDataset.rowsOf(5).add(new int[] {0, 4}, new float[] {1, 2}, 1.0).add(new int[] {}, new float[] {}, -1.0);
  }

  // ---------------------------------------------------------------- rows a reader checked

  @Test
  void checkedRowsKeepTheirValuesAndStillHaveTheirPointersAndLabelsChecked() {
    int[] ptr = {0, 2, 3};
    int[] idx = {0, 4, 2};
    float[] val = {1, 2, 3};
    Dataset d = io.github.simdperceptron.data.internal.DataAccess.wrapCheckedRows(ptr, idx, val, 5,
        new double[] {1, -1});
    assertEquals(2, d.size());
    assertArrayEquals(new float[] {1, 0, 0, 0, 2}, d.denseRow(0));
    assertArrayEquals(new float[] {0, 0, 3, 0, 0}, d.denseRow(1));
    assertEquals(Dataset.wrap(ptr, idx, val, 5, new double[] {1, -1}).labels(), d.labels());
    assertMentions(assertThrows(IllegalArgumentException.class, () -> io.github.simdperceptron.data.internal
        .DataAccess.wrapCheckedRows(new int[] {0, 2}, idx, val, 5, new double[] {1, -1})), "rowPtr.length");
    assertMentions(assertThrows(IllegalArgumentException.class, () -> io.github.simdperceptron.data.internal
        .DataAccess.wrapCheckedRows(new int[] {0, 2, 4}, idx, val, 5, new double[] {1, -1})), "row 1");
    assertThrows(RuntimeException.class, () -> io.github.simdperceptron.data.internal
        .DataAccess.wrapCheckedRows(ptr, idx, val, 5, new double[] {1, Double.NaN}));
  }

  @Test
  void aViewOfCheckedRowsReadsThePrefixOfLongerArraysAndChecksItsPointersAndClasses() {
    // Arrays longer than the rows need (a server's reused buffers), a row without non-zeros.
    int[] ptr = {0, 2, 2, 3, 99};
    int[] idx = {0, 4, 2, 77, 77};
    float[] val = {1, 2, 3, 9, 9};
    Labels labels = Labels.of(List.of("a", "b", "c"));
    int[] classes = {2, 0, 1, 5};
    Dataset d = io.github.simdperceptron.data.internal.DataAccess.viewCheckedRows(ptr, 3, idx, val, 5, labels,
        classes);
    assertEquals(3, d.size());
    assertSame(labels, d.labels());
    assertArrayEquals(new float[] {1, 0, 0, 0, 2}, d.denseRow(0));
    assertArrayEquals(new float[] {0, 0, 0, 0, 0}, d.denseRow(1));
    assertArrayEquals(new float[] {0, 0, 3, 0, 0}, d.denseRow(2));
    assertEquals(2, d.classOf(0));
    assertEquals(1, d.classOf(2));
    classes[0] = 1;
    assertEquals(2, d.classOf(0), "the classes are copied");
    assertMentions(assertThrows(IllegalArgumentException.class, () -> io.github.simdperceptron.data.internal
        .DataAccess.viewCheckedRows(new int[] {0, 2, 2, 3, 3}, 4, idx, val, 5, labels, classes)), "row 3",
        "class index 5");
    assertMentions(assertThrows(IllegalArgumentException.class, () -> io.github.simdperceptron.data.internal
        .DataAccess.viewCheckedRows(new int[] {0, 3, 2}, 2, idx, val, 5, labels, new int[] {0, 0})), "row 1",
        "decreases");
    assertMentions(assertThrows(IllegalArgumentException.class, () -> io.github.simdperceptron.data.internal
        .DataAccess.viewCheckedRows(new int[] {0, 6}, 1, idx, val, 5, labels, new int[] {0})), "[0, 6)");
    assertMentions(assertThrows(IllegalArgumentException.class, () -> io.github.simdperceptron.data.internal
        .DataAccess.viewCheckedRows(ptr, 0, idx, val, 5, labels, classes)), "rows: 0");
    assertMentions(assertThrows(IllegalArgumentException.class, () -> io.github.simdperceptron.data.internal
        .DataAccess.viewCheckedRows(ptr, 3, idx, val, 5, labels, new int[] {0, 0})), "classes has 2 entries for 3 rows");
    assertMentions(assertThrows(IllegalArgumentException.class, () -> io.github.simdperceptron.data.internal
        .DataAccess.viewCheckedRows(new int[] {0, 2}, 2, idx, val, 5, labels, classes)), "rowPtr has 2 entries");
  }

  // ---------------------------------------------------------------- dense values

  @ParameterizedTest
  @ValueSource(floats = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY})
  void denseNonFiniteValueNamesRowColumnAndValue(float bad) {
    DenseDataset.Builder b = twoDenseRows();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> b.add(new float[] {7, bad, 7}, 1.0));
    assertMentions(e, "row 2", "column 1", String.valueOf(bad));
    // The other add forms reject the same way.
    e = assertThrows(IllegalArgumentException.class, () -> b.add(new float[] {7, 7, bad}, "1"));
    assertMentions(e, "row 2", "column 2", String.valueOf(bad));
    e = assertThrows(IllegalArgumentException.class, () -> b.add(new float[] {9, bad, 7, 7, 7}, 1, 1.0));
    assertMentions(e, "row 2", "column 0", String.valueOf(bad));
    assertEquals(2, b.size(), "rejected rows are not added");
  }

  @Test
  void denseOfNamesRowAndColumnOfTheBadEntry() {
    float[] m = new float[4 * 3];
    m[7] = Float.NaN; // row 2, column 1
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DenseDataset.of(m, 3, new double[] {1, -1, 1, -1}));
    assertMentions(e, "row 2", "column 1", "NaN");
    assertThrows(IllegalArgumentException.class, () -> DenseDataset.of(new float[5], 3, new double[] {1, -1}));
  }

  @Test
  void denseWrongRowLengthNamesRowAndLength() {
    DenseDataset.Builder b = twoDenseRows();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.add(new float[] {1, 2}, 1.0));
    assertMentions(e, "row 2", "2 values", "dimension is 3");
    e = assertThrows(IllegalArgumentException.class, () -> b.add(new float[] {1, 2, 3, 4}, "dog"));
    assertMentions(e, "row 2", "4 values", "dimension is 3");
    IndexOutOfBoundsException o = assertThrows(IndexOutOfBoundsException.class,
        () -> b.add(new float[] {1, 2, 3, 4}, 2, 1.0));
    assertMentions(o, "row 2", "offset 2");
    assertEquals(2, b.size());
  }

  @Test
  void theBuilderMakesTheKindOfItsRowsAndTakesOneKind() {
    Dataset dense = Dataset.builder(3).add(new float[] {1, 0, 2}, 1.0).add(new float[] {0, 1, 0}, -1.0).build();
    Dataset sparse = Dataset.builder(3).add(new int[] {0, 2}, new float[] {1, 2}, 1.0).add(new int[] {1}, null, -1.0)
        .build();
    assertTrue(!dense.isSparse() && sparse.isSparse());
    for (int i = 0; i < 2; i++) {
      assertArrayEquals(dense.denseRow(i), sparse.denseRow(i), "row " + i);
    }
    IllegalStateException mixed = assertThrows(IllegalStateException.class,
        () -> Dataset.builder(3).add(new float[] {1, 0, 2}, 1.0).add(new int[] {1}, null, -1.0));
    assertEquals("row 1: a sparse row, but this builder holds dense rows", mixed.getMessage());
    assertThrows(IllegalStateException.class, () -> Dataset.builder(3).build());
    assertThrows(IllegalArgumentException.class, () -> Dataset.builder(0));
  }

  @Test
  void dimensionBelowOneIsRejected() {
    assertThrows(IllegalArgumentException.class, () -> DenseDataset.rowsOf(0));
    assertThrows(IllegalArgumentException.class, () -> SparseDataset.rowsOf(0));
  }

  // ---------------------------------------------------------------- labels

  @ParameterizedTest
  @ValueSource(doubles = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY})
  void nonFiniteNumericLabelNamesRowAndValue(double bad) {
    DenseDataset.Builder d = twoDenseRows();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> d.add(new float[] {1, 1, 1}, bad));
    assertMentions(e, "row 2", "label " + bad);
    SparseDataset.Builder s = twoSparseRows();
    e = assertThrows(IllegalArgumentException.class, () -> s.add(new int[] {1}, new float[] {1}, bad));
    assertMentions(e, "row 2", "label " + bad);
    e = assertThrows(IllegalArgumentException.class, () -> s.add(new int[] {1}, null, bad));
    assertMentions(e, "row 2", "label " + bad);
    assertEquals(2, d.size());
    assertEquals(2, s.size());
    // Still usable, and the rejected label left no trace.
    assertEquals(List.of("-1", "1"), d.build().labels().names());
    assertEquals(List.of("-1", "1"), s.build().labels().names());
  }

  @Test
  void aNumericStringLabelOutOfRangeIsNotFinite() {
    DenseDataset.Builder d = twoDenseRows();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> d.add(new float[] {1, 1, 1}, "1e999"));
    assertMentions(e, "row 2", "not finite");
    assertEquals(2, d.size());
  }

  @Test
  void nullLabelNamesRow() {
    NullPointerException e = assertThrows(NullPointerException.class,
        () -> twoDenseRows().add(new float[] {1, 1, 1}, (String) null));
    assertMentions(e, "row 2", "label is null");
    e = assertThrows(NullPointerException.class,
        () -> twoSparseRows().add(new int[] {1}, new float[] {1}, (String) null));
    assertMentions(e, "row 2", "label is null");
    e = assertThrows(NullPointerException.class, () -> twoSparseRows().add(new int[] {1}, null, (String) null));
    assertMentions(e, "row 2", "label is null");
  }

  @Test
  void emptyLabelNamesRow() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> twoDenseRows().add(new float[] {1, 1, 1}, ""));
    assertMentions(e, "row 2", "empty");
  }

  @Test
  void aRowRejectedForItsValuesLeavesNoClassBehind() {
    // The label of a rejected row is taken before the values are checked; it must not survive
    // as a class of its own (that would turn binary data into 3 classes) nor change the class order.
    DenseDataset.Builder b = DenseDataset.rowsOf(2).add(new float[] {1, 0}, 10.0).add(new float[] {0, 1}, 9.0);
    assertThrows(IllegalArgumentException.class, () -> b.add(new float[] {Float.NaN, 0}, 5.0));
    assertThrows(IllegalArgumentException.class, () -> b.add(new float[] {0, Float.NaN}, "cat"));
    b.add(new float[] {2, 2}, 9.0);
    DenseDataset d = b.build();
    assertEquals(List.of("9", "10"), d.labels().names(), "numeric order, no phantom classes");
    assertEquals(3, d.size());
    assertEquals(1f, d.label(0));
    assertEquals(-1f, d.label(1));
    assertEquals(-1f, d.label(2));
    assertArrayEquals(new float[] {2, 2}, d.denseRow(2));

    // The rejected label may come back on a valid row, after another class took its place.
    assertThrows(IllegalArgumentException.class, () -> b.add(new float[] {Float.NaN, 0}, 5.0));
    b.add(new float[] {3, 3}, "7").add(new float[] {4, 4}, 5.0).add(new float[] {5, 5}, 7.0);
    DenseDataset e = b.build();
    assertEquals(List.of("5", "7", "9", "10"), e.labels().names());
    assertEquals("7", e.labels().name(e.classOf(3)));
    assertEquals("5", e.labels().name(e.classOf(4)));
    assertEquals("7", e.labels().name(e.classOf(5)));
  }

  // ---------------------------------------------------------------- sparse structure

  @Test
  void sparseIndexOutOfRangeNamesRowAndIndex() {
    SparseDataset.Builder b = twoSparseRows();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> b.add(new int[] {1, 5}, new float[] {1, 1}, 1.0));
    assertMentions(e, "row 2", "index 5", "[0, 5)");
    e = assertThrows(IllegalArgumentException.class, () -> b.add(new int[] {-1, 3}, new float[] {1, 1}, 1.0));
    assertMentions(e, "row 2", "index -1");
    e = assertThrows(IllegalArgumentException.class, () -> b.add(new int[] {0, 9}, null, "1"));
    assertMentions(e, "row 2", "index 9");
    assertEquals(2, b.size());
  }

  @Test
  void sparseIndicesNotIncreasingNamesRowIndexAndPredecessor() {
    SparseDataset.Builder b = twoSparseRows();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> b.add(new int[] {0, 3, 1}, new float[] {1, 1, 1}, 1.0));
    assertMentions(e, "row 2", "index 1", "entry 2", "previous is 3");
    e = assertThrows(IllegalArgumentException.class, () -> b.add(new int[] {4, 2}, null, -1.0));
    assertMentions(e, "row 2", "index 2", "previous is 4");
  }

  @Test
  void sparseDuplicateIndexIsRejected() {
    SparseDataset.Builder b = twoSparseRows();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> b.add(new int[] {2, 2}, new float[] {1, 1}, 1.0));
    assertMentions(e, "row 2", "index 2", "entry 1", "previous is 2");
  }

  @Test
  void sparseLengthMismatchNamesRowAndBothLengths() {
    SparseDataset.Builder b = twoSparseRows();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> b.add(new int[] {0, 1}, new float[] {1, 1, 1}, 1.0));
    assertMentions(e, "row 2", "2 indices", "3 values");
    e = assertThrows(IllegalArgumentException.class, () -> b.add(new int[] {0, 1, 2}, new float[] {1}, "1"));
    assertMentions(e, "row 2", "3 indices", "1 values");
  }

  @ParameterizedTest
  @ValueSource(floats = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY})
  void sparseNonFiniteValueNamesRowIndexAndValue(float bad) {
    SparseDataset.Builder b = twoSparseRows();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> b.add(new int[] {1, 3}, new float[] {1, bad}, 1.0));
    assertMentions(e, "row 2", "index 3", String.valueOf(bad));
    assertEquals(2, b.size());
  }

  @Test
  void sparseOfRejectsBadRowPointersAndBadEntries() {
    int[] ptr = {0, 2, 1};
    assertMentions(assertThrows(IllegalArgumentException.class,
        () -> SparseDataset.of(ptr, new int[] {0, 1}, new float[] {1, 1}, 3, new double[] {1, -1})), "row 1");
    assertThrows(IllegalArgumentException.class,
        () -> SparseDataset.of(new int[] {0, 1}, new int[] {0}, null, 3, new double[] {1, -1}));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SparseDataset.of(new int[] {0, 1, 3}, new int[] {0, 2, 2}, new float[] {1, 1, 1}, 3, new double[] {1, -1}));
    assertMentions(e, "row 1", "index 2", "previous is 2");
  }

  @Test
  void sparseOfNamesTheRowOfEveryKindOfBadCsrArray() {
    double[] y = {1, -1, 1};
    float[] ones = {1, 1, 1, 1};
    // rowPtr one short, one long
    assertMentions(assertThrows(IllegalArgumentException.class,
        () -> SparseDataset.of(new int[] {0, 1, 2}, new int[] {0, 1, 2}, null, 3, y)), "rowPtr.length = 3", "4");
    assertMentions(assertThrows(IllegalArgumentException.class,
        () -> SparseDataset.of(new int[] {0, 1, 2, 3, 3}, new int[] {0, 1, 2}, null, 3, y)), "rowPtr.length = 5");
    // negative start, a range past the indices, a range past the values
    assertMentions(assertThrows(IllegalArgumentException.class,
        () -> SparseDataset.of(new int[] {-1, 1, 2, 3}, new int[] {0, 1, 2}, null, 3, y)), "row 0", "[-1, 1)");
    assertMentions(assertThrows(IllegalArgumentException.class,
        () -> SparseDataset.of(new int[] {0, 1, 2, 4}, new int[] {0, 1, 2}, null, 3, y)), "row 2", "[2, 4)");
    assertMentions(assertThrows(IllegalArgumentException.class,
        () -> SparseDataset.of(new int[] {0, 1, 2, 3}, new int[] {0, 1, 2}, new float[] {1, 1}, 3, y)), "row 2");
    // an index outside [0, d), a non-finite value, a non-finite label
    assertMentions(assertThrows(IllegalArgumentException.class,
        () -> SparseDataset.of(new int[] {0, 1, 2, 4}, new int[] {0, 1, 2, 3}, ones, 3, y)), "row 2", "index 3",
        "outside [0, 3)");
    assertMentions(assertThrows(IllegalArgumentException.class,
        () -> SparseDataset.of(new int[] {0, 1, 2, 3}, new int[] {0, -1, 2}, null, 3, y)), "row 1", "index -1");
    assertMentions(assertThrows(IllegalArgumentException.class,
        () -> SparseDataset.of(new int[] {0, 1, 2, 3}, new int[] {0, 1, 2}, new float[] {1, Float.NaN, 1}, 3, y)),
        "row 1", "NaN");
    assertMentions(assertThrows(IllegalArgumentException.class,
        () -> SparseDataset.of(new int[] {0, 1, 2, 3}, new int[] {0, 1, 2}, null, 3, new double[] {1, Double.NaN, 1})),
        "row 1", "NaN");
    assertMentions(assertThrows(IllegalArgumentException.class,
        () -> SparseDataset.of(new int[] {0, 1, 2, 3}, new int[] {0, 1, 2}, null, 0, y)), "dimension", "0");
    assertThrows(NullPointerException.class, () -> SparseDataset.of(null, new int[0], null, 3, y));
    assertThrows(NullPointerException.class, () -> SparseDataset.of(new int[] {0, 0, 0, 0}, null, null, 3, y));
    assertThrows(NullPointerException.class,
        () -> SparseDataset.of(new int[] {0, 0, 0, 0}, new int[0], null, 3, (double[]) null));
    assertMentions(assertThrows(NullPointerException.class,
        () -> SparseDataset.of(new int[] {0, 0, 0, 0}, new int[0], null, 3, new String[] {"a", null, "b"})), "row 1");
  }

  @Test
  void sparseOfCopiesASliceAndTakesNullValuesAsOnes() {
    // Rows 1 and 2 of a larger CSR matrix: rowPtr starts at 2.
    int[] ptr = {2, 3, 5};
    int[] idx = {9, 9, 0, 1, 4, 9};
    float[] val = {7, 7, 2, -3, 0.5f, 7};
    SparseDataset d = SparseDataset.of(ptr, idx, val, 5, new String[] {"cat", "dog"});
    assertArrayEquals(new float[] {2, 0, 0, 0, 0}, d.denseRow(0));
    assertArrayEquals(new float[] {0, -3, 0, 0, 0.5f}, d.denseRow(1));
    assertEquals(List.of("cat", "dog"), d.labels().names());
    idx[2] = 3;
    val[2] = 99;
    assertArrayEquals(new float[] {2, 0, 0, 0, 0}, d.denseRow(0), "the arrays were copied");
    SparseDataset ones = SparseDataset.of(ptr, idx, null, 5, new double[] {1, -1});
    assertArrayEquals(new float[] {0, 1, 0, 0, 1}, ones.denseRow(1));
    assertEquals(2f, ones.squaredNorm(1));
    assertEquals(0.5f - 3f, ones.dot(1, new float[] {0, -3, 0, 0, 0.5f}));
  }

  @Test
  void sparseWrapTakesExactArraysOverWithoutCopying() {
    int[] ptr = {0, 2, 3};
    int[] idx = {0, 2, 1};
    float[] val = {1, 2, 3};
    SparseDataset d = SparseDataset.wrap(ptr, idx, val, 3, new double[] {1, -1});
    assertSame(idx, d.indices());
    assertSame(val, d.values());
    assertMentions(assertThrows(IllegalArgumentException.class,
        () -> SparseDataset.wrap(new int[] {0, 1, 2}, new int[] {0, 1, 2}, null, 3, new double[] {1, -1})),
        "exactly rowPtr[2] = 2");
    assertMentions(assertThrows(IllegalArgumentException.class,
        () -> SparseDataset.wrap(new int[] {0, 1, 2}, new int[] {0, 3}, null, 3, new double[] {1, -1})),
        "row 1", "index 3");
  }

  // ---------------------------------------------------------------- at least one example

  @Test
  void emptyBuildersAreRejected() {
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> DenseDataset.rowsOf(4).build());
    assertMentions(e, "at least one example");
    e = assertThrows(IllegalStateException.class, () -> SparseDataset.rowsOf(4).build());
    assertMentions(e, "at least one example");
    // A builder whose only rows were rejected is still empty.
    DenseDataset.Builder b = DenseDataset.rowsOf(1);
    assertThrows(IllegalArgumentException.class, () -> b.add(new float[] {Float.NaN}, 1.0));
    assertThrows(IllegalStateException.class, b::build);
    e = assertThrows(IllegalStateException.class, () -> DenseDataset.of(new float[0], 2, new double[0]));
    assertMentions(e, "at least one example");
    e = assertThrows(IllegalStateException.class, () -> SparseDataset.of(new int[] {0}, new int[0], null, 2, new double[0]));
    assertMentions(e, "at least one example");
  }

  @Test
  void emptySparseRowsAreAllowed() {
    SparseDataset s = SparseDataset.rowsOf(3).add(new int[] {}, null, 1.0).add(new int[] {}, new float[] {}, -1.0).build();
    assertEquals(2, s.size());
    assertEquals(0, s.nonZeros(0));
    assertEquals(0f, s.dot(1, new float[] {5, 6, 7}));
  }
}
