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
}
