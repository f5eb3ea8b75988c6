package io.github.simdperceptron.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.FitResult;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.TrainingState;
import io.github.simdperceptron.learn.TrainingState.Form;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Exact resume: E1 epochs, a model file with its training state, E2 more from the file give the
 * bytes of one run of E1 + E2 epochs, and without the state those of the batch fit's file.
 */
class ResumeTest {
  private static final long SEED = 20261202L;

  @TempDir
  Path dir;

  /** Integer features in [-2, 2], labels from a noisy integer rule: no learner converges in a few epochs. */
  static Dataset data(int n, int d, String[] classes, long seed, boolean sparse) {
    Random r = new Random(seed);
    float[][] rows = new float[n][d];
    String[] y = new String[n];
    for (int i = 0; i < n; i++) {
      int best = 0;
      float bestScore = Float.NEGATIVE_INFINITY;
      for (int c = 0; c < classes.length; c++) {
        float s = 0;
        for (int j = 0; j < d; j++) {
          rows[i][j] = (j + i) % 3 == 0 && sparse ? 0 : r.nextInt(5) - 2;
          s += rows[i][j] * (((j * 7 + c * 3) % 5) - 2);
        }
        if (s > bestScore) {
          bestScore = s;
          best = c;
        }
      }
      y[i] = r.nextInt(8) == 0 ? classes[r.nextInt(classes.length)] : classes[best];
    }
    Dataset dense = Dataset.of(rows, y);
    if (!sparse) {
      return dense;
    }
    return sparse(rows, y, d);
  }

  private static Dataset sparse(float[][] rows, String[] y, int d) {
    Dataset.Builder b = Dataset.builder(d);
    for (int i = 0; i < rows.length; i++) {
      int nnz = 0;
      for (float x : rows[i]) {
        nnz += x != 0 ? 1 : 0;
      }
      int[] idx = new int[nnz];
      float[] val = new float[nnz];
      for (int j = 0, t = 0; j < d; j++) {
        if (rows[i][j] != 0) {
          idx[t] = j;
          val[t++] = rows[i][j];
        }
      }
      b.add(idx, val, y[i]);
    }
    return b.build();
  }

  static Stream<Arguments> learners() {
    List<Arguments> all = new ArrayList<>();
    for (Algorithm a : Algorithm.values()) {
      all.add(Arguments.of(Form.BINARY, a, true));
      if (a.oneVsRest()) {
        all.add(Arguments.of(Form.ONE_VS_REST, a, false));
      }
      if (a.multiclass()) {
        all.add(Arguments.of(Form.MULTICLASS, a, true));
        all.add(Arguments.of(Form.MULTICLASS, a, false));
      }
    }
    all.add(Arguments.of(Form.BINARY, Algorithm.PLA, false));
    return all.stream();
  }

  private static Dataset dataFor(Form form, boolean sparse, long seed) {
    return data(60, 9, form == Form.BINARY ? new String[] {"-1", "1"} : new String[] {"a", "b", "c"}, seed, sparse);
  }

  private static FitResult<? extends Model> batch(Form form, Algorithm a, Dataset data, TrainingOptions o) {
    return switch (form) {
      case BINARY -> Learner.fit(a, data, o);
      case ONE_VS_REST -> Learner.fitOneVsRest(a, data, o);
      case MULTICLASS -> Learner.fitMulticlass(a, data, o);
    };
  }

  private byte[] bytes(ModelFile f, String name) throws IOException {
    Path p = dir.resolve(name);
    ModelFile.write(p, f);
    return Files.readAllBytes(p);
  }

  @ParameterizedTest(name = "{0} {1} shuffle={2}")
  @MethodSource("learners")
  void resumingGivesTheBytesOfOneRun(Form form, Algorithm a, boolean shuffle) throws IOException {
    long seed = SEED + a.ordinal() * 31L + form.ordinal();
    System.out.println("ResumeTest seed " + seed);
    Dataset data = dataFor(form, form != Form.MULTICLASS || shuffle, seed);
    TrainingOptions o = TrainingOptions.builder().seed(seed).shuffle(shuffle)
        .tau(a == Algorithm.MARGIN ? 2f : 0f).build();
    for (int[] e : new int[][] {{1, 1}, {2, 3}, {3, 1}}) {
      int e1 = e[0];
      int e2 = e[1];
      TrainingState whole = TrainingState.start(form, a, o);
      whole.train(data, e1 + e2);
      byte[] one = bytes(ModelFile.of(whole), "one.bin");

      TrainingOptions batchOptions = o.toBuilder().maxEpochs(e1 + e2).build();
      FitResult<? extends Model> fit = batch(form, a, data, batchOptions);
      byte[] batch = bytes(ModelFile.of(fit.model(), fit.report().algorithm(), batchOptions), "batch.bin");
      assertArrayEquals(batch, bytes(ModelFile.of(whole).withoutState(), "nostate.bin"),
          "without its state, the file is the batch fit's (" + e1 + "+" + e2 + ")");

      TrainingState first = TrainingState.start(form, a, o);
      first.train(data, e1);
      Path saved = dir.resolve("first.bin");
      ModelFile.write(saved, ModelFile.of(first));
      ModelFile read = ModelFile.read(saved);
      assertNotNull(read.state());
      TrainingState resumed = read.state();
      resumed.train(data, e2);
      assertArrayEquals(one, bytes(ModelFile.of(resumed), "resumed.bin"), form + " " + a + " " + e1 + "+" + e2);
      assertEquals(whole.epochs(), resumed.epochs());
    }
  }

