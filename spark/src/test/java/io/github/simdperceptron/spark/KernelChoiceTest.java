package io.github.simdperceptron.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.kernel.Kernel;
import io.github.simdperceptron.learn.MulticlassModel;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The model does not depend on the kernel the executors run when the float arithmetic is exact:
 * word counts, the plain perceptron and two partitions (so every weight is a small integer over a
 * power of two). The module's build runs this class twice, with {@code --add-modules
 * jdk.incubator.vector} (Panama) and without it (the scalar fallback); both runs must give the
 * model whose checksum is recorded here.
 */
class KernelChoiceTest {
  private static final long SEED = 6_006L;
  /** CRC32 of the weight and bias bits, as both kernels compute them. */
  private static final long DIRECT_CRC = 2602283880L;
  private static final long ONE_VS_REST_CRC = 15616590L;
  private static SparkSession spark;

  @BeforeAll
  static void start() {
    System.out.println("KernelChoiceTest seed " + SEED + ", kernel " + Kernel.describe());
    spark = SparkTests.session();
  }


  private static long crc(MulticlassModel m) {
    ByteBuffer bytes = ByteBuffer.allocate(4 * m.classes() * (m.dimension() + 1));
    for (float[] row : m.weights()) {
      for (float w : row) {
        bytes.putInt(Float.floatToIntBits(w));
      }
    }
    for (float b : m.biases()) {
      bytes.putInt(Float.floatToIntBits(b));
    }
    CRC32 crc = new CRC32();
    crc.update(bytes.array());
    return crc.getValue();
  }

  @Test
  void theKernelThisBuildAskedForIsTheOneThatRuns() {
    assertEquals(System.getProperty("spark.test.kernel", "panama"), Kernel.implementation());
  }

  @Test
  void bothKernelsTrainTheSameModelOnExactArithmetic() {
    Dataset data = SparkTests.bagOfWords(600, 300, 3, SEED);
    for (String multiclass : new String[] {"direct", "oneVsRest"}) {
      MulticlassModel m = (MulticlassModel) new PerceptronClassifier().setAlgorithm("perceptron")
          .setMulticlass(multiclass).setMaxIter(5).setSeed(SEED).fit(SparkTests.frame(spark, data, 2)).kernelModel();
      System.out.println("KernelChoiceTest " + multiclass + " crc " + crc(m));
      assertEquals(multiclass.equals("direct") ? DIRECT_CRC : ONE_VS_REST_CRC, crc(m), multiclass + ", " + Kernel.describe());
    }
  }
}
