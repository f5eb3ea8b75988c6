package io.github.simdperceptron.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.internal.IdxReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The IDX reader on small files written here, raw and gzip, and every error it reports. */
class IdxReaderTest {
  @TempDir
  Path dir;

  /** 3 images of 2 x 3 pixels. */
  private static final byte[] PIXELS = {0, 1, 2, 3, 4, 5, (byte) 255, (byte) 128, 7, 8, 9, 10, 11, 12, 13, 14, 15,
      (byte) 200};
  private static final byte[] LABELS = {9, 0, 3};

  private static byte[] idx(int magic, int[] dims, byte[] data) {
    ByteBuffer b = ByteBuffer.allocate(4 + 4 * dims.length + data.length);
    b.putInt(magic);
    for (int d : dims) {
      b.putInt(d);
    }
    b.put(data);
    return b.array();
  }

  private static byte[] images() {
    return idx(IdxReader.IMAGES_MAGIC, new int[] {3, 2, 3}, PIXELS);
  }

  private static byte[] labels() {
    return idx(IdxReader.LABELS_MAGIC, new int[] {3}, LABELS);
  }

  private static byte[] gzip(byte[] raw) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(raw);
    }
    return out.toByteArray();
  }

  private Path write(String name, byte[] content) throws IOException {
    return Files.write(dir.resolve(name), content);
  }

  @Test
  void readsRawAndGzipFilesAlike() throws IOException {
    for (boolean compressed : new boolean[] {false, true}) {
      // The name does not matter: gzip is recognised by its magic bytes.
      Path im = write("images" + compressed, compressed ? gzip(images()) : images());
      Path lb = write("labels" + compressed + ".gz", compressed ? gzip(labels()) : labels());
      IdxReader.Images images = IdxReader.readImages(im);
      assertEquals(3, images.count());
      assertEquals(2, images.rows());
      assertEquals(3, images.columns());
      assertEquals(255, images.pixel(1, 0, 0));
      assertEquals(128, images.pixel(1, 0, 1));
      assertEquals(200, images.pixel(2, 1, 2));
      assertEquals(5, images.pixel(0, 1, 2));
      assertArrayEquals(new int[] {9, 0, 3}, IdxReader.readLabels(lb));
    }
  }

  @Test
  void readsStreamsAsFilesAndClosesThem() throws IOException {
    for (boolean compressed : new boolean[] {false, true}) {
      boolean[] closed = new boolean[2];
      IdxReader.Images images = IdxReader.readImages(closing(compressed ? gzip(images()) : images(), closed, 0),
          "(images)");
      assertEquals(3, images.count());
      assertEquals(200, images.pixel(2, 1, 2));
      assertArrayEquals(new int[] {9, 0, 3},
          IdxReader.readLabels(closing(compressed ? gzip(labels()) : labels(), closed, 1), "(labels)"));
      assertArrayEquals(new boolean[] {true, true}, closed);
    }
    IOException e = assertThrows(IOException.class,
        () -> IdxReader.readImages(new ByteArrayInputStream(labels()), "(stdin)"));
    assertTrue(e.getMessage().startsWith("(stdin): bad magic number 0x00000801, expected 0x00000803"), e.getMessage());
    EOFException t = assertThrows(EOFException.class,
        () -> IdxReader.readLabels(new ByteArrayInputStream(Arrays.copyOf(labels(), 9)), "(pipe)"));
    assertTrue(t.getMessage().startsWith("(pipe): truncated"), t.getMessage());
  }

  private static ByteArrayInputStream closing(byte[] bytes, boolean[] closed, int which) {
    return new ByteArrayInputStream(bytes) {
      @Override
      public void close() {
        closed[which] = true;
      }
    };
  }

  @Test
  void buildsADatasetWithScaledPixelsAndNumericClasses() throws IOException {
    Dataset data = IdxReader.readDataset(write("i.gz", gzip(images())), write("l", labels()));
    assertEquals(3, data.size());
    assertEquals(6, data.dimension());
    assertEquals(List.of("0", "3", "9"), data.labels().names());
    assertEquals("9", data.labels().name(data.classOf(0)));
    assertEquals("0", data.labels().name(data.classOf(1)));
    float[] row = data.denseRow(1);
    assertArrayEquals(new float[] {1f, 128 / 255f, 7 / 255f, 8 / 255f, 9 / 255f, 10 / 255f}, row);
    assertEquals(0f, data.denseRow(0)[0]);
  }

  @Test
  void badMagicNumbersNameTheFileAndTheExpectedValue() throws IOException {
    Path lb = write("labels.idx", labels());
    IOException e = assertThrows(IOException.class, () -> IdxReader.readImages(lb));
    assertTrue(e.getMessage().contains(lb.toString()), e.getMessage());
    assertTrue(e.getMessage().contains("bad magic number 0x00000801, expected 0x00000803"), e.getMessage());
    Path im = write("images.idx", gzip(images()));
    e = assertThrows(IOException.class, () -> IdxReader.readLabels(im));
    assertTrue(e.getMessage().contains("bad magic number 0x00000803, expected 0x00000801"), e.getMessage());
    Path text = write("notes.txt", "hello, world".getBytes(StandardCharsets.US_ASCII));
    e = assertThrows(IOException.class, () -> IdxReader.readLabels(text));
    assertTrue(e.getMessage().contains("bad magic number 0x68656c6c"), e.getMessage());
  }

  @Test
  void countsOfImagesAndLabelsMustMatch() throws IOException {
    Path im = write("images", images());
    Path lb = write("labels", idx(IdxReader.LABELS_MAGIC, new int[] {2}, new byte[] {1, 2}));
    IOException e = assertThrows(IOException.class, () -> IdxReader.readDataset(im, lb));
    assertTrue(e.getMessage().contains("dimension mismatch"), e.getMessage());
    assertTrue(e.getMessage().contains(im + " has 3 images"), e.getMessage());
    assertTrue(e.getMessage().contains(lb + " has 2 labels"), e.getMessage());
  }

  @Test
  void truncatedDataSaysHowManyBytesWereExpected() throws IOException {
    byte[] full = images();
    Path raw = write("short", Arrays.copyOf(full, full.length - 5));
    EOFException e = assertThrows(EOFException.class, () -> IdxReader.readImages(raw));
    assertTrue(e.getMessage().contains(raw + ": truncated: expected 18 bytes of data (3 x 2 x 3)"), e.getMessage());
    assertTrue(e.getMessage().contains("ends after 13"), e.getMessage());
    assertTrue(e.getCause() instanceof EOFException);

    byte[] gz = gzip(full);
    Path cut = write("short.gz", Arrays.copyOf(gz, gz.length - 14));
    e = assertThrows(EOFException.class, () -> IdxReader.readImages(cut));
    assertTrue(e.getMessage().startsWith(cut + ": truncated"), e.getMessage());

    Path header = write("header", Arrays.copyOf(full, 10));
    e = assertThrows(EOFException.class, () -> IdxReader.readImages(header));
    assertTrue(e.getMessage().contains(header + ": truncated header: the file ends before the size of dimension 1"),
        e.getMessage());

    Path empty = write("empty", new byte[0]);
    e = assertThrows(EOFException.class, () -> IdxReader.readLabels(empty));
    assertTrue(e.getMessage().contains("before the 4-byte magic number"), e.getMessage());
  }

  @Test
  void extraDataAfterTheDeclaredBytesIsAnError() throws IOException {
    byte[] full = labels();
    Path longer = write("long", Arrays.copyOf(full, full.length + 1));
    IOException e = assertThrows(IOException.class, () -> IdxReader.readLabels(longer));
    assertTrue(e.getMessage().contains(longer + ": more data after the 3 bytes (3)"), e.getMessage());
  }

  @Test
  void negativeAndOversizedDimensionsAreRejected() throws IOException {
    Path negative = write("neg", idx(IdxReader.IMAGES_MAGIC, new int[] {3, -2, 3}, PIXELS));
    IOException e = assertThrows(IOException.class, () -> IdxReader.readImages(negative));
    assertTrue(e.getMessage().contains(negative + ": dimension 1 has negative size -2"), e.getMessage());
    Path huge = write("huge", idx(IdxReader.IMAGES_MAGIC, new int[] {100000, 10000, 10000}, new byte[0]));
    e = assertThrows(IOException.class, () -> IdxReader.readImages(huge));
    assertTrue(e.getMessage().contains("100000 x 10000 x 10000 bytes is more than one array holds"), e.getMessage());
  }

  @Test
  void corruptGzipAndMissingFilesAreReported() throws IOException {
    byte[] gz = gzip(images());
    for (int i = 12; i < 20; i++) {
      gz[i] ^= 0x5a;
    }
    Path corrupt = write("corrupt.gz", gz);
    IOException e = assertThrows(IOException.class, () -> IdxReader.readImages(corrupt));
    assertTrue(e.getMessage().startsWith(corrupt.toString()), e.getMessage());
    assertThrows(NoSuchFileException.class, () -> IdxReader.readLabels(dir.resolve("absent")));
  }

  @Test
  void emptyImageSetsCannotMakeADataset() throws IOException {
    Path im = write("none", idx(IdxReader.IMAGES_MAGIC, new int[] {0, 28, 28}, new byte[0]));
    Path lb = write("nolabels", idx(IdxReader.LABELS_MAGIC, new int[] {0}, new byte[0]));
    assertEquals(0, IdxReader.readImages(im).count());
    IOException e = assertThrows(IOException.class, () -> IdxReader.readDataset(im, lb));
    assertTrue(e.getMessage().contains("holds no images"), e.getMessage());
  }
}
