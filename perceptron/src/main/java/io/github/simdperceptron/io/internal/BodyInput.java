package io.github.simdperceptron.io.internal;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UTFDataFormatException;
import java.nio.ByteBuffer;

/**
 * Reads the first {@code length} bytes of a stream as {@link java.io.DataInputStream} would (the
 * same big-endian numbers and modified UTF-8 strings, the same {@link EOFException} and
 * {@link UTFDataFormatException}), from a buffer of its own and without locking per byte. A string
 * can be decoded into a reused char array ({@link #readUTFChars()}) instead of a new String, for
 * readers of large tables of keys. Reading past {@code length} is an {@link EOFException}, even
 * when the stream has more. Not thread-safe; the caller closes the stream.
 */
public final class BodyInput {
  private final InputStream in;
  /** Holds a whole string (2 + 65,535 bytes) and more. */
  private final byte[] buf = new byte[1 << 17];
  private int pos;
  private int end;
  /** Bytes of the first {@code length} not yet in the buffer. */
  private long unread;
  private char[] chars = new char[256];

  /** A reader of {@code length} bytes of {@code in}; in is read from its current position. */
  public BodyInput(InputStream in, long length) {
    if (length < 0) {
      throw new IllegalArgumentException("length " + length + " (expected >= 0)");
    }
    this.in = in;
    this.unread = length;
  }

  /** The bytes not read yet of the first {@code length}. */
  public long remaining() {
    return unread + (end - pos);
  }

  /** Skips n bytes. */
  public void skip(long n) throws IOException {
    while (n > 0) {
      if (pos == end) {
        need(1);
      }
      int step = (int) Math.min(n, end - pos);
      pos += step;
      n -= step;
    }
  }

  public int readUnsignedByte() throws IOException {
    if (pos == end) {
      need(1);
    }
    return buf[pos++] & 0xFF;
  }

  public int readUnsignedShort() throws IOException {
    if (end - pos < 2) {
      need(2);
    }
    int v = (buf[pos] & 0xFF) << 8 | (buf[pos + 1] & 0xFF);
    pos += 2;
    return v;
  }

  public int readInt() throws IOException {
    if (end - pos < 4) {
      need(4);
    }
    byte[] b = buf;
    int p = pos;
    int v = b[p] << 24 | (b[p + 1] & 0xFF) << 16 | (b[p + 2] & 0xFF) << 8 | (b[p + 3] & 0xFF);
    pos = p + 4;
    return v;
  }

  /** Reads {@code n} big-endian ints into {@code out[from, from + n)}, as n calls of {@link #readInt()} would. */
  public void readInts(int[] out, int from, int n) throws IOException {
    readBulk(n, 4, (b, at, step) -> b.asIntBuffer().get(out, from + at, step));
  }

  /** Reads {@code n} big-endian u16 chars into {@code out[from, from + n)}, as n calls of {@link #readUnsignedShort()} would. */
  public void readChars(char[] out, int from, int n) throws IOException {
    readBulk(n, 2, (b, at, step) -> b.asCharBuffer().get(out, from + at, step));
  }

  /** Reads {@code n} bytes into {@code out[from, from + n)}. */
  public void readFully(byte[] out, int from, int n) throws IOException {
    readBulk(n, 1, (b, at, step) -> b.get(out, from + at, step));
  }

  /** Copies {@code step} values from the buffer's bytes to the destination from value {@code at}. */
  private interface BulkCopy {
    void copy(ByteBuffer bytes, int at, int step);
  }

  /**
   * Hands the next {@code n} values of {@code size} bytes to {@code copy}, as many as the buffer
   * holds at a time; an EOFException before any when fewer bytes are left.
   */
  private void readBulk(int n, int size, BulkCopy copy) throws IOException {
    if ((long) n * size > remaining()) {
      throw new EOFException();
    }
    int at = 0;
    while (at < n) {
      if (end - pos < size) {
        need(size);
      }
      int step = Math.min(n - at, (end - pos) / size);
      copy.copy(ByteBuffer.wrap(buf, pos, step * size), at, step);
      pos += step * size;
      at += step;
    }
  }

  public long readLong() throws IOException {
    return (long) readInt() << 32 | (readInt() & 0xFFFFFFFFL);
  }

  public float readFloat() throws IOException {
    return Float.intBitsToFloat(readInt());
  }

  /**
   * Decodes the next modified UTF-8 string (a u16 byte count, then the bytes) into
   * {@link #chars()} from index 0 and returns its length in chars; valid until the next call.
   */
  public int readUTFChars() throws IOException {
    int bytes = readUnsignedShort();
    if (end - pos < bytes) {
      need(bytes);
    }
    if (chars.length < bytes) {
      chars = new char[Math.max(bytes, 2 * chars.length)];
    }
    byte[] b = buf;
    char[] out = chars;
    int p = pos;
    int stop = p + bytes;
    int n = 0;
    while (p < stop) {
      int c = b[p] & 0xFF;
      if (c < 0x80) {
        out[n++] = (char) c;
        p++;
      } else if (c >> 5 == 0b110) {
        if (p + 2 > stop) {
          throw new UTFDataFormatException("malformed input: partial character at end");
        }
        int c2 = b[p + 1];
        if ((c2 & 0xC0) != 0x80) {
          throw new UTFDataFormatException("malformed input around byte " + (p + 1 - pos));
        }
        out[n++] = (char) ((c & 0x1F) << 6 | (c2 & 0x3F));
        p += 2;
      } else if (c >> 4 == 0b1110) {
        if (p + 3 > stop) {
          throw new UTFDataFormatException("malformed input: partial character at end");
        }
        int c2 = b[p + 1];
        int c3 = b[p + 2];
        if ((c2 & 0xC0) != 0x80 || (c3 & 0xC0) != 0x80) {
          throw new UTFDataFormatException("malformed input around byte " + (p + 2 - pos));
        }
        out[n++] = (char) ((c & 0x0F) << 12 | (c2 & 0x3F) << 6 | (c3 & 0x3F));
        p += 3;
      } else {
        throw new UTFDataFormatException("malformed input around byte " + (p - pos));
      }
    }
    pos = stop;
    return n;
  }

  /** The chars of the last {@link #readUTFChars()}, in [0, its result). */
  public char[] chars() {
    return chars;
  }

  /** The next modified UTF-8 string, as {@link java.io.DataInputStream#readUTF()}. */
  public String readUTF() throws IOException {
    int n = readUTFChars();
    return new String(chars, 0, n);
  }

  /** Makes at least n bytes available from pos, or throws EOFException. */
  private void need(int n) throws IOException {
    int have = end - pos;
    if (have + unread < n) {
      throw new EOFException();
    }
    System.arraycopy(buf, pos, buf, 0, have);
    pos = 0;
    end = have;
    while (end < n) {
      int r = in.read(buf, end, (int) Math.min(buf.length - end, unread));
      if (r < 0) {
        throw new EOFException();
      }
      end += r;
      unread -= r;
    }
  }
}
