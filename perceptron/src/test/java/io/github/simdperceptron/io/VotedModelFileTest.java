package io.github.simdperceptron.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.Generators;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.LinearModel;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.VotedModel;
import io.github.simdperceptron.learn.internal.VotedAccess;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The voted model in model files: format version 2 stores the mistakes; a version-1 file (dense
 * vectors, committed as written by the version-1 writer) still reads and predicts as it did.
 */
class VotedModelFileTest {

  /** The training data of the committed voted-v1.model (integer values, 60 rows, 40 features). */
  static Dataset fixtureData() {
    Random rnd = new Random(22);
    Dataset.Builder b = Dataset.builder(40);
    for (int i = 0; i < 60; i++) {
      TreeSet<Integer> idx = new TreeSet<>();
      int n = 3 + rnd.nextInt(6);
      while (idx.size() < n) {
        idx.add(rnd.nextInt(40));
      }
      int[] ix = idx.stream().mapToInt(Integer::intValue).toArray();
      float[] v = new float[n];
      int s = 0;
      for (int t = 0; t < n; t++) {
        v[t] = 1 + rnd.nextInt(3);
        s += (ix[t] < 20 ? 1 : -1) * (int) v[t];
      }
      boolean positive = rnd.nextInt(10) == 0 ? s <= 0 : s > 0;
      b.add(ix, v, positive ? "1" : "-1");
    }
    return b.build();
  }

  /** The options voted-v1.model was trained with. */
  static final TrainingOptions FIXTURE_OPTIONS = TrainingOptions.builder().seed(7).maxEpochs(4).build();

  /** A file of this package's test resources. */
  static byte[] resource(String name) throws IOException {
    try (InputStream in = VotedModelFileTest.class.getResourceAsStream(name)) {
      assertTrue(in != null, name + " is missing from the test resources");
      return in.readAllBytes();
    }
  }

  @Test
  void aVersionOneFileReadsAndPredictsAsItDidAndAsTheMistakesDo() throws IOException {
    byte[] v1 = resource("voted-v1.model");
    assertEquals(1, ByteBuffer.wrap(v1).getShort(ModelFile.MAGIC.length), "the fixture is a version-1 file");
    ModelFile saved = ModelFile.read(v1, "voted-v1.model");
    VotedModel old = (VotedModel) saved.model();
    Dataset data = fixtureData();
    double[] expected = Arrays.stream(new String(resource("voted-v1.scores"), StandardCharsets.UTF_8).split("\n"))
        .filter(l -> !l.startsWith("#") && !l.isBlank()).mapToDouble(Double::parseDouble).toArray();
    assertEquals(data.size(), expected.length, "one stored score per row");
    VotedModel now = (VotedModel) Learner.fit(Algorithm.VOTED, data, FIXTURE_OPTIONS).model();
    assertEquals(old.vectors(), now.vectors(), "vectors");
    for (int k = 0; k < old.vectors(); k++) {
      assertArrayEquals(old.vector(k), now.vector(k), "vector " + k);
      assertEquals(old.bias(k), now.bias(k), "bias " + k);
      assertEquals(old.count(k), now.count(k), "count " + k);
    }
    for (int i = 0; i < data.size(); i++) {
      assertEquals((float) expected[i], old.score(data, i), "the version-1 model's score of row " + i);
      assertEquals((float) expected[i], old.score(data.denseRow(i)), "the version-1 model's dense score of row " + i);
      assertEquals((float) expected[i], now.score(data, i), "the retrained model's score of row " + i);
    }
    // Written again, it is a version-2 file of the same vectors.
    byte[] again = bytes(saved);
    assertEquals(ModelFile.VERSION_VOTED, ByteBuffer.wrap(again).getShort(ModelFile.MAGIC.length));
    VotedModel back = (VotedModel) ModelFile.read(again, "again.bin").model();
    for (int i = 0; i < data.size(); i++) {
      assertEquals((float) expected[i], back.score(data, i), "rewritten, score of row " + i);
    }
    byte[] mistakes = bytes(ModelFile.of(now, "VOTED", FIXTURE_OPTIONS));
    assertTrue(mistakes.length * 3 < v1.length, "the mistakes take " + mistakes.length + " bytes, the vectors "
        + v1.length);
  }

  private static byte[] bytes(ModelFile saved) throws IOException {
    java.nio.file.Path p = java.nio.file.Files.createTempFile("voted", ".bin");
    try {
      ModelFile.write(p, saved);
      return java.nio.file.Files.readAllBytes(p);
    } finally {
      java.nio.file.Files.deleteIfExists(p);
    }
  }

