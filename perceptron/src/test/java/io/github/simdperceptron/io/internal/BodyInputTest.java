package io.github.simdperceptron.io.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** BodyInput against DataInputStream, its definition, on the same bytes. */
class BodyInputTest {
  private static final long SEED = Long.getLong("simdperceptron.test.seed", System.nanoTime());

  static {
    System.out.println("BodyInputTest seed " + SEED + " (replay with -Dsimdperceptron.test.seed=" + SEED + ")");
  }

  /** A random string of ASCII, two- and three-byte characters, NUL and surrogates included. */
  private static String text(Random r, int max) {
    StringBuilder b = new StringBuilder();
    for (int i = r.nextInt(max + 1); i > 0; i--) {
      switch (r.nextInt(4)) {
        case 0: b.append((char) (0x20 + r.nextInt(0x5F))); break;
        case 1: b.append((char) r.nextInt(0x800)); break;
        case 2: b.append((char) r.nextInt(0x10000)); break;
        default: b.append('\0');
      }
    }
    return b.toString();
  }

  @Test
  void readsWhatDataOutputStreamWroteAsDataInputStreamDoes() throws IOException {
    Random r = new Random(SEED);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    int ops = 20_000;
    int[] kinds = new int[ops];
    // The bulk reads (ints, chars, bytes) of lengths from 0 to past a buffer (2^17 bytes).
    int[] lengths = new int[ops];
    for (int i = 0; i < ops; i++) {
      kinds[i] = r.nextInt(9);
      lengths[i] = r.nextInt(100) == 0 ? r.nextInt(80_000) : r.nextInt(20);
      switch (kinds[i]) {
        case 6:
          for (int j = 0; j < lengths[i]; j++) {
            out.writeInt(r.nextInt());
          }
          break;
        case 7:
          for (int j = 0; j < lengths[i]; j++) {
            out.writeChar(r.nextInt(0x10000));
          }
          break;
        case 8:
          for (int j = 0; j < lengths[i]; j++) {
            out.writeByte(r.nextInt());
          }
          break;
        case 0: out.writeByte(r.nextInt()); break;
        case 1: out.writeShort(r.nextInt()); break;
        case 2: out.writeInt(r.nextInt()); break;
        case 3: out.writeLong(r.nextLong()); break;
        case 4: out.writeFloat(Float.intBitsToFloat(r.nextInt())); break;
        default: out.writeUTF(text(r, r.nextInt(50) == 0 ? 20_000 : 30));
      }
    }
    byte[] all = bytes.toByteArray();
    // A stream that hands out a few bytes a read, to cross the buffer's refills at every offset.
    ByteArrayInputStream trickle = new ByteArrayInputStream(all) {
      @Override
      public synchronized int read(byte[] b, int off, int len) {
        return super.read(b, off, Math.min(len, 1 + r.nextInt(5000)));
      }
    };
    BodyInput got = new BodyInput(trickle, all.length);
    DataInputStream want = new DataInputStream(new ByteArrayInputStream(all));
    for (int i = 0; i < ops; i++) {
      int n = lengths[i];
      switch (kinds[i]) {
        case 6: {
          int[] expected = new int[n + 2];
          for (int j = 0; j < n; j++) {
            expected[j + 1] = want.readInt();
          }
          int[] actual = new int[n + 2];
          got.readInts(actual, 1, n);
          org.junit.jupiter.api.Assertions.assertArrayEquals(expected, actual, "op " + i);
          break;
        }
        case 7: {
          char[] expected = new char[n + 2];
          for (int j = 0; j < n; j++) {
            expected[j + 1] = (char) want.readUnsignedShort();
          }
          char[] actual = new char[n + 2];
          got.readChars(actual, 1, n);
          org.junit.jupiter.api.Assertions.assertArrayEquals(expected, actual, "op " + i);
          break;
        }
        case 8: {
          byte[] expected = new byte[n + 2];
          want.readFully(expected, 1, n);
          byte[] actual = new byte[n + 2];
          got.readFully(actual, 1, n);
          org.junit.jupiter.api.Assertions.assertArrayEquals(expected, actual, "op " + i);
          break;
        }
        case 0: assertEquals(want.readUnsignedByte(), got.readUnsignedByte(), "op " + i); break;
        case 1: assertEquals(want.readUnsignedShort(), got.readUnsignedShort(), "op " + i); break;
        case 2: assertEquals(want.readInt(), got.readInt(), "op " + i); break;
        case 3: assertEquals(want.readLong(), got.readLong(), "op " + i); break;
        case 4: assertEquals(Float.floatToRawIntBits(want.readFloat()), Float.floatToRawIntBits(got.readFloat()),
            "op " + i); break;
        default: assertEquals(want.readUTF(), got.readUTF(), "op " + i);
      }
    }
    assertEquals(0, got.remaining());
    assertThrows(EOFException.class, got::readUnsignedByte);
  }

