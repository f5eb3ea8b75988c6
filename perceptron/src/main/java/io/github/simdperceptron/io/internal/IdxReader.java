package io.github.simdperceptron.io.internal;

import io.github.simdperceptron.data.Dataset;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Reads the IDX files of MNIST and Fashion-MNIST, raw or gzip-compressed (recognised by the gzip
 * magic bytes {@code 1f 8b}, whatever the file name).
 *
 * <p>The format: a big-endian header, the magic number {@code 0x00000801} for labels (unsigned
 * bytes, one dimension: the count) or {@code 0x00000803} for images (unsigned bytes, three
 * dimensions: count, rows, columns), one 32-bit size per dimension, then exactly the product of
 * the sizes in bytes. Everything is checked: a wrong magic number, a negative or oversized
 * dimension, a file that ends early or goes on after the data, and images and labels of different
 * counts all throw an {@link IOException} whose message names the file and what was expected; an
 * early end is an {@link EOFException} that says how many bytes were expected and how many read.
 */
public final class IdxReader {
  /** Magic number of an IDX label file: unsigned bytes, 1 dimension. */
  public static final int LABELS_MAGIC = 0x00000801;
  /** Magic number of an IDX image file: unsigned bytes, 3 dimensions. */
  public static final int IMAGES_MAGIC = 0x00000803;

  private IdxReader() {}

  /** Images from an IDX image file: {@code count} images of {@code rows x columns} unsigned bytes. */
  public static final class Images {
    private final int count;
    private final int rows;
    private final int columns;
    private final byte[] pixels;

    Images(int count, int rows, int columns, byte[] pixels) {
      this.count = count;
      this.rows = rows;
      this.columns = columns;
      this.pixels = pixels;
    }

    /** Number of images. */
    public int count() {
      return count;
    }

    /** Rows per image. */
    public int rows() {
      return rows;
    }

    /** Columns per image. */
    public int columns() {
      return columns;
    }

    /** The pixel (0 to 255) of image i at (row, column). */
    public int pixel(int i, int row, int column) {
      Objects.checkIndex(i, count);
      Objects.checkIndex(row, rows);
      Objects.checkIndex(column, columns);
      return pixels[(i * rows + row) * columns + column] & 0xFF;
    }
  }

  /** Reads an IDX label file: one value in [0, 255] per example. */
  public static int[] readLabels(Path file) throws IOException {
    Objects.requireNonNull(file, "file");
    return readLabels(Files.newInputStream(file), file.toString());
  }

  /**
   * Reads IDX labels from a stream, raw or gzip-compressed, to its end, and closes it (a pipe,
   * standard input); {@code source} names it in messages.
   */
  public static int[] readLabels(InputStream stream, String source) throws IOException {
    Objects.requireNonNull(stream, "stream");
    Objects.requireNonNull(source, "source");
    try (InputStream in = open(stream, source)) {
      int[] dims = header(in, source, LABELS_MAGIC, "labels: unsigned bytes, 1 dimension");
      byte[] raw = body(in, source, dims);
      int[] labels = new int[raw.length];
      for (int i = 0; i < raw.length; i++) {
        labels[i] = raw[i] & 0xFF;
      }
      return labels;
    }
  }

  /** Reads an IDX image file. */
  public static Images readImages(Path file) throws IOException {
    Objects.requireNonNull(file, "file");
    return readImages(Files.newInputStream(file), file.toString());
  }

  /**
   * Reads IDX images from a stream, raw or gzip-compressed, to its end, and closes it (a pipe,
   * standard input); {@code source} names it in messages.
   */
  public static Images readImages(InputStream stream, String source) throws IOException {
    Objects.requireNonNull(stream, "stream");
    Objects.requireNonNull(source, "source");
    try (InputStream in = open(stream, source)) {
      int[] dims = header(in, source, IMAGES_MAGIC, "images: unsigned bytes, 3 dimensions");
      return new Images(dims[0], dims[1], dims[2], body(in, source, dims));
    }
  }