  /** Models of every stored form: sparse binary and valued rows, dense rows, a warm start, given vectors. */
  static List<Object[]> models() {
    Dataset valued = fixtureData();
    Random rnd = new Random(5);
    Dataset.Builder b = Dataset.builder(30);
    for (int i = 0; i < 80; i++) {
      TreeSet<Integer> idx = new TreeSet<>();
      while (idx.size() < 4) {
        idx.add(rnd.nextInt(30));
      }
      b.add(idx.stream().mapToInt(Integer::intValue).toArray(), null, rnd.nextBoolean() ? "spam" : "ham");
    }
    Dataset binary = b.build();
    Dataset dense = Generators.noisy(150, 12, 0.1, 1.0, 0.05, 9).data();
    TrainingOptions o = TrainingOptions.builder().seed(3).maxEpochs(3).build();
    float[] w = new float[12];
    Arrays.fill(w, 0.25f);
    LinearModel warm = new LinearModel(w, -0.5f, dense.labels());
    return List.of(
        new Object[] {"sparse valued", valued, Learner.fit(Algorithm.VOTED, valued, o).model()},
        new Object[] {"sparse binary", binary, Learner.fit(Algorithm.VOTED, binary, o).model()},
        new Object[] {"dense", dense, Learner.fit(Algorithm.VOTED, dense, o).model()},
        new Object[] {"dense, no bias", dense, Learner.fit(Algorithm.VOTED, dense,
            o.toBuilder().bias(false).build()).model()},
        new Object[] {"warm start", dense, Learner.fit(Algorithm.VOTED, dense, o, warm).model()},
        new Object[] {"given vectors", dense, VotedModel.of(new float[][] {w, new float[12]},
            new float[] {1f, -2f}, new long[] {3, 4}, dense.labels(), 12)});
  }

  @Test
  void everyFormRoundTripsBitForBit() throws IOException {
    for (Object[] c : models()) {
      String where = (String) c[0];
      Dataset data = (Dataset) c[1];
      VotedModel m = (VotedModel) c[2];
      VotedModel r = (VotedModel) ModelFile.read(bytes(ModelFile.of(m, "VOTED", TrainingOptions.defaults())),
          where).model();
      VotedAccess.Parts p = VotedAccess.parts(m);
      VotedAccess.Parts q = VotedAccess.parts(r);
      assertEquals(p.biasSteps, q.biasSteps, where + ": bias steps");
      assertArrayEquals(p.entries, q.entries, where + ": entries");
      assertArrayEquals(p.counts, q.counts, where + ": counts");
      assertArrayEquals(p.rowLabels, q.rowLabels, where + ": row labels");
      assertEquals(p.rows == null, q.rows == null, where + ": rows");
      if (p.rows != null) {
        assertEquals(p.rows.isSparse(), q.rows.isSparse(), where + ": row form");
        for (int i = 0; i < p.rows.size(); i++) {
          assertArrayEquals(p.rows.denseRow(i), q.rows.denseRow(i), where + ": row " + i);
        }
      }
      assertEquals(m.labels(), r.labels(), where + ": labels");
      assertEquals(m.vectors(), r.vectors(), where + ": vectors");
      for (int k = 0; k < m.vectors(); k++) {
        assertArrayEquals(m.vector(k), r.vector(k), where + ": vector " + k);
        assertEquals(m.bias(k), r.bias(k), where + ": bias " + k);
        assertEquals(m.count(k), r.count(k), where + ": count " + k);
      }
      assertArrayEquals(m.scores(data), r.scores(data), where + ": scores");
    }
  }

  @Test
  void everyTruncationAndByteCorruptionOfASparseModelIsAClearError() throws IOException {
    byte[] good = bytes(ModelFile.of((VotedModel) models().get(1)[2], "VOTED", TrainingOptions.defaults()));
    for (int len = 0; len < good.length; len++) {
      byte[] cut = Arrays.copyOf(good, len);
      FormatException e = assertThrows(FormatException.class, () -> ModelFile.read(cut, "cut.bin"), "length " + len);
      assertTrue(e.getMessage().startsWith("cut.bin: byte "), e.getMessage());
    }
    for (int i = 0; i < good.length; i++) {
      byte[] bad = good.clone();
      bad[i] ^= 0x10;
      FormatException e = assertThrows(FormatException.class, () -> ModelFile.read(bad, "bad.bin"), "byte " + i);
      assertTrue(e.getMessage().matches("bad\\.bin: byte \\d+: .*"), e.getMessage());
    }
  }

