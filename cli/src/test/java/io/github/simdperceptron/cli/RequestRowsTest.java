package io.github.simdperceptron.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Request rows in the shapes a server meets: here sparse rows whose count times the dimension wraps an int. */
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
}
