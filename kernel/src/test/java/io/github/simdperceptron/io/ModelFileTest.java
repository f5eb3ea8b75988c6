package io.github.simdperceptron.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.DenseDataset;
import io.github.simdperceptron.data.Generators;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.BinaryLearner;
import io.github.simdperceptron.learn.BinaryModel;
import io.github.simdperceptron.learn.LinearModel;
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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ModelFileTest {
  @TempDir
  Path dir;

  static final DenseDataset DATA = Generators.noisy(300, 17, 0.1, 1.0, 0.05, 3).data();

  static SavedModel trained(Algorithm a) {
    TrainingOptions o = TrainingOptions.defaults().withSeed(5).withMaxEpochs(3);
    return SavedModel.of(BinaryLearner.fit(a, DATA, o).model(), a.name(), o);
  }

  @ParameterizedTest
  @EnumSource(Algorithm.class)
  void roundTripGivesTheSameModelAndPredictions(Algorithm a) throws IOException {
    SavedModel saved = trained(a);
    Path p = dir.resolve("m.bin");
    ModelFile.write(p, saved);
    SavedModel back = ModelFile.read(p);
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
    ModelFile.write(p, new SavedModel(m, "PERCEPTRON", true, Map.of()));
    LinearModel r = (LinearModel) ModelFile.read(p).model();
    assertArrayEquals(w, r.weights());
    assertEquals(Float.floatToRawIntBits(-0f), Float.floatToRawIntBits(r.weights()[2]));
    assertEquals(List.of("cät", "dog \"x\""), r.labels().names());
  }

  private byte[] bytesOf(SavedModel s) throws IOException {
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
    byte[] v2 = good.clone();
    v2[9] = 2;
    assertTrue(assertThrows(FormatException.class, () -> ModelFile.read(v2, "v2.bin")).getMessage()
        .contains("format version 2 (expected 1; written by a newer version"));
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
    SavedModel bigger = trained(Algorithm.VOTED);
    IOException e = assertThrows(IOException.class, () -> ModelFile.write(p, bigger, out -> new FilterOutputStream(out) {
      int written;

      @Override
      public void write(int b) throws IOException {
        if (++written > 100) {
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
    }));
    assertEquals("disk full (simulated)", e.getMessage());
    assertArrayEquals(before, Files.readAllBytes(p));
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of(p), files.toList());
    }
    assertInstanceOf(LinearModel.class, ModelFile.read(p).model());
  }

  @Test
  void writeReplacesAnExistingModel() throws IOException {
    Path p = dir.resolve("model.bin");
    ModelFile.write(p, trained(Algorithm.PERCEPTRON));
    ModelFile.write(p, trained(Algorithm.VOTED));
    assertInstanceOf(VotedModel.class, ModelFile.read(p).model());
  }
}
