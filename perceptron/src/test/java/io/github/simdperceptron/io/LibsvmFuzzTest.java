package io.github.simdperceptron.io;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.simdperceptron.io.internal.FormatException;
import java.io.IOException;

/**
 * Fuzzes the libsvm reader: whatever the bytes, it returns a non-empty dataset or throws the
 * documented {@link FormatException} (the input is in memory, so no other I/O error can happen),
 * the same when they come gzip-compressed through a pipe, the parser of ordinary lines and the
 * string parser read it example for example the same, and every input finishes within the
 * per-input timeout. The kernel POM runs this with
 * JAZZER_FUZZ=1 for maxDuration; without it Jazzer replays the seeds in LibsvmFuzzTestInputs.
 */
class LibsvmFuzzTest {

  @FuzzTest(maxDuration = "10s")
  void libsvm(byte[] input) throws IOException {
    boolean zeroBased = input.length > 0 && (input[0] & 1) == 1;
    LibsvmFormat format = LibsvmFormat.defaults().withZeroBased(zeroBased);
    FuzzChecks.readEveryWay(input, "fuzz.svm", format::read);
    String strings = LibsvmParsePathsTest.transcript(input, format, true, 0);
    String bytes = LibsvmParsePathsTest.transcript(input, format, false, 0);
    if (!strings.equals(bytes)) {
      throw new AssertionError("the byte parser read\n" + bytes + "\nthe string parser\n" + strings);
    }
  }
}
