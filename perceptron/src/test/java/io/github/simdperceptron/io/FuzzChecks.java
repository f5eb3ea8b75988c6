package io.github.simdperceptron.io;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.io.internal.FramedFile;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.CRC32;
import java.util.zip.GZIPOutputStream;

/**
 * What every fuzz target asserts about a result or a documented error, and the inputs of the
 * targets of framed files.
 */
final class FuzzChecks {
  private FuzzChecks() {}

  /** Reads a whole stream into a dataset, as a format's {@code read(InputStream, String)} does. */
  @FunctionalInterface
  interface Read {
    Dataset read(InputStream in, String source) throws IOException;
  }

  static void dataset(Dataset d) {
    if (d.size() < 1 || d.dimension() < 1) {
      throw new AssertionError("an empty dataset was returned");
    }
  }

  /**
   * What a fuzz target of a framed file ({@code FramedFile}: magic, version, length, body, CRC32)
   * reads: the input without its first byte; when that byte is odd, with the length field and the
   * checksum made right ({@link #refit}), so that the fuzzer also reaches the checks behind the
   * checksum (a crafted file, not only a corrupted one).
   */
  static byte[] framed(byte[] input) {
    byte[] bytes = input.length == 0 ? input : Arrays.copyOfRange(input, 1, input.length);
    return input.length > 0 && (input[0] & 1) == 1 && bytes.length >= FramedFile.PREAMBLE + 4 ? refit(bytes) : bytes;
  }

  /** Sets a framed file's length field and CRC32 to those of its bytes (which are modified and returned). */
  static byte[] refit(byte[] bytes) {
    ByteBuffer b = ByteBuffer.wrap(bytes);
    b.putLong(FramedFile.PREAMBLE - 8, bytes.length);
    CRC32 crc = new CRC32();
    crc.update(bytes, 0, bytes.length - 4);
    b.putInt(bytes.length - 4, (int) crc.getValue());
    return bytes;
  }

  /** A documented error must be one line that starts with the source's name. */
  static void message(FormatException e) {
    String m = e.getMessage();
    if (!m.startsWith(e.source() + ":") || m.indexOf('\n') >= 0 || m.indexOf('\r') >= 0) {
      throw new AssertionError("not a one-line message naming the source: " + m);
    }
  }

  /**
   * Reads {@code input} three ways, as the command meets data: from memory; gzip-compressed and
   * trickling in a few bytes per read, as standard input from a pipe delivers it (the same
   * dataset or the same error, unless the input itself starts with gzip's magic bytes); and behind a gzip header it does not continue (a dataset or a
   * documented error, never another exception).
   */
  static void readEveryWay(byte[] input, String source, Read read) throws IOException {
    String plain = outcome(read, new ByteArrayInputStream(input), source);
    int chunk = input.length == 0 ? 1 : 1 + (input[input.length - 1] & 7);
    String piped = outcome(read, new Trickle(new ByteArrayInputStream(gzip(input)), chunk), source);
    // An input that itself starts like gzip is read plain as (broken) gzip, but compressed once
    // more it is unpacked one layer only, as gunzip does: the two outcomes may then differ.
    boolean looksGzipped = input.length >= 2 && input[0] == 0x1f && input[1] == (byte) 0x8b;
    if (!looksGzipped && !plain.equals(piped)) {
      throw new AssertionError("gzip through a pipe gave " + piped + ", plain " + plain);
    }
    byte[] fake = new byte[input.length + 2];
    fake[0] = 0x1f;
    fake[1] = (byte) 0x8b;
    System.arraycopy(input, 0, fake, 2, input.length);
    outcome(read, new ByteArrayInputStream(fake), source);
  }

  /** The dataset's shape, or the error's message (after checking it). */
  private static String outcome(Read read, InputStream in, String source) throws IOException {
    try {
      Dataset d = read.read(in, source);
      dataset(d);
      return d.size() + " x " + d.dimension() + " " + d.labels();
    } catch (FormatException e) {
      message(e);
      return e.getMessage();
    }
  }

  static byte[] gzip(byte[] bytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(out)) {
      z.write(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /** Hands out at most {@code chunk} bytes per read, as a pipe may. */
  static final class Trickle extends java.io.FilterInputStream {
    private final int chunk;

    Trickle(InputStream in, int chunk) {
      super(in);
      this.chunk = chunk;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      return super.read(b, off, Math.min(len, chunk));
    }
  }
}