  /**
   * A dense dataset from an image file and a label file of the same count: one row of
   * {@code rows x columns} features per image, each pixel scaled to {@code p / 255f} in [0, 1],
   * row by row; the class of each row is its label value as a number ("0" to "9" for MNIST).
   */
  public static Dataset readDataset(Path images, Path labels) throws IOException {
    Images im = readImages(images);
    int[] y = readLabels(labels);
    if (im.count != y.length) {
      throw new IOException("dimension mismatch: " + images + " has " + im.count + " images but " + labels + " has "
          + y.length + " labels");
    }
    if (im.count == 0) {
      throw new IOException(images + " holds no images");
    }
    int d = im.rows * im.columns;
    if (d == 0) {
      throw new IOException(images + " has images of " + im.rows + " x " + im.columns + " pixels: no features");
    }
    Dataset.Builder b = Dataset.builder(d);
    float[] row = new float[d];
    for (int i = 0; i < im.count; i++) {
      for (int j = 0, at = i * d; j < d; j++) {
        row[j] = (im.pixels[at + j] & 0xFF) / 255f;
      }
      b.add(row, y[i]);
    }
    return b.build();
  }

  private static InputStream open(InputStream stream, String file) throws IOException {
    BufferedInputStream in = new BufferedInputStream(stream, 1 << 16);
    in.mark(2);
    int b0 = in.read();
    int b1 = in.read();
    in.reset();
    if (GzipDetect.isGzip(b0, b1)) {
      try {
        return new BufferedInputStream(new GZIPInputStream(in, 1 << 16), 1 << 16);
      } catch (IOException e) {
        in.close();
        throw new IOException(file + ": not a valid gzip file: " + e.getMessage(), e);
      }
    }
    return in;
  }

  /** Checks the magic number and returns the dimension sizes. */
  private static int[] header(InputStream in, String file, int magic, String what) throws IOException {
    int found = readInt(in, file, "the 4-byte magic number");
    if (found != magic) {
      throw new IOException(String.format("%s: bad magic number 0x%08x, expected 0x%08x (IDX %s)", file, found,
          magic, what));
    }
    int[] dims = new int[magic & 0xFF];
    long total = 1;
    for (int k = 0; k < dims.length; k++) {
      dims[k] = readInt(in, file, "the size of dimension " + k + " of " + dims.length);
      if (dims[k] < 0) {
        throw new IOException(file + ": dimension " + k + " has negative size " + dims[k]);
      }
      total *= dims[k];
      if (total > Integer.MAX_VALUE - 8) {
        throw new IOException(file + ": " + sizes(dims, k + 1) + " bytes is more than one array holds");
      }
    }
    return dims;
  }

  /** Reads exactly the product of the dimension sizes, then requires the end of the data. */
  private static byte[] body(InputStream in, String file, int[] dims) throws IOException {
    int total = 1;
    for (int d : dims) {
      total *= d;
    }
    // A header may claim more than the file holds: grow with the data read, never to the claim at once.
    byte[] data = new byte[Math.min(total, 1 << 20)];
    int read = 0;
    try {
      while (read < total) {
        if (read == data.length) {
          data = Arrays.copyOf(data, (int) Math.min(total, 2L * data.length));
        }
        int r = in.read(data, read, data.length - read);
        if (r < 0) {
          throw new EOFException("end of data");
        }
        read += r;
      }
    } catch (EOFException e) {
      EOFException truncated = new EOFException(file + ": truncated: expected " + total + " bytes of data ("
          + sizes(dims, dims.length) + ") after the header, the file ends after " + read);
      truncated.initCause(e);
      throw truncated;
    } catch (ZipException e) {
      throw corrupt(file, e);
    }
    int next;
    try {
      next = in.read();
    } catch (EOFException e) {
      EOFException truncated = new EOFException(file + ": truncated: the gzip stream ends before its trailer");
      truncated.initCause(e);
      throw truncated;
    } catch (ZipException e) {
      throw corrupt(file, e);
    }
    if (next >= 0) {
      throw new IOException(file + ": more data after the " + total + " bytes (" + sizes(dims, dims.length)
          + ") its header declares");
    }
    return data;
  }

  private static IOException corrupt(String file, ZipException e) {
    return new IOException(file + ": corrupt gzip data: " + e.getMessage(), e);
  }

  private static int readInt(InputStream in, String file, String what) throws IOException {
    int value = 0;
    for (int i = 0; i < 4; i++) {
      int b;
      try {
        b = in.read();
      } catch (EOFException e) {
        b = -1;
      } catch (ZipException e) {
        throw corrupt(file, e);
      }
      if (b < 0) {
        throw new EOFException(file + ": truncated header: the file ends before " + what);
      }
      value = (value << 8) | b;
    }
    return value;
  }

  private static String sizes(int[] dims, int n) {
    StringBuilder s = new StringBuilder();
    for (int k = 0; k < n; k++) {
      s.append(k == 0 ? "" : " x ").append(dims[k]);
    }
    return s.toString();
  }
}
