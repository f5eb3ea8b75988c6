package io.github.simdperceptron.sequence;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.io.internal.FramedFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * Fuzzes the tagger reader: it returns a tagger that tags, or throws the documented
 * {@link FormatException}. When the first byte is odd, the rest gets a correct length field and
 * checksum before reading, so the fuzzer also reaches the field checks behind the checksum (a
 * crafted file, not just a corrupted one): the tables and rows of version 2 are taken as laid out,
 * and must never send a lookup out of bounds. Seeds: small tagger files of both versions.
 */
class TaggerFileFuzzTest {

  @FuzzTest(maxDuration = "10s")
  void taggerFile(byte[] input) throws IOException {
    byte[] bytes = input.length == 0 ? input : Arrays.copyOfRange(input, 1, input.length);
    if (input.length > 0 && (input[0] & 1) == 1 && bytes.length >= FramedFile.PREAMBLE + 4) {
      ByteBuffer.wrap(bytes).putLong(TaggerFile.MAGIC.length + 2, bytes.length);
      CRC32 crc = new CRC32();
      crc.update(bytes, 0, bytes.length - 4);
      ByteBuffer.wrap(bytes).putInt(bytes.length - 4, (int) crc.getValue());
    }
    Tagger t;
    try {
      t = TaggerFile.read(bytes, "fuzz.bin");
    } catch (FormatException e) {
      String m = e.getMessage();
      if (!m.startsWith("fuzz.bin:") || m.indexOf('\n') >= 0 || m.indexOf('\r') >= 0) {
        throw new AssertionError("not a one-line message naming the source: " + m);
      }
      return;
    }
    // A tagger that was read tags known and unknown words, in and out of its tables.
    String[] tags = t.tag(new String[] {"The", "jury", "said", "Zyxwv-12", "."});
    for (String tag : tags) {
      if (!t.tags().contains(tag)) {
        throw new AssertionError("a tag the tagger does not have: " + tag);
      }
    }
  }
}
