package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.ModelFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a user writes: data from {@code float[][]}, a fit, and a model read back from its file that
 * predicts and scores through {@link Model} alone, binary or multi-class, without a cast.
 */
class ModelApiTest {
  private static final long SEED = 2026_1123L;

  /** n rows of d values; class c (of k) when feature c % d is the largest of the first k features. */
  private static float[][] rows(int n, int d, Random r) {
    float[][] x = new float[n][d];
    for (float[] row : x) {
      for (int j = 0; j < d; j++) {
        row[j] = r.nextInt(9) - 4;
      }
    }
    return x;
  }

  private static int argMax(float[] row, int k) {
    int best = 0;
    for (int c = 1; c < k; c++) {
      if (row[c] > row[best]) {
        best = c;
      }
    }
    return best;
  }

  @Test
  void modelsReadBackPredictAndScoreThroughTheInterface(@TempDir Path dir) throws IOException {
    System.out.println("ModelApiTest seed " + SEED);
    Random r = new Random(SEED);
    float[][] x = rows(300, 7, r);
    String[] names = {"ant", "bee", "cat"};
    String[] three = new String[x.length];
    double[] two = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      three[i] = names[argMax(x[i], 3)];
      two[i] = x[i][0] + x[i][1] > 0 ? 1 : -1;
    }
    TrainingOptions o = TrainingOptions.builder().maxEpochs(5).seed(SEED).build();
    FitResult<BinaryModel> binary = Learner.fit(Algorithm.AVERAGED, Dataset.of(x, two), o);
    FitResult<MulticlassModel> multi = Learner.fitMulticlass(Algorithm.PERCEPTRON, Dataset.of(x, three), o);

    for (FitResult<? extends Model> fit : java.util.List.of(binary, multi)) {
      Path file = dir.resolve(fit.report().algorithm().replaceAll("\\W", "") + ".bin");
      ModelFile.write(file, fit);
      Path spelledOut = dir.resolve("spelled-out.bin");
      ModelFile.write(spelledOut, ModelFile.of(fit.model(), fit.report().algorithm(), o));
      assertArrayEquals(Files.readAllBytes(spelledOut), Files.readAllBytes(file),
          "a fit saved as it is equals its model saved with the learner's name and options");
      assertEquals(o.toString(), fit.options().toString());
      Model read = ModelFile.read(file).model();
      Model trained = fit.model();
      assertEquals(trained.scoreCount(), read.scoreCount());
      float[] a = new float[read.scoreCount()];
      float[] b = new float[read.scoreCount() + 2];
      int agree = 0;
      for (float[] row : x) {
        trained.scores(row, a);
        read.scores(row, b);
        assertArrayEquals(a, java.util.Arrays.copyOf(b, a.length), "scores of the model read back");
        assertEquals(trained.predictLabel(row), read.predictLabel(row));
        assertEquals(read.labels().name(read.predictClass(row)), read.predictLabel(row));
        int[] idx = java.util.stream.IntStream.range(0, row.length).filter(j -> row[j] != 0).toArray();
        float[] val = new float[idx.length];
        for (int t = 0; t < idx.length; t++) {
          val[t] = row[idx[t]];
        }
        assertEquals(read.predictClass(row), read.predictClass(idx, val), "dense and sparse x");
        agree += read.predictLabel(row).equals(trained.labels().name(trained.predictClass(row))) ? 1 : 0;
      }
      assertEquals(x.length, agree);
      assertTrue(read.accuracy(fit.model() instanceof MulticlassModel ? Dataset.of(x, three)
          : Dataset.of(x, two)) > 0.8, "the models learned something");
    }
    // A binary model's one score: positive for labels().name(1).
    float[] one = new float[1];
    binary.model().scores(x[0], one);
    assertEquals(binary.model().score(x[0]), one[0]);
    assertEquals(one[0] > 0 ? "1" : "-1", binary.model().predictLabel(x[0]));
  }

  @Test
  void rowsAndLabelsAreChecked() {
    float[][] x = {{1, 2}, {3, 4}};
    assertThrows(IllegalArgumentException.class, () -> Dataset.of(x, new double[] {1}));
    assertThrows(IllegalArgumentException.class, () -> Dataset.of(new float[0][], new double[0]));
    assertThrows(IllegalArgumentException.class, () -> Dataset.of(new float[][] {{1, 2}, {3}}, new double[] {1, 2}));
    assertThrows(IllegalArgumentException.class,
        () -> Dataset.of(new float[][] {{1, Float.NaN}}, new double[] {1}));
    NullPointerException e = assertThrows(NullPointerException.class,
        () -> Dataset.of(new float[][] {{1, 2}, null}, new double[] {1, 2}));
    assertEquals("rows[1]", e.getMessage());
    e = assertThrows(NullPointerException.class, () -> Dataset.of(x, new String[] {"a", null}));
    assertEquals("labels[1]", e.getMessage());
    Dataset d = Dataset.of(x, new String[] {"a", "b"});
    x[0][0] = 100;
    assertEquals(1f, d.denseRow(0)[0], "the rows are copied");
    MulticlassModel m = Learner.fitMulticlass(Algorithm.PERCEPTRON, d, TrainingOptions.defaults()).model();
    assertThrows(IllegalArgumentException.class, () -> m.scores(new float[2], new float[1]), "out too short");
    assertThrows(IllegalArgumentException.class, () -> m.scores(new float[3], new float[2]), "x of another length");
  }
}
