package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Batches through a live model equal one pass over their examples; readers during learning only
 * ever see the model after a whole batch; a bad batch is refused whole.
 */
class LiveModelTest {
  private static final long SEED = 51_3L;
  private static final int D = 9;
  private static final int BATCH = 7;

  /** n rows of small integers (so equal decisions mean equal bits), classes 0..2 from a hidden rule. */
  private static Dataset data(Random r, int n) {
    Dataset.Builder b = Dataset.builder(D);
    for (int i = 0; i < n; i++) {
      List<Integer> idx = new ArrayList<>();
      List<Float> val = new ArrayList<>();
      float s0 = 0;
      float s1 = 0;
      for (int j = 0; j < D; j++) {
        if (r.nextInt(3) > 0) {
          float v = r.nextInt(9) - 4;
          if (v != 0) {
            idx.add(j);
            val.add(v);
            s0 += j < 4 ? v : 0;
            s1 += j >= 5 ? v : 0;
          }
        }
      }
      float[] values = new float[val.size()];
      for (int k = 0; k < values.length; k++) {
        values[k] = val.get(k);
      }
      b.add(idx.stream().mapToInt(Integer::intValue).toArray(), values, s0 > s1 ? 0 : s0 < s1 ? 1 : 2);
    }
    return b.build();
  }

  private static TrainingState trained(Random r) {
    TrainingState s = TrainingState.start(TrainingState.Form.MULTICLASS, Algorithm.AVERAGED,
        TrainingOptions.builder().seed(SEED).shuffle(false).build());
    s.train(data(r, 40), 1);
    return s;
  }

  private static byte[] bytes(TrainingState s) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    s.writeTo(new DataOutputStream(b));
    return b.toByteArray();
  }

  private static float[] flat(Model m) {
    MulticlassModel mc = (MulticlassModel) m;
    float[] out = new float[mc.classes() * (D + 1)];
    for (int c = 0; c < mc.classes(); c++) {
      System.arraycopy(mc.weights(c), 0, out, c * (D + 1), D);
      out[c * (D + 1) + D] = mc.biases()[c];
    }
    return out;
  }

  private static Dataset rows(Dataset all, int from, int to) {
    int[] idx = new int[to - from];
    for (int i = 0; i < idx.length; i++) {
      idx[i] = from + i;
    }
    return all.subset(idx);
  }

  @Test
  void batchesEqualOnePassAndReadersSeeOnlyWholeBatches() throws Exception {
    System.out.println("LiveModelTest seed " + SEED);
    Dataset stream = data(new Random(SEED + 1), BATCH * 12);
    TrainingState expected = trained(new Random(SEED));
    TrainingState.Pass pass = expected.pass();
    List<float[]> afterBatch = new ArrayList<>();
    afterBatch.add(flat(pass.model()));
    long mistakes = 0;
    List<Long> mistakesAfter = new ArrayList<>(List.of(0L));
    for (int i = 0; i < stream.size(); i++) {
      mistakes += pass.learn(stream, i) ? 1 : 0;
      if ((i + 1) % BATCH == 0) {
        afterBatch.add(flat(pass.model()));
        mistakesAfter.add(mistakes);
      }
    }
    pass.finish();

    LiveModel live = LiveModel.of(trained(new Random(SEED)));
    AtomicReference<String> wrong = new AtomicReference<>();
    AtomicLong seen = new AtomicLong();
    List<Thread> readers = new ArrayList<>();
    for (int t = 0; t < 2; t++) {
      Thread reader = new Thread(() -> {
        while (!Thread.currentThread().isInterrupted()) {
          LiveModel.Snapshot s = live.snapshot();
          int k = (int) (s.examples() / BATCH);
          if (s.examples() % BATCH != 0 || !java.util.Arrays.equals(afterBatch.get(k), flat(s.model()))
              || s.mistakes() != mistakesAfter.get(k)) {
            wrong.compareAndSet(null, "a snapshot after " + s.examples() + " examples is not the model of a whole batch");
          }
          seen.incrementAndGet();
        }
      });
      reader.start();
      readers.add(reader);
    }
    long total = 0;
    for (int from = 0; from < stream.size(); from += BATCH) {
      total += live.learn(rows(stream, from, from + BATCH));
      Thread.sleep(1);
    }
    for (Thread reader : readers) {
      reader.interrupt();
      reader.join(10_000);
    }
    assertEquals(null, wrong.get());
    assertTrue(seen.get() > 0);
    assertEquals(mistakes, total);
    assertArrayEquals(bytes(expected), bytes(live.finish()), "batches and one pass give the same state");
    assertArrayEquals(flat(expected.model()), flat(live.snapshot().model()));
    assertThrows(IllegalStateException.class, () -> live.learn(rows(stream, 0, 1)));
  }

  @Test
  void aBatchWithAnUnknownClassIsRefusedWhole() throws IOException {
    LiveModel live = LiveModel.of(trained(new Random(SEED)));
    Dataset bad = Dataset.builder(D).add(new int[] {0}, new float[] {1}, "1").add(new int[] {1}, new float[] {2}, "7")
        .build();
    LiveModel.Snapshot before = live.snapshot();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> live.learn(bad));
    assertTrue(e.getMessage().contains("row 1: class '7'"), e.getMessage());
    assertTrue(before == live.snapshot(), "nothing published");
    byte[] state = bytes(live.checkpoint());
    assertArrayEquals(bytes(trained(new Random(SEED)).pass().checkpoint()), state, "nothing learnt");
  }
}