  @Test
  void randomBytesAsStringsAreMalformedExactlyWhenDataInputStreamSaysSo() throws IOException {
    Random r = new Random(SEED + 1);
    int malformed = 0;
    for (int trial = 0; trial < 20_000; trial++) {
      byte[] body = new byte[r.nextInt(8)];
      for (int i = 0; i < body.length; i++) {
        // Mostly bytes with the high bit set, where the encoding's rules apply.
        body[i] = (byte) (r.nextInt(4) == 0 ? r.nextInt(0x80) : 0x80 + r.nextInt(0x80));
      }
      byte[] framed = new byte[body.length + 2];
      framed[1] = (byte) body.length;
      System.arraycopy(body, 0, framed, 2, body.length);
      String want;
      try {
        want = new DataInputStream(new ByteArrayInputStream(framed)).readUTF();
      } catch (UTFDataFormatException e) {
        malformed++;
        assertThrows(UTFDataFormatException.class, () -> new BodyInput(new ByteArrayInputStream(framed),
            framed.length).readUTF(), "bytes " + java.util.Arrays.toString(body));
        continue;
      }
      assertEquals(want, new BodyInput(new ByteArrayInputStream(framed), framed.length).readUTF(),
          "bytes " + java.util.Arrays.toString(body));
    }
    // Both outcomes were exercised.
    assertEquals(true, malformed > 1000 && malformed < 19_000, malformed + " malformed of 20,000");
  }

  @Test
  void theLengthBoundsTheReadsEvenWhenTheStreamHasMore() throws IOException {
    byte[] all = {0, 0, 0, 7, 1, 2, 3, 4};
    BodyInput in = new BodyInput(new ByteArrayInputStream(all), 6);
    assertEquals(7, in.readInt());
    assertEquals(2, in.remaining());
    assertThrows(EOFException.class, in::readInt);
    BodyInput cut = new BodyInput(new ByteArrayInputStream(new byte[] {0, 5, 'a', 'b'}), 4);
    assertThrows(EOFException.class, cut::readUTF);
    BodyInput skipped = new BodyInput(new ByteArrayInputStream(all), 8);
    skipped.skip(7);
    assertEquals(4, skipped.readUnsignedByte());
    assertThrows(EOFException.class, () -> new BodyInput(new ByteArrayInputStream(all), 8).skip(9));
    // Bulk reads past the length fail before they write anything.
    int[] ints = {-1, -1};
    assertThrows(EOFException.class, () -> new BodyInput(new ByteArrayInputStream(all), 6).readInts(ints, 0, 2));
    assertEquals(-1, ints[0]);
    assertThrows(EOFException.class, () -> new BodyInput(new ByteArrayInputStream(all), 7).readChars(new char[4], 0, 4));
    assertThrows(EOFException.class, () -> new BodyInput(new ByteArrayInputStream(all), 7).readFully(new byte[8], 0, 8));
  }
}
