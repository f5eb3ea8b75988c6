package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.simdperceptron.data.Dataset;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/**
 * The training rows' fingerprint against its definition in docs/online.md, computed here a byte
 * at a time: (rows << 32) xor the CRC32 of each row's class name (UTF-8), its non-zeros (index
 * i32, value f32 bits, big-endian) and a byte FF. Rows longer than the reader's buffer of
 * non-zeros, explicit zeros (left out), sparse and dense data. Seeded; the seed is printed.
 */
class TrainingRowsFingerprintTest {
  private static long defined(Dataset data) {
    CRC32 crc = new CRC32();
    for (int i = 0; i < data.size(); i++) {
      for (byte b : data.labels().name(data.classOf(i)).getBytes(StandardCharsets.UTF_8)) {
        crc.update(b);
      }
      float[] x = data.denseRow(i);
      for (int j = 0; j < x.length; j++) {
        if (x[j] != 0f) {
          int bits = Float.floatToIntBits(x[j]);
          for (int shift = 24; shift >= 0; shift -= 8) {
            crc.update(j >>> shift);
          }
          for (int shift = 24; shift >= 0; shift -= 8) {
            crc.update(bits >>> shift);
          }
        }
      }
      crc.update(0xFF);
    }
    return ((long) data.size() << 32) ^ crc.getValue();
  }

  @Test
  void theFingerprintIsItsDefinition() {
    long seed = System.nanoTime();
    System.out.println("TrainingRowsFingerprintTest seed " + seed);
    Random r = new Random(seed);
    int d = 900;
    int n = 30;
    String[] names = {"a", "b", "classé"};
    int[] ptr = new int[n + 1];
    int[] idx = new int[n * d];
    float[] val = new float[n * d];
    float[] dense = new float[n * d];
    String[] labels = new String[n];
    int q = 0;
    for (int i = 0; i < n; i++) {
      int nnz = i % 3 == 0 ? r.nextInt(d) : r.nextInt(20);
      for (int j = 0; j < d; j++) {
        if (r.nextInt(d) < nnz) {
          idx[q] = j;
          val[q] = r.nextInt(6) == 0 ? 0f : (float) r.nextGaussian();
          dense[i * d + j] = val[q];
          q++;
        }
      }
      ptr[i + 1] = q;
      labels[i] = names[r.nextInt(names.length)];
    }
    Dataset sparse = Dataset.of(ptr, idx, val, d, labels);
    assertEquals(defined(sparse), TrainingRows.fingerprint(sparse));
    Dataset.Builder b = Dataset.builder(d);
    for (int i = 0; i < n; i++) {
      b.add(java.util.Arrays.copyOfRange(dense, i * d, i * d + d), labels[i]);
    }
    Dataset rows = b.build();
    assertEquals(defined(rows), TrainingRows.fingerprint(rows));
    assertEquals(TrainingRows.fingerprint(sparse), TrainingRows.fingerprint(rows), "sparse and dense alike");
  }

  /**
   * The shapes the running print writes in pieces: a row of more non-zeros than it writes between
   * two checks of its buffer, binary rows (no values), a class name longer than its buffer, rows
   * whose stored zeros fall before, inside and after a piece; and the print of an online pass
   * (learnt in batches) equals the definition on its rows.
   */
  @Test
  void longRowsBinaryRowsLongNamesAndAPassMatchTheDefinition() {
    long seed = System.nanoTime();
    System.out.println("TrainingRowsFingerprintTest seed " + seed);
    Random r = new Random(seed);
    int d = 20_000;
    int n = 12;
    String[] names = {"x".repeat(40_000), "short", "é"};
    int[] ptr = new int[n + 1];
    int[] idx = new int[n * d];
    float[] val = new float[n * d];
    String[] labels = new String[n];
    int q = 0;
    for (int i = 0; i < n; i++) {
      int nnz = i % 4 == 0 ? 9_000 + r.nextInt(d - 9_000) : r.nextInt(50);
      for (int j = 0; j < d; j++) {
        if (r.nextInt(d) < nnz) {
          idx[q] = j;
          val[q] = i % 3 == 1 && r.nextInt(500) == 0 ? 0f : (float) r.nextGaussian();
          q++;
        }
      }
      ptr[i + 1] = q;
      labels[i] = names[r.nextInt(names.length)];
    }
    Dataset sparse = Dataset.of(ptr, idx, val, d, labels);
    assertEquals(defined(sparse), TrainingRows.fingerprint(sparse));
    double[] numeric = new double[n];
    for (int i = 0; i < n; i++) {
      numeric[i] = i % 2;
    }
    Dataset binary = Dataset.of(ptr, idx, null, d, numeric);
    assertEquals(defined(binary), TrainingRows.fingerprint(binary));

    TrainingState s = TrainingState.start(TrainingState.Form.MULTICLASS, Algorithm.AVERAGED,
        TrainingOptions.builder().shuffle(false).build());
    s.train(sparse, 1);
    TrainingState.Pass pass = s.pass();
    pass.learnAll(sparse.subset(new int[] {0, 1, 2, 3, 4}));
    pass.learnAll(sparse.subset(new int[] {5}));
    pass.learnAll(sparse.subset(new int[] {6, 7, 8, 9, 10, 11}));
    pass.finish();
    assertEquals(defined(sparse), s.fingerprint, "the pass's print of its rows");
  }
}
