package io.github.simdperceptron.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.Generators;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.kernel.KernelLearner;
import io.github.simdperceptron.learn.kernel.KernelModel;
import io.github.simdperceptron.learn.TrainingOptions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kernel models in format version 2: every algorithm, kernel and support-vector layout reads back
 * with the same predictions and parts; a cut or corrupted file is a FormatException; a version 1
 * file still reads, and a version 1 file cannot hold a kernel model.
 */
class KernelModelFileTest {
  @TempDir
  Path dir;

  private static final TrainingOptions OPTIONS = TrainingOptions.builder().maxEpochs(3).seed(5).build();

  private static Dataset threeClasses(boolean sparse, boolean binaryValues) {
    Random r = new Random(11);
    int d = 12;
    if (sparse) {
      Dataset.Builder b = Dataset.builder(d);
      for (int i = 0; i < 120; i++) {
        int[] idx = {r.nextInt(4), 4 + r.nextInt(4), 8 + r.nextInt(4)};
        float[] val = binaryValues ? null : new float[] {r.nextFloat(), r.nextFloat(), r.nextFloat()};
        b.add(idx, val, "c" + (idx[0] % 3));
      }
      return b.build();
    }
    Dataset.Builder b = Dataset.builder(d);
    for (int i = 0; i < 120; i++) {
      float[] x = new float[d];
      for (int j = 0; j < d; j++) {
        x[j] = (float) r.nextGaussian();
      }
      b.add(x, x[0] > 0.5 ? "a" : x[1] > 0 ? "b" : "c");
    }
    return b.build();
  }

  private byte[] write(FitResult<KernelModel> fit) throws IOException {
    Path p = dir.resolve("k.bin");
    ModelFile.write(p, fit);
    return Files.readAllBytes(p);
  }

  @Test
  void everyKindOfKernelModelReadsBackTheSame() throws IOException {
    KernelModel.Function[] kernels = {KernelModel.Function.rbf(0.3), KernelModel.Function.poly(0.5, 3, 1),
        KernelModel.Function.linear()};
    int kind = 0;
    for (Algorithm a : new Algorithm[] {Algorithm.PERCEPTRON, Algorithm.AVERAGED, Algorithm.VOTED}) {
      for (boolean sparse : new boolean[] {false, true}) {
        for (boolean binaryValues : new boolean[] {false, true}) {
          if (!sparse && binaryValues) {
            continue;
          }
          Dataset data = threeClasses(sparse, binaryValues);
          KernelModel.Function f = kernels[kind++ % kernels.length];
          FitResult<KernelModel> fit = KernelLearner.fit(a, f, 0, data, OPTIONS);
          byte[] bytes = write(fit);
          assertEquals(2, bytes[9], "version 2");
          ModelFile saved = ModelFile.read(bytes, "k.bin");
          KernelModel back = (KernelModel) saved.model();
          String where = a + " " + f + (sparse ? " sparse" : " dense") + (binaryValues ? " binary" : "");
          assertEquals(fit.report().algorithm(), saved.algorithm(), where);
          assertEquals(f, back.kernel(), where);
          assertEquals(a, back.algorithm(), where);
          assertEquals(fit.model().size(), back.size(), where);
          assertEquals(sparse, back.supportVectors().isSparse(), where);
          assertEquals(fit.model().labels(), back.labels(), where);
          assertArrayEquals(fit.model().predictClasses(data), back.predictClasses(data), where);
          if (a == Algorithm.VOTED) {
            assertArrayEquals(fit.model().survivalCounts(), back.survivalCounts(), where);
            assertArrayEquals(fit.model().updatePlus(), back.updatePlus(), where);
          } else {
            assertArrayEquals(fit.model().biases(), back.biases(), where);
            assertArrayEquals(fit.model().coefficients(), back.coefficients(), where);
          }
          for (int s = 0; s < back.size(); s++) {
            assertArrayEquals(fit.model().supportVectors().denseRow(s), back.supportVectors().denseRow(s), where);
          }
        }
      }
    }
  }

