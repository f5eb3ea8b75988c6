package io.github.simdperceptron.io;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.simdperceptron.io.internal.FormatException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * Fuzzes the model loader: it returns a model or throws the documented {@link FormatException}.
 * When the first byte is odd, the rest gets a correct length field and checksum before loading,
 * so the fuzzer also reaches the field checks behind the checksum (a crafted file, not just a
 * corrupted one). Seeds: valid linear, voted and multi-class model files.
 */
class ModelFileFuzzTest {

  @FuzzTest(maxDuration = "10s")
  void modelFile(byte[] input) throws IOException {
    byte[] bytes = input.length == 0 ? input : Arrays.copyOfRange(input, 1, input.length);
    if (input.length > 0 && (input[0] & 1) == 1 && bytes.length >= ModelFile.PREAMBLE + 4) {
      ByteBuffer.wrap(bytes).putLong(ModelFile.MAGIC.length + 2, bytes.length);
      CRC32 crc = new CRC32();
      crc.update(bytes, 0, bytes.length - 4);
      ByteBuffer.wrap(bytes).putInt(bytes.length - 4, (int) crc.getValue());
    }
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