  @Test
  void aSeparableRunThatConvergedAddsNoEpoch() throws IOException {
    Dataset data = Dataset.of(new float[][] {{1, 0}, {2, 1}, {-1, 0}, {-2, -1}}, new String[] {"1", "1", "-1", "-1"});
    TrainingState s = TrainingState.start(Form.BINARY, Algorithm.AVERAGED, TrainingOptions.defaults());
    s.train(data, 10);
    int ran = s.epochs();
    assertTrue(ran < 10, "converged after " + ran);
    Path p = dir.resolve("c.bin");
    ModelFile.write(p, ModelFile.of(s));
    TrainingState r = ModelFile.read(p).state();
    FitResult<Model> more = r.train(data, 5);
    assertEquals(0, more.report().epochs());
    assertEquals(ran, r.epochs());
    assertEquals(15, r.options().maxEpochs());
  }

  @Test
  void aConvergedLearnerLearnsAgainOnOtherData() {
    Dataset data = Dataset.of(new float[][] {{1, 0}, {2, 1}, {-1, 0}, {-2, -1}}, new String[] {"1", "1", "-1", "-1"});
    TrainingState s = TrainingState.start(Form.BINARY, Algorithm.PERCEPTRON, TrainingOptions.defaults());
    s.train(data, 10);
    assertEquals(0, s.train(data, 3).report().epochs(), "the same data: it stays converged");
    Dataset other = Dataset.of(new float[][] {{0, 1}, {0, -1}}, new String[] {"-1", "1"});
    FitResult<Model> more = s.train(other, 3);
    assertTrue(more.report().epochs() >= 1 && more.report().updates() >= 1, more.report().toString());
  }

  @Test
  void filesWithoutTheOptionStayAsTheyWere() throws IOException {
    Dataset data = dataFor(Form.BINARY, false, SEED);
    TrainingOptions o = TrainingOptions.builder().seed(3).maxEpochs(2).build();
    FitResult<?> fit = Learner.fit(Algorithm.AVERAGED, data, o);
    byte[] b = bytes(ModelFile.of(fit.model(), "AVERAGED", o), "v1.bin");
    assertEquals(1, b[9], "a linear model without a state is a version-1 file");
    ModelFile read = ModelFile.read(dir.resolve("v1.bin"));
    assertNull(read.state());
    TrainingState s = TrainingState.start(Form.BINARY, Algorithm.AVERAGED, o);
    s.train(data, 2);
    byte[] withState = bytes(ModelFile.of(s), "v4.bin");
    assertEquals(ModelFile.VERSION, withState[9]);
    assertEquals(fit.model().accuracy(data), ModelFile.read(dir.resolve("v4.bin")).model().accuracy(data));
  }

  @Test
  void newFeaturesAndNewClassesGrowTheModel() throws IOException {
    Dataset three = data(40, 5, new String[] {"a", "b", "c"}, SEED, false);
    Dataset four = data(40, 8, new String[] {"a", "b", "c", "d"}, SEED + 1, false);
    for (Form form : new Form[] {Form.ONE_VS_REST, Form.MULTICLASS}) {
      TrainingState s = TrainingState.start(form, Algorithm.AVERAGED, TrainingOptions.defaults());
      s.train(three, 2);
      MulticlassModel before = (MulticlassModel) s.model();
      Path p = dir.resolve("g.bin");
      ModelFile.write(p, ModelFile.of(s));
      TrainingState r = ModelFile.read(p).state();
      r.train(four, 1);
      MulticlassModel after = (MulticlassModel) r.model();
      assertEquals(8, after.dimension());
      assertEquals(List.of("a", "b", "c", "d"), after.labels().names());
      assertEquals(before.labels().names(), after.labels().names().subList(0, 3));
      ModelFile.write(p, ModelFile.of(r));
      assertEquals(4, ModelFile.read(p).state().model().labels().size());
    }
  }

  @Test
  void refusals() throws IOException {
    TrainingState v = TrainingState.start(Form.BINARY, Algorithm.VOTED, TrainingOptions.defaults());
    v.train(dataFor(Form.BINARY, false, SEED), 1);
    IllegalArgumentException voted = assertThrows(IllegalArgumentException.class,
        () -> TrainingState.fromModel(v.model(), "VOTED", TrainingOptions.defaults()));
    assertTrue(voted.getMessage().contains("without its training state"), voted.getMessage());
    assertThrows(IllegalArgumentException.class, v::pass);
    IllegalArgumentException split = assertThrows(IllegalArgumentException.class, () -> TrainingState.start(
        Form.BINARY, Algorithm.AVERAGED, TrainingOptions.builder().earlyStopping(0.2, 2).build()));
    assertTrue(split.getMessage().contains("validation split"), split.getMessage());

    TrainingState s = TrainingState.start(Form.BINARY, Algorithm.PERCEPTRON, TrainingOptions.defaults());
    s.train(dataFor(Form.BINARY, false, SEED), 1);
    IllegalArgumentException classes = assertThrows(IllegalArgumentException.class,
        () -> s.train(data(10, 9, new String[] {"-1", "7"}, SEED, false), 1));
    assertTrue(classes.getMessage().contains("class '7'"), classes.getMessage());
    s.train(data(10, 4, new String[] {"-1", "1"}, SEED, false), 1);
    assertEquals(9, s.model().dimension(), "fewer features are read as the model's dimension");

    Path p = dir.resolve("s.bin");
    ModelFile.write(p, ModelFile.of(s));
    byte[] b = Files.readAllBytes(p);
    int cut = 0;
    for (int len = 0; len < b.length; len++) {
      byte[] shorter = java.util.Arrays.copyOf(b, len);
      assertThrows(FormatException.class, () -> ModelFile.read(shorter, "cut"));
      cut++;
    }
    assertEquals(b.length, cut);
  }
}