  @Test
  void theAveragedMarginFormsReadBackAsTheirFormAndTheLastCoefficientsStayAsTheyWere() throws IOException {
    Dataset data = threeClasses(true, false);
    KernelModel.Function f = KernelModel.Function.rbf(0.3);
    TrainingOptions o = OPTIONS.toBuilder().tau(2f).aggressiveness(0.5f).build();
    for (Algorithm a : new Algorithm[] {Algorithm.MARGIN, Algorithm.PA, Algorithm.PA1, Algorithm.PA2}) {
      FitResult<KernelModel> averaged = KernelLearner.fitAveraged(a, f, 0, data, o);
      FitResult<KernelModel> last = KernelLearner.fit(a, f, 0, data, o);
      byte[] bytes = write(averaged);
      assertEquals(2, bytes[9], a + ": version 2");
      String name = "averaged-" + a.canonicalName();
      assertTrue(contains(bytes, utf(name)), a + ": the section names " + name);
      KernelModel back = (KernelModel) ModelFile.read(bytes, "k.bin").model();
      assertEquals(a, back.algorithm(), a.toString());
      assertTrue(back.averagedForm(), a + ": the averaged form reads back as such");
      assertEquals(name, back.algorithmName());
      assertArrayEquals(averaged.model().coefficients(), back.coefficients(), a.toString());
      assertArrayEquals(averaged.model().biases(), back.biases(), a.toString());
      assertArrayEquals(averaged.model().predictClasses(data), back.predictClasses(data), a.toString());
      // The same updates, another model: the averaged coefficients are not the last ones.
      assertEquals(last.model().size(), back.size(), a + ": the same support vectors");
      assertTrue(!java.util.Arrays.deepEquals(last.model().coefficients(), back.coefficients()), a.toString());
      byte[] plain = write(last);
      assertTrue(!contains(plain, utf(name)) && contains(plain, utf(a.canonicalName())), a.toString());
      KernelModel plainBack = (KernelModel) ModelFile.read(plain, "k.bin").model();
      assertTrue(!plainBack.averagedForm(), a + ": the last coefficients' form is not averaged");
      // The header's learner (KERNEL(AVERAGED-PA1, ...)) and the section's algorithm are all that differ in length.
      assertEquals(plain.length, bytes.length - 2 * "averaged-".length(), a.toString());
      assertTrue(averaged.report().algorithm().startsWith("KERNEL(AVERAGED-" + a.name() + ", "),
          averaged.report().algorithm());
    }
  }

  @Test
  void anAveragedFormOfAnAlgorithmWithoutOneIsAFormatException() throws IOException {
    byte[] good = write(KernelLearner.fitAveraged(Algorithm.PA1, KernelModel.Function.rbf(0.3), 0,
        threeClasses(false, false), OPTIONS));
    int at = indexOf(good, utf("averaged-pa1"));
    assertTrue(at > 0);
    int end = at + "averaged-pa1".length();
    // "averaged-pla" has the same length; PLA has no kernel form, let alone an averaged one.
    byte[] bad = good.clone();
    bad[end - 2] = 'l';
    bad[end - 1] = 'a';
    byte[] fixed = withVersion(bad, 2);
    FormatException e = assertThrows(FormatException.class, () -> ModelFile.read(fixed, "bad.bin"));
    assertTrue(e.getMessage().contains("kernel model algorithm 'averaged-pla'"), e.getMessage());
    byte[] noAlgorithm = good.clone();
    // "averaged-pa1" -> "averaged-avg" is no algorithm either; the reader names what it expects.
    noAlgorithm[end - 3] = 'a';
    noAlgorithm[end - 2] = 'v';
    noAlgorithm[end - 1] = 'g';
    FormatException e2 = assertThrows(FormatException.class,
        () -> ModelFile.read(withVersion(noAlgorithm, 2), "bad.bin"));
    assertTrue(e2.getMessage().contains("averaged-margin, averaged-pa, averaged-pa1 or averaged-pa2"),
        e2.getMessage());
  }

