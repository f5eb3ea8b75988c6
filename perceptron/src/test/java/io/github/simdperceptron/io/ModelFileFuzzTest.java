package io.github.simdperceptron.io;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.simdperceptron.io.internal.FormatException;
import java.io.IOException;

/**
 * Fuzzes the model loader: it returns a model or throws the documented {@link FormatException}.
 * When the first byte is odd, the rest gets a correct length field and checksum before loading,
 * so the fuzzer also reaches the field checks behind the checksum (a crafted file, not just a
 * corrupted one). Seeds: valid linear, voted and multi-class model files.
 */
class ModelFileFuzzTest {

  @FuzzTest(maxDuration = "10s")
  void modelFile(byte[] input) throws IOException {
    byte[] bytes = FuzzChecks.framed(input);
    try {
      ModelFile m = ModelFile.read(bytes, "fuzz.bin");
      if (m.model().dimension() < 1 || m.model().labels().size() < 1) {
        throw new AssertionError("a loaded model without dimension or classes");
      }
    } catch (FormatException expected) {
      FuzzChecks.message(expected);
    }
  }
}
