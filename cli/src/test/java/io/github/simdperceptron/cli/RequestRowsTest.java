package io.github.simdperceptron.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import java.util.List;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Request rows in the shapes a server meets: sparse rows whose count times the dimension wraps an
 * int; binary rows to learn, read straight into their non-zeros (float32 and uint8), and the values
 * they refuse.
 */
class RequestRowsTest {
  @Test
  void sparseRowsAreNotDenseWhenRowsTimesDimensionWrapsAnInt() throws Exception {
    // 4096 rows of a 2^20-feature model (a hashed text model's dimension): 2^32 floats, 0 as an int.
    byte[] body = "1 1:2\n".repeat(4096).getBytes(StandardCharsets.US_ASCII);
    RequestRows rows = new RequestRows();
    rows.libsvm(body, body.length, 1 << 20);
    assertEquals(4096, rows.size());
    assertFalse(rows.allDense(), "sparse rows taken for dense ones");
    assertEquals(1, rows.nonZeros(4095));
  }

  @Test
  void binaryRowsToLearnAreTheirNonZerosWithTheirClasses() throws Exception {
    Labels classes = Labels.of(List.of("a", "b", "c"));
    int d = 5;
    float[] x = {0, 1.5f, -0f, 0, -2, 0, 0, 0, 0, 0, 3, 0, 0, 0, 7};
    RequestRows rows = new RequestRows();
    byte[] f32 = ServeCliTest.binary(3, d, new int[] {2, 0, 1}, x);
    rows.binary(f32, f32.length, d, classes, RequestRows.Values.F32);
    rows.requireLabels(classes);
    Dataset data = rows.dataset(classes);
    assertEquals(3, data.size());
    for (int i = 0; i < 3; i++) {
      assertArrayEquals(java.util.Arrays.copyOfRange(x, i * d, i * d + d), data.denseRow(i), 0f);
    }
    assertArrayEquals(new int[] {2, 0, 2}, new int[] {data.nonZeros(0), data.nonZeros(1), data.nonZeros(2)},
        "zeros and negative zeros left out");
    assertArrayEquals(new int[] {2, 0, 1}, new int[] {data.classOf(0), data.classOf(1), data.classOf(2)});
    rows.release();

    byte[] q = {0, 1, 2, (byte) 255, 0};
    byte[] u8 = ServeCliTest.binaryU8(1, d, 0.25f, new int[] {1}, q);
    rows.binary(u8, u8.length, d, classes, RequestRows.Values.U8);
    rows.requireLabels(classes);
    data = rows.dataset(classes);
    assertArrayEquals(new float[] {0, 0.25f, 0.5f, 63.75f, 0}, data.denseRow(0), 0f);
    assertEquals(1, data.classOf(0));
    rows.release();

    for (float bad : new float[] {Float.NaN, Float.NEGATIVE_INFINITY}) {
      float[] y = x.clone();
      y[d + 3] = bad;
      byte[] body = ServeCliTest.binary(3, d, new int[] {2, 0, 1}, y);
      RequestRows.Bad e = assertThrows(RequestRows.Bad.class, () -> rows.binary(body, body.length, d, classes,
          RequestRows.Values.F32));
      assertTrue(e.getMessage().contains("row 1, feature 3: " + bad + " is not a finite float"), e.getMessage());
      rows.release();
    }
  }
}
