package io.github.simdperceptron.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.Generators;
import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.BinaryModel;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.LinearModel;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.VotedModel;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class ModelFileTest {
  @TempDir
  Path dir;

  static final Dataset DATA = Generators.noisy(300, 17, 0.1, 1.0, 0.05, 3).data();

  static ModelFile trained(Algorithm a) {
    TrainingOptions o = TrainingOptions.builder().seed(5).maxEpochs(3).build();
    return ModelFile.of(Learner.fit(a, DATA, o).model(), a.name(), o);
  }

  @Test
  void aDirectoryIsRefusedByItsName() {
    java.nio.file.FileSystemException e = assertThrows(java.nio.file.FileSystemException.class,
        () -> ModelFile.read(dir));
    assertEquals(dir.toString(), e.getFile());
    assertTrue(e.getMessage().contains("is a directory"), e.getMessage());
  }

  @ParameterizedTest
  @EnumSource(Algorithm.class)
  void roundTripGivesTheSameModelAndPredictions(Algorithm a) throws IOException {
    ModelFile saved = trained(a);
    Path p = dir.resolve("m.bin");
    ModelFile.write(p, saved);
    ModelFile back = ModelFile.read(p);
    assertEquals(saved.algorithm(), back.algorithm());
    assertEquals(saved.bias(), back.bias());
    assertEquals(saved.options(), back.options());
    assertEquals(List.copyOf(saved.options().keySet()), List.copyOf(back.options().keySet()));
    BinaryModel m = (BinaryModel) saved.model();
    BinaryModel r = (BinaryModel) back.model();
    assertEquals(m.getClass(), r.getClass());
    assertEquals(m.labels(), r.labels());
    assertEquals(m.dimension(), r.dimension());
    assertArrayEquals(m.scores(DATA), r.scores(DATA));
    assertArrayEquals(m.predictClasses(DATA), r.predictClasses(DATA));
    if (m instanceof LinearModel) {
      assertArrayEquals(((LinearModel) m).weights(), ((LinearModel) r).weights());
      assertEquals(((LinearModel) m).bias(), ((LinearModel) r).bias());
    } else {
      VotedModel v = (VotedModel) m;
      VotedModel w = (VotedModel) r;
      assertEquals(v.vectors(), w.vectors());
      for (int k = 0; k < v.vectors(); k++) {
        assertArrayEquals(v.vector(k), w.vector(k));
        assertEquals(v.count(k), w.count(k));
        assertEquals(v.bias(k), w.bias(k));
      }
    }
  }

  @Test
  void stringClassNamesAndExtremeFloatsSurvive() throws IOException {
    float[] w = {Float.MIN_VALUE, -Float.MAX_VALUE, -0f, 1e-30f, 3.25f};
    LinearModel m = new LinearModel(w, -7.5f, Labels.of(List.of("cät", "dog \"x\"")));
    Path p = dir.resolve("s.bin");
    ModelFile.write(p, new ModelFile(m, "PERCEPTRON", true, Map.of()));
    LinearModel r = (LinearModel) ModelFile.read(p).model();
    assertArrayEquals(w, r.weights());
    assertEquals(Float.floatToRawIntBits(-0f), Float.floatToRawIntBits(r.weights()[2]));
    assertEquals(List.of("cät", "dog \"x\""), r.labels().names());
  }

  private byte[] bytesOf(ModelFile s) throws IOException {
    Path p = dir.resolve("b.bin");
    ModelFile.write(p, s);
    return Files.readAllBytes(p);
  }

  @Test
  void everyTruncationIsAClearError() throws IOException {
    byte[] good = bytesOf(trained(Algorithm.VOTED));
    for (int len = 0; len < good.length; len++) {
      byte[] cut = java.util.Arrays.copyOf(good, len);
      FormatException e = assertThrows(FormatException.class, () -> ModelFile.read(cut, "cut.bin"), "length " + len);
      assertTrue(e.getMessage().startsWith("cut.bin: byte "), e.getMessage());
      assertTrue(e.getMessage().contains(len < 8 ? "not a model file" : len < 18 ? "truncated" : "truncated: the file has "
          + len + " bytes"), len + ": " + e.getMessage());
    }
  }

  @Test
  void everySingleByteCorruptionIsAClearError() throws IOException {
    byte[] good = bytesOf(trained(Algorithm.AVERAGED));
    for (int i = 0; i < good.length; i++) {
      for (int bit : new int[] {0x01, 0x80}) {
        byte[] bad = good.clone();
        bad[i] ^= (byte) bit;
        FormatException e = assertThrows(FormatException.class, () -> ModelFile.read(bad, "bad.bin"),
            "byte " + i);
        assertTrue(e.getMessage().matches("bad\\.bin: byte \\d+: .*"), e.getMessage());
      }
    }
  }

  @Test
  void wrongVersionAndNonModelFilesAreNamed() throws IOException {
    byte[] good = bytesOf(trained(Algorithm.PERCEPTRON));
    byte[] newer = good.clone();
    newer[9] = (byte) (ModelFile.VERSION + 1);
    assertTrue(assertThrows(FormatException.class, () -> ModelFile.read(newer, "v.bin")).getMessage()
        .contains("format version " + (ModelFile.VERSION + 1) + " (expected 1 to " + ModelFile.VERSION
            + "; written by a newer version"));
    byte[] zero = good.clone();
    zero[9] = 0;
    assertTrue(assertThrows(FormatException.class, () -> ModelFile.read(zero, "v.bin")).getMessage()
        .contains("format version 0 (expected 1 to " + ModelFile.VERSION + "; not a valid version"));
    Path text = dir.resolve("data.svm");
    Files.writeString(text, "1 1:1\n-1 2:1\n");
    FormatException e = assertThrows(FormatException.class, () -> ModelFile.read(text));
    assertEquals(text + ": byte 0: not a model file (expected the magic bytes 89 50 45 52 43 0D 0A 1A at the start)",
        e.getMessage());
    byte[] extra = java.util.Arrays.copyOf(good, good.length + 3);
    assertTrue(assertThrows(FormatException.class, () -> ModelFile.read(extra, "x.bin")).getMessage()
        .contains("extra data"));
  }

  @Test
  void aValidChecksumDoesNotMakeBadFieldsAcceptable() throws IOException {
    byte[] good = bytesOf(trained(Algorithm.PERCEPTRON));
    byte[] kind = good.clone();
    kind[ModelFile.PREAMBLE] = 9;
    assertTrue(assertThrows(FormatException.class, () -> ModelFile.read(resum(kind), "k.bin")).getMessage()
        .contains("model kind 9"));
    byte[] nan = good.clone();
    ByteBuffer.wrap(nan).putInt(nan.length - 8, Float.floatToIntBits(Float.NaN));
    assertTrue(assertThrows(FormatException.class, () -> ModelFile.read(resum(nan), "n.bin")).getMessage()
        .contains("(expected a finite float)"));
  }

  /** Recomputes the checksum, as a crafted file would. */
  static byte[] resum(byte[] b) {
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    crc.update(b, 0, b.length - 4);
    ByteBuffer.wrap(b).putInt(b.length - 4, (int) crc.getValue());
    return b;
  }

  @Test
  void aFailureMidWriteLeavesTheOldFileIntactAndNoTemporaryFile() throws IOException {
    Path p = dir.resolve("model.bin");
    ModelFile.write(p, trained(Algorithm.PERCEPTRON));
    byte[] before = Files.readAllBytes(p);
    ModelFile bigger = trained(Algorithm.VOTED);
    IOException e = assertThrows(IOException.class, () -> ModelFile.write(p, bigger, out -> failingAfter(out, 100)));
    assertEquals("disk full (simulated)", e.getMessage());
    assertArrayEquals(before, Files.readAllBytes(p));
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of(p), files.toList());
    }
    assertInstanceOf(LinearModel.class, ModelFile.read(p).model());
  }

  /** A stream that passes {@code bytes} bytes on to {@code out}, then fails as a full disk does. */
  static OutputStream failingAfter(OutputStream out, long bytes) {
    return new FilterOutputStream(out) {
      long written;

      @Override
      public void write(int b) throws IOException {
        if (++written > bytes) {
          throw new IOException("disk full (simulated)");
        }
        out.write(b);
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        for (int i = 0; i < len; i++) {
          write(b[off + i]);
        }
      }
    };
  }

  /** Four noisy classes with string names in 9-d: the class is the arg max of a planted matrix times x. */
  static final Dataset MULTI = fourClasses(200, 9, 7);

  static Dataset fourClasses(int n, int d, long seed) {
    Random rnd = new Random(seed);
    String[] names = {"bag", "coat", "dress", "sneaker"};
    float[][] planted = new float[names.length][d];
    for (float[] row : planted) {
      for (int j = 0; j < d; j++) {
        row[j] = (float) rnd.nextGaussian();
      }
    }
    Dataset.Builder b = Dataset.builder(d);
    for (int i = 0; i < n; i++) {
      float[] x = new float[d];
      for (int j = 0; j < d; j++) {
        x[j] = (float) rnd.nextGaussian();
      }
      int best = i % names.length;
      for (int c = 0; c < names.length && i >= names.length; c++) {
        best = dot(planted[c], x) > dot(planted[best], x) ? c : best;
      }
      b.add(x, rnd.nextDouble() < 0.05 ? names[rnd.nextInt(names.length)] : names[best]);
    }
    return b.build();
  }

  private static double dot(float[] a, float[] b) {
    double s = 0;
    for (int j = 0; j < a.length; j++) {
      s += (double) a[j] * b[j];
    }
    return s;
  }

  /** A trained multi-class model: "ovr-ALGORITHM" or "direct-perceptron" / "direct-averaged". */
  static ModelFile multiclass(String learner) {
    TrainingOptions o = TrainingOptions.builder().seed(5).maxEpochs(4).build();
    Algorithm a = Algorithm.valueOf(learner.substring(learner.indexOf('-') + 1).toUpperCase(java.util.Locale.ROOT));
    var fit = learner.startsWith("ovr") ? Learner.fitOneVsRest(a, MULTI, o) : Learner.fitMulticlass(a, MULTI, o);
    return ModelFile.of(fit.model(), fit.report().algorithm(), o);
  }

  @ParameterizedTest
  @ValueSource(strings = {"ovr-perceptron", "ovr-pla", "ovr-pocket", "ovr-averaged", "ovr-margin",
      "direct-perceptron", "direct-averaged"})
  void multiclassRoundTripGivesTheSameModelBitForBit(String learner) throws IOException {
    ModelFile saved = multiclass(learner);
    assertTrue(ModelFile.isMulticlassLearner(saved.algorithm()), saved.algorithm());
    Path p = dir.resolve("multi.bin");
    ModelFile.write(p, saved);
    ModelFile back = ModelFile.read(p);
    assertEquals(saved.algorithm(), back.algorithm());
    assertEquals(saved.bias(), back.bias());
    assertEquals(saved.options(), back.options());
    MulticlassModel m = (MulticlassModel) saved.model();
    MulticlassModel r = assertInstanceOf(MulticlassModel.class, back.model());
    assertEquals(List.of("bag", "coat", "dress", "sneaker"), r.labels().names());
    assertEquals(m.labels(), r.labels());
    assertEquals(m.dimension(), r.dimension());
    assertEquals(4, r.classes());
    for (int c = 0; c < m.classes(); c++) {
      assertArrayEquals(bits(m.weights(c)), bits(r.weights(c)), "class " + c);
    }
    assertArrayEquals(bits(m.biases()), bits(r.biases()));
    assertArrayEquals(m.predictClasses(MULTI), r.predictClasses(MULTI));
    assertEquals(m.accuracy(MULTI), r.accuracy(MULTI));
  }

  private static int[] bits(float[] a) {
    int[] out = new int[a.length];
    for (int i = 0; i < a.length; i++) {
      out[i] = Float.floatToRawIntBits(a[i]);
    }
    return out;
  }

  @Test
  void multiclassNumericClassesAndExtremeFloatsSurvive() throws IOException {
    float[][] w = {{Float.MIN_VALUE, -0f}, {-Float.MAX_VALUE, 1e-30f}, {3.25f, 0f}};
    MulticlassModel m = new MulticlassModel(w, new float[] {-0f, 7.5f, -1e20f}, Labels.of(List.of("0", "2", "10")));
    Path p = dir.resolve("x.bin");
    ModelFile.write(p, new ModelFile(m, "MULTICLASS(PERCEPTRON)", false, Map.of()));
    MulticlassModel r = (MulticlassModel) ModelFile.read(p).model();
    for (int c = 0; c < 3; c++) {
      assertArrayEquals(bits(w[c]), bits(r.weights(c)));
    }
    assertArrayEquals(bits(m.biases()), bits(r.biases()));
    assertEquals(List.of("0", "2", "10"), r.labels().names());
  }

  @Test
  void aMulticlassModelMustNameItsLearner() {
    MulticlassModel m = (MulticlassModel) multiclass("direct-averaged").model();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ModelFile.write(dir.resolve("m.bin"), new ModelFile(m, "AVERAGED", true, Map.of())));
    assertTrue(e.getMessage().contains("OVR(PERCEPTRON|PLA|POCKET|AVERAGED|MARGIN|PA|PA1|PA2) or"
        + " MULTICLASS(PERCEPTRON|AVERAGED|PA|PA1|PA2)"),
        e.getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> ModelFile.write(dir.resolve("m.bin"), new ModelFile(m, "OVR(VOTED)", true, Map.of())));
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(0, files.count());
    } catch (IOException ex) {
      throw new AssertionError(ex);
    }
  }

  @Test
  void everyTruncationOfAMulticlassModelIsAClearError() throws IOException {
    byte[] good = bytesOf(multiclass("ovr-averaged"));
    for (int len = 0; len < good.length; len++) {
      byte[] cut = java.util.Arrays.copyOf(good, len);
      FormatException e = assertThrows(FormatException.class, () -> ModelFile.read(cut, "cut.bin"), "length " + len);
      assertTrue(e.getMessage().startsWith("cut.bin: byte "), e.getMessage());
      assertTrue(e.getMessage().contains(len < 8 ? "not a model file" : len < 18 ? "truncated" : "truncated: the file has "
          + len + " bytes"), len + ": " + e.getMessage());
    }
  }

  @Test
  void everySingleByteCorruptionOfAMulticlassModelIsAClearError() throws IOException {
    byte[] good = bytesOf(multiclass("direct-averaged"));
    for (int i = 0; i < good.length; i++) {
      for (int bit : new int[] {0x01, 0x80}) {
        byte[] bad = good.clone();
        bad[i] ^= (byte) bit;
        FormatException e = assertThrows(FormatException.class, () -> ModelFile.read(bad, "bad.bin"),
            "byte " + i);
        assertTrue(e.getMessage().matches("bad\\.bin: byte \\d+: .*"), e.getMessage());
      }
    }
  }

  /** Offsets into a model file's header: [kind, algorithm, dimension, classes]. */
  private static int[] headerOffsets(byte[] b) {
    int kind = ModelFile.PREAMBLE;
    int algorithm = kind + 1;
    int dimension = algorithm + 2 + ByteBuffer.wrap(b).getShort(algorithm);
    return new int[] {kind, algorithm, dimension, dimension + 4};
  }

  @Test
  void aValidChecksumDoesNotMakeABadMulticlassModelAcceptable() throws IOException {
    byte[] good = bytesOf(multiclass("ovr-perceptron"));
    int[] at = headerOffsets(good);
    // A multi-class file read as a binary one: 4 classes do not fit a binary model.
    byte[] asLinear = good.clone();
    asLinear[at[0]] = (byte) ModelFile.KIND_LINEAR;
    assertEquals("k.bin: byte " + at[3] + ": 4 classes (expected 1 or 2 for a binary model)",
        assertThrows(FormatException.class, () -> ModelFile.read(resum(asLinear), "k.bin")).getMessage());
    // A binary file read as a multi-class one: its algorithm names no multi-class learner.
    byte[] binary = bytesOf(trained(Algorithm.PERCEPTRON));
    binary[ModelFile.PREAMBLE] = (byte) ModelFile.KIND_MULTICLASS;
    assertEquals("b.bin: byte " + (ModelFile.PREAMBLE + 1) + ": learner 'PERCEPTRON' (expected"
        + " OVR(PERCEPTRON|PLA|POCKET|AVERAGED|MARGIN|PA|PA1|PA2) or MULTICLASS(PERCEPTRON|AVERAGED|PA|PA1|PA2) for a"
        + " multi-class model)",
        assertThrows(FormatException.class, () -> ModelFile.read(resum(binary), "b.bin")).getMessage());
    // One class fewer in the header than rows in the file: the rows no longer match the classes.
    ModelFile three = new ModelFile(new MulticlassModel(new float[][] {{1f}, {2f}, {3f}}, new float[3],
        Labels.of(List.of("a", "b", "c"))), "OVR(PLA)", true, Map.of());
    byte[] rows = bytesOf(three);
    int[] h = headerOffsets(rows);
    byte[] fewer = new byte[rows.length - 3];
    // Drop the last class name ("c": 2 bytes of length, 1 byte) and tell the header 2 classes.
    int names = h[3] + 4;
    int cut = names + 3 + 3;
    System.arraycopy(rows, 0, fewer, 0, cut);
    System.arraycopy(rows, cut + 3, fewer, cut, rows.length - cut - 3);
    ByteBuffer.wrap(fewer).putInt(h[3], 2).putLong(ModelFile.MAGIC.length + 2, fewer.length);
    FormatException e = assertThrows(FormatException.class, () -> ModelFile.read(resum(fewer), "r.bin"));
    assertTrue(e.getMessage().contains("3 weight rows of 1 floats (expected 2 rows, one per class"), e.getMessage());
    // A count other than 1 in a row.
    byte[] count = rows.clone();
    int firstRow = rows.length - 4 - 3 * (12 + 4);
    ByteBuffer.wrap(count).putLong(firstRow + 4, 2);
    assertEquals("c.bin: byte " + firstRow + ": row 0: bias 0.0, count 2 (expected a finite bias and a count of 1 in a"
        + " multi-class model)", assertThrows(FormatException.class, () -> ModelFile.read(resum(count), "c.bin"))
        .getMessage());
  }

  @Test
  void writeReplacesAnExistingModel() throws IOException {
    Path p = dir.resolve("model.bin");
    ModelFile.write(p, trained(Algorithm.PERCEPTRON));
    ModelFile.write(p, trained(Algorithm.VOTED));
    assertInstanceOf(VotedModel.class, ModelFile.read(p).model());
  }
}