  /** The bytes writeUTF writes for s: its length, u16, then its modified UTF-8 (ASCII here). */
  private static byte[] utf(String s) {
    byte[] chars = s.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    byte[] out = new byte[chars.length + 2];
    out[0] = (byte) (chars.length >>> 8);
    out[1] = (byte) chars.length;
    System.arraycopy(chars, 0, out, 2, chars.length);
    return out;
  }

  private static boolean contains(byte[] bytes, byte[] part) {
    return indexOf(bytes, part) >= 0;
  }

  /** Where the characters of the first occurrence of part (a length and characters) start, or -1. */
  private static int indexOf(byte[] bytes, byte[] part) {
    for (int i = 0; i + part.length <= bytes.length; i++) {
      if (java.util.Arrays.equals(bytes, i, i + part.length, part, 0, part.length)) {
        return i + 2;
      }
    }
    return -1;
  }

  @Test
  void aFailureWhileTheSupportVectorsStreamLeavesTheOldFileIntact() throws IOException {
    Path p = dir.resolve("k.bin");
    Dataset data = threeClasses(false, false);
    FitResult<KernelModel> small = KernelLearner.fit(Algorithm.AVERAGED, KernelModel.Function.rbf(0.3), 0,
        data.subset(new int[] {0, 1, 2, 3, 4, 5}), OPTIONS);
    ModelFile.write(p, small);
    byte[] before = Files.readAllBytes(p);
    FitResult<KernelModel> fit = KernelLearner.fit(Algorithm.AVERAGED, KernelModel.Function.rbf(0.3), 0, data,
        OPTIONS);
    ModelFile saved = ModelFile.of(fit.model(), fit.report().algorithm(), fit.options());
    // Half the file: past the header and the kernel's fields (about 100 bytes), before the
    // coefficients (a float per class and support vector, and the biases) and the checksum.
    Path whole = dir.resolve("whole.bin");
    ModelFile.write(whole, saved);
    long size = Files.size(whole);
    Files.delete(whole);
    long coefficients = 4L * 3 * (fit.model().size() + 1) + 4;
    long failAt = size / 2;
    assertTrue(failAt > 200 && failAt < size - coefficients, "the failure falls among the support vectors: "
        + failAt + " of " + size + " bytes");
    IOException e = assertThrows(IOException.class,
        () -> ModelFile.write(p, saved, out -> ModelFileTest.failingAfter(out, failAt)));
    assertEquals("disk full (simulated)", e.getMessage());
    assertArrayEquals(before, Files.readAllBytes(p));
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of(p), files.toList());
    }
    assertEquals(small.model().size(), ((KernelModel) ModelFile.read(p).model()).size());
  }

  @Test
  void aBinaryKernelModelReadsBack() throws IOException {
    Dataset data = Generators.noisy(100, 5, 0.1, 1.0, 0.05, 3).data();
    FitResult<KernelModel> fit = KernelLearner.fit(Algorithm.AVERAGED, KernelModel.Function.rbf(0.2), 10, data,
        OPTIONS);
    KernelModel back = (KernelModel) ModelFile.read(write(fit), "b.bin").model();
    assertTrue(back.binary());
    assertEquals(10, back.size());
    assertArrayEquals(fit.model().predictClasses(data), back.predictClasses(data));
  }

  @Test
  void aCutOrCorruptedKernelFileIsAFormatException() throws IOException {
    byte[] good = write(KernelLearner.fit(Algorithm.VOTED, KernelModel.Function.poly(1, 2, 1), 0,
        threeClasses(true, false), OPTIONS));
    for (int n = 0; n < good.length; n++) {
      byte[] cut = java.util.Arrays.copyOf(good, n);
      assertThrows(FormatException.class, () -> ModelFile.read(cut, "cut.bin"), "cut at " + n);
    }
    Random r = new Random(3);
    for (int t = 0; t < 300; t++) {
      byte[] bad = good.clone();
      int i = r.nextInt(bad.length);
      bad[i] ^= (byte) (1 << r.nextInt(8));
      FormatException e = assertThrows(FormatException.class, () -> ModelFile.read(bad, "bad.bin"), "byte " + i);
      assertTrue(e.getMessage().matches("bad\\.bin: byte \\d+: .*"), e.getMessage());
    }
  }

  @Test
  void versionOneFilesStillReadAndCannotHoldAKernelModel() throws IOException {
    Path p = dir.resolve("linear.bin");
    ModelFile.write(p, Learner.fit(Algorithm.AVERAGED, Generators.noisy(50, 4, 0.1, 1.0, 0.05, 3).data(),
        OPTIONS));
    byte[] v1 = withVersion(Files.readAllBytes(p), 1);
    assertEquals(4, ModelFile.read(v1, "v1.bin").model().dimension());
    byte[] kernelV1 = withVersion(write(KernelLearner.fit(Algorithm.PERCEPTRON, KernelModel.Function.rbf(1), 0,
        threeClasses(false, false), OPTIONS)), 1);
    assertTrue(assertThrows(FormatException.class, () -> ModelFile.read(kernelV1, "kv1.bin")).getMessage()
        .contains("model kind 4"));
  }

  /**
   * The training data of the committed kernel-v2.model: 3 classes, 90 sparse rows of 16 features
   * with integer values 1-3, so that every kernel value and score of the polynomial kernel below is
   * exact and the fit the same on every vector width.
   */
  static Dataset fixtureData() {
    Random r = new Random(31);
    Dataset.Builder b = Dataset.builder(16);
    for (int i = 0; i < 90; i++) {
      int cls = r.nextInt(3);
      int[] idx = {cls * 4 + r.nextInt(4), 12 + r.nextInt(4)};
      float[] val = {1 + r.nextInt(3), 1 + r.nextInt(3)};
      if (r.nextInt(8) == 0) {
        idx[0] = r.nextInt(12); // a little noise: some rows lie among another class's features
      }
      b.add(idx, val, "c" + cls);
    }
    return b.build();
  }

  /** The learner kernel-v2.model was trained with: averaged, poly (0.5 x.s + 1)^2, direct K-class. */
  static FitResult<KernelModel> fixtureFit() {
    return KernelLearner.fit(Algorithm.AVERAGED, KernelModel.Function.poly(0.5, 2, 1), 0, fixtureData(),
        TrainingOptions.builder().maxEpochs(4).seed(9).build());
  }

  @Test
  void theCommittedVersionTwoFileReadsAsTheModelItHoldsAndIsWrittenTheSame() throws IOException {
    byte[] stored = VotedModelFileTest.resource("kernel-v2.model");
    assertEquals(2, stored[9], "the fixture is a version-2 file");
    KernelModel old = (KernelModel) ModelFile.read(stored, "kernel-v2.model").model();
    FitResult<KernelModel> fit = fixtureFit();
    KernelModel now = fit.model();
    Dataset data = fixtureData();
    assertEquals(now.kernel(), old.kernel());
    assertEquals(now.size(), old.size(), "support vectors");
    assertArrayEquals(now.coefficients(), old.coefficients());
    assertArrayEquals(now.biases(), old.biases());
    for (int s = 0; s < old.size(); s++) {
      assertArrayEquals(now.supportVectors().denseRow(s), old.supportVectors().denseRow(s), "support vector " + s);
    }
    assertArrayEquals(now.predictClasses(data), old.predictClasses(data));
    // A change of the layout of version 2 fails here: it needs a version of its own, and this
    // file must still read (docs/model-format.md).
    assertArrayEquals(stored, write(fit), "the bytes of a version-2 kernel model file");
  }

  /** The bytes with another version and the checksum fixed up. */
  private static byte[] withVersion(byte[] bytes, int version) {
    byte[] out = bytes.clone();
    out[8] = 0;
    out[9] = (byte) version;
    CRC32 crc = new CRC32();
    crc.update(out, 0, out.length - 4);
    ByteBuffer.wrap(out, out.length - 4, 4).putInt((int) crc.getValue());
    return out;
  }
}