  @Test
  void aValidChecksumDoesNotMakeBadMistakesAcceptable() throws IOException {
    VotedModel m = (VotedModel) models().get(0)[2];
    byte[] good = bytes(ModelFile.of(m, "VOTED", TrainingOptions.defaults()));
    VotedAccess.Parts p = VotedAccess.parts(m);
    int entries = good.length - 4 - 12 * p.entries.length;
    assertError(good, entries + 12, 77, "entry 1: reference 77, count", 4);
    assertError(good, entries, 0, "entry 0: reference 0", 4);
    assertError(good, entries + 12 + 4, -1, "count -1", 8);
    int rows = entries - 4 - rowsBytes(p);
    assertError(good, rows + 4, 0, "rows of form 0", 1);
    assertError(good, rows + 5, 0, "row 0: label 0 (expected +1 or -1)", 1);
    assertError(good, rows + 10, 40, "row 0: index 40 (expected indices strictly increasing", 4);
    assertError(good, rows + 14, 0, "row 0: index 0 (expected indices strictly increasing", 4);
  }

  private static int rowsBytes(VotedAccess.Parts p) {
    int n = 0;
    for (int r = 0; r < p.rowLabels.length; r++) {
      n += 1 + 4 + 8 * p.rows.nonZeros(r);
    }
    return n + 4 + 1;
  }

  private static void assertError(byte[] good, int at, long value, String message, int width) {
    byte[] bad = good.clone();
    ByteBuffer bb = ByteBuffer.wrap(bad);
    if (width == 1) {
      bb.put(at, (byte) value);
    } else if (width == 4) {
      bb.putInt(at, (int) value);
    } else {
      bb.putLong(at, value);
    }
    FormatException e = assertThrows(FormatException.class,
        () -> ModelFile.read(ModelFileTest.resum(bad), "crafted.bin"), message);
    assertTrue(e.getMessage().contains(message), message + " in: " + e.getMessage());
  }

  @Test
  void aModelWithoutMistakesHasNoRows() throws IOException {
    Dataset two = Dataset.of(new float[][] {{1f, 2f}, {-1f, -2f}}, new double[] {1, -1});
    LinearModel right = new LinearModel(new float[] {1f, 1f}, 0f, two.labels());
    VotedModel m = (VotedModel) Learner.fit(Algorithm.VOTED, two,
        TrainingOptions.builder().maxEpochs(3).build(), right).model();
    assertEquals(null, VotedAccess.parts(m).rows);
    assertEquals(1, m.vectors());
    assertEquals(2, m.count(0), "one epoch of two correct visits, then converged");
    VotedModel r = (VotedModel) ModelFile.read(bytes(ModelFile.of(m, "VOTED", TrainingOptions.defaults())),
        "none.bin").model();
    assertArrayEquals(new float[] {1f, 1f}, r.vector(0));
    assertEquals(2f, r.score(new float[] {1f, 0f}));
    assertEquals(-2f, r.score(new int[] {1}, new float[] {-1f}));
    assertEquals(Labels.of(List.of("-1", "1")), r.labels());
  }

  /**
   * A 411-byte voted file of sparse mistakes that declares about 3.9 million features (a fuzzer's
   * variant of voted-huge-dimension): reading it allocates in proportion to its bytes, not to
   * its dimension (no array over the features), and the model it gives still scores as its vectors
   * say, sum_k c_k sgn(v_k . x + b_k).
   */
  @Test
  void aSparseFileOfHugeDimensionReadsWithoutArraysOverTheDimension() throws IOException {
    byte[] bytes = FuzzChecks.framed(resource("ModelFileFuzzTestInputs/modelFile/voted-sparse-huge-dimension"));
    ModelFile.read(bytes, "warm-up.bin");
    com.sun.management.ThreadMXBean mx =
        (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
    long before = mx.getCurrentThreadAllocatedBytes();
    VotedModel m = (VotedModel) ModelFile.read(bytes, "huge.bin").model();
    long allocated = mx.getCurrentThreadAllocatedBytes() - before;
    int d = m.dimension();
    assertEquals(3_932_170, d, "the declared dimension");
    assertTrue(allocated < 4L * d, "reading allocated " + allocated + " bytes, as much as an array of " + d
        + " floats");

    int[] indices = {0, 1, 2, 3, d - 1};
    float[] values = {1f, -2f, 3f, 1f, 5f};
    double expected = 0;
    for (int k = 0; k < m.vectors(); k++) {
      float[] v = m.vector(k);
      double dot = m.bias(k);
      for (int t = 0; t < indices.length; t++) {
        dot += (double) v[indices[t]] * values[t];
      }
      expected += m.count(k) * (dot > 0 ? 1.0 : -1.0);
    }
    assertTrue(m.vectors() > 0, "the file holds voting vectors");
    assertEquals((float) expected, m.score(indices, values), "the score of a sparse x");
  }
}
