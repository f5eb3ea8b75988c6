package io.github.simdperceptron.io.internal;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.UnaryOperator;
import java.util.zip.CRC32;

/**
 * The frame every model file of the library shares: an 8-byte magic naming the file's kind, the
 * format version (u16), the file's total length (i64), the body, and a CRC32 of everything before
 * it (i32), all big-endian; written atomically ({@link AtomicFile}). Reading checks the magic, the
 * version, the length and the checksum before the body is parsed, so a truncated, corrupted,
 * wrong-version or foreign file is a {@link FormatException}.
 */
public final class FramedFile {
  /** Bytes before the body: magic, version, length. */
  public static final int PREAMBLE = 8 + 2 + 8;

  /** Writes a body; must not close the stream. */
  @FunctionalInterface
  public interface Body {
    /** Writes exactly the body length announced to {@link #write}. */
    void writeTo(DataOutputStream out) throws IOException;
  }

  /** Opens the same bytes again: reading makes passes (frame, checksum, then the caller's parse). */
  @FunctionalInterface
  public interface Opener {
    /** A new stream over the file's bytes from the start. */
    InputStream open() throws IOException;
  }

  private FramedFile() {}

  /**
   * Writes {@code magic}, {@code version}, the length {@code PREAMBLE + bodyLength + 4}, the body
   * and the checksum to {@code path} atomically; {@code tap} wraps the file's stream (tests inject
   * failures through it).
   */
  public static void write(Path path, byte[] magic, int version, long bodyLength, UnaryOperator<OutputStream> tap,
      Body body) throws IOException {
    AtomicFile.write(path, raw -> {
      CRC32 crc = new CRC32();
      OutputStream file = tap.apply(new BufferedOutputStream(raw, 1 << 16));
      CrcOutputStream summed = new CrcOutputStream(file, crc);
      // Buffered above the checksum: a body's small writes (writeInt's four bytes) reach the CRC and
      // the count in blocks rather than a call per byte.
      DataOutputStream out = new DataOutputStream(new BufferedOutputStream(summed, 1 << 13));
      out.write(magic);
      out.writeShort(version);
      out.writeLong(PREAMBLE + bodyLength + 4);
      body.writeTo(out);
      out.flush();
      // The bytes that reached the file, against the length its frame announces: a body that
      // wrote more or less fails here, before the file is complete (AtomicFile then drops it).
      if (summed.count != PREAMBLE + bodyLength) {
        throw new IllegalStateException("model file body: " + (summed.count - PREAMBLE) + " bytes written, "
            + bodyLength + " announced");
      }
      new DataOutputStream(file).writeInt((int) crc.getValue());
      file.flush();
    });
  }

  /**
   * Checks the frame of {@code size} bytes: the magic ({@code what} names the kind of file in the
   * message), the version, the length and the checksum; {@code source} names the bytes in messages.
   */
  public static void verify(Opener opener, long size, String source, byte[] magic, int version, String what)
      throws IOException {
    verify(opener, size, source, magic, version, version, what);
  }

  /**
   * As {@link #verify(Opener, long, String, byte[], int, String)}, for a reader that takes every
   * version from {@code minVersion} to {@code maxVersion}; returns the file's version.
   */
  public static int verify(Opener opener, long size, String source, byte[] magic, int minVersion, int maxVersion,
      String what) throws IOException {
    int v;
    try (DataInputStream in = new DataInputStream(new BufferedInputStream(opener.open(), 1 << 16))) {
      byte[] got = new byte[magic.length];
      int n = in.readNBytes(got, 0, got.length);
      if (n < got.length || !Arrays.equals(got, magic)) {
        throw FormatException.atByte(source, 0, "not " + what + " (expected the magic bytes " + hex(magic)
            + " at the start)");
      }
      long length;
      try {
        v = in.readUnsignedShort();
        length = in.readLong();
      } catch (EOFException e) {
        throw FormatException.atByte(source, size, "truncated: the file ends inside the header");
      }
      if (v < minVersion || v > maxVersion) {
        throw FormatException.atByte(source, 8, "format version " + v + " (expected " + minVersion
            + (maxVersion > minVersion ? " to " + maxVersion : "") + "; "
            + (v > maxVersion ? "written by a newer version of simdperceptron" : "not a valid version") + ")");
      }
      if (length != size) {
        throw FormatException.atByte(source, 10, size < length
            ? "truncated: the file has " + size + " bytes, its header says " + length
            : "the file has " + size + " bytes, its header says " + length + " (extra data or a corrupted header)");
      }
    }
    if (size < PREAMBLE + 4) {
      throw FormatException.atByte(source, size, "truncated: too short for " + what);
    }
    CRC32 crc = new CRC32();
    int stored;
    try (DataInputStream in = new DataInputStream(new BufferedInputStream(opener.open(), 1 << 16))) {
      byte[] buf = new byte[1 << 16];
      long left = size - 4;
      while (left > 0) {
        int n = in.read(buf, 0, (int) Math.min(buf.length, left));
        if (n < 0) {
          throw FormatException.atByte(source, size - 4 - left, "truncated while reading (the file shrank?)");
        }
        crc.update(buf, 0, n);
        left -= n;
      }
      stored = in.readInt();
    } catch (EOFException e) {
      throw FormatException.atByte(source, size - 4, "truncated while reading (the file shrank?)");
    }
    if (stored != (int) crc.getValue()) {
      throw FormatException.atByte(source, size - 4, String.format("checksum mismatch: stored %08x, computed %08x:"
          + " the file is corrupted", stored, (int) crc.getValue()));
    }
    return v;
  }

  private static String hex(byte[] bytes) {
    StringBuilder b = new StringBuilder();
    for (byte x : bytes) {
      b.append(b.length() == 0 ? "" : " ").append(String.format("%02X", x & 0xFF));
    }
    return b.toString();
  }

  /** Updates a CRC with every byte written through it. */
  private static final class CrcOutputStream extends FilterOutputStream {
    private final CRC32 crc;
    /** Bytes written so far. */
    long count;

    CrcOutputStream(OutputStream out, CRC32 crc) {
      super(out);
      this.crc = crc;
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
      crc.update(b);
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
      crc.update(b, off, len);
      count += len;
    }
  }
}
