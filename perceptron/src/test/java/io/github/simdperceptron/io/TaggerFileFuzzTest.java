package io.github.simdperceptron.io;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.sequence.Tagger;
import java.io.IOException;

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
    Tagger t;
    try {
      t = TaggerFile.read(FuzzChecks.framed(input), "fuzz.bin");
    } catch (FormatException e) {
      FuzzChecks.message(e);
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
