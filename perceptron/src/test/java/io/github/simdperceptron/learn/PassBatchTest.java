package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link TrainingState.Pass#learnAll} (a batch relabelled and converted once) equals
 * {@link TrainingState.Pass#learn} example by example, byte for byte in the saved state, for every
 * form and online algorithm, on batches of a smaller dimension and with their classes named in
 * another order than the model's.
 */
class PassBatchTest {
  private static final long SEED = 20261202L;
  private static final int D = 12;

  /** Rows of small integers, dense or sparse, classes by name from a hidden rule; names listed in {@code order}. */
  private static Dataset data(Random r, int n, int d, int classes, boolean sparse, String[] order) {
    Dataset.Builder b = Dataset.builder(d);
    float[] row = new float[d];
    for (int i = 0; i < n; i++) {
      int nnz = 0;
      float s = 0;
      for (int j = 0; j < d; j++) {
        row[j] = r.nextInt(3) == 0 ? 0 : r.nextInt(7) - 3;
        s += (j % classes) * row[j];
        nnz += row[j] != 0 ? 1 : 0;
      }
      int c = Math.floorMod((int) s, classes);
      if (sparse) {
        int[] idx = new int[nnz];
        float[] val = new float[nnz];
        for (int j = 0, t = 0; j < d; j++) {
          if (row[j] != 0) {
            idx[t] = j;
            val[t++] = row[j];
          }
        }
        b.add(idx, val, "c" + c);
      } else {
        b.add(row.clone(), "c" + c);
      }
    }
    Dataset ds = b.build();
    if (order == null) {
      return ds;
    }
    int[] mapped = new int[ds.size()];
    for (int i = 0; i < mapped.length; i++) {
      String name = ds.labels().name(ds.classOf(i));
      mapped[i] = java.util.Arrays.asList(order).indexOf(name);
    }
    return ds.withLabels(Labels.of(java.util.Arrays.asList(order)), mapped);
  }

  private static byte[] bytes(TrainingState s) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    s.writeTo(new DataOutputStream(b));
    return b.toByteArray();
  }

  @Test
  void aBatchEqualsItsExamplesOneByOne() throws IOException {
    System.out.println("PassBatchTest seed " + SEED);
    Algorithm[] algorithms = {Algorithm.PERCEPTRON, Algorithm.AVERAGED, Algorithm.MARGIN, Algorithm.PA, Algorithm.PA1};
    for (TrainingState.Form form : TrainingState.Form.values()) {
      int classes = form == TrainingState.Form.BINARY ? 2 : 3;
      for (Algorithm a : algorithms) {
        if (form == TrainingState.Form.MULTICLASS && !a.multiclass()) {
          continue;
        }
        for (boolean sparse : new boolean[] {false, true}) {
          String what = form + " " + a + (sparse ? " sparse" : " dense") + " seed " + SEED;
          Random r = new Random(SEED + a.ordinal() * 31 + form.ordinal());
          Dataset first = data(r, 30, D, classes, sparse, null);
          String[] reversed = new String[classes];
          for (int c = 0; c < classes; c++) {
            reversed[c] = first.labels().name(classes - 1 - c);
          }
          Dataset batch = data(r, 25, D - 3, classes, sparse, reversed);
          TrainingOptions options = TrainingOptions.builder().seed(SEED).build();
          TrainingState one = TrainingState.start(form, a, options);
          one.train(first, 2);
          TrainingState all = TrainingState.start(form, a, options);
          all.train(first, 2);
          TrainingState.Pass p1 = one.pass();
          long wrong = 0;
          for (int i = 0; i < batch.size(); i++) {
            wrong += p1.learn(batch, i) ? 1 : 0;
          }
          TrainingState.Pass p2 = all.pass();
          assertEquals(wrong, p2.learnAll(batch), what + ": progressive mistakes");
          assertEquals(p1.examples(), p2.examples(), what);
          assertArrayEquals(bytes(p1.finish()), bytes(p2.finish()), what + ": the state after the pass");
        }
      }
    }
  }

  @Test
  void aBatchWithAnUnknownClassLearnsNothing() throws IOException {
    Random r = new Random(SEED);
    TrainingState s = TrainingState.start(TrainingState.Form.MULTICLASS, Algorithm.AVERAGED,
        TrainingOptions.builder().seed(SEED).build());
    s.train(data(r, 30, D, 3, false, null), 1);
    byte[] before = bytes(s);
    TrainingState.Pass p = s.pass();
    Dataset bad = data(r, 10, D, 4, false, null);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.learnAll(bad));
    assertEquals(0, p.examples(), e.getMessage());
    assertArrayEquals(before, bytes(p.checkpoint()), "nothing learnt: " + e.getMessage());
  }
}
