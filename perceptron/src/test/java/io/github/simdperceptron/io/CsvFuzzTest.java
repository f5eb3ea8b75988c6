package io.github.simdperceptron.io;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;

/** Fuzzes the CSV reader, like {@link LibsvmFuzzTest}; the first byte picks the label column. */
class CsvFuzzTest {

  @FuzzTest(maxDuration = "10s")
  void csv(byte[] input) throws IOException {
    CsvFormat f = CsvFormat.defaults();
    if (input.length > 0) {
      f = f.withLabelColumn((input[0] & 0x7f) % 4 - 1);
    }
    FuzzChecks.readEveryWay(input, "fuzz.csv", f::read);
  }
}
