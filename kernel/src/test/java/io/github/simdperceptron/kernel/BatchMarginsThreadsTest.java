package io.github.simdperceptron.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.simdperceptron.kernel.KernelTestSupport.Seeded;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * The batch margins promise results that do not depend on the number of threads. The split
 * follows the common pool's parallelism, which is fixed for a JVM, so this runs the same seeded
 * problem (large enough for the fork-join path) in child JVMs with different
 * {@code java.util.concurrent.ForkJoinPool.common.parallelism} and compares every output bit for
 * bit with this JVM's.
 */
class BatchMarginsThreadsTest {

  private static final int[] CHILD_PARALLELISM = {1, 5};

  @Test
  void batchMarginsDoNotDependOnTheNumberOfThreads(TestInfo info) throws Exception {
    Seeded seeded = Seeded.forTest(info);
    long seed = seeded.random.nextLong();
    List<String> here = BatchMarginsChild.outputs(seed);
    for (int parallelism : CHILD_PARALLELISM) {
      List<String> child = runChild(parallelism, seed);
      assertEquals(here.get(0), child.get(0), seeded + " the child runs another kernel");
      assertEquals(here.size(), child.size(), seeded + " output count");
      for (int i = 1; i < here.size(); i++) {
        if (!here.get(i).equals(child.get(i))) {
          fail(seeded + " common pool parallelism " + ForkJoinPool.getCommonPoolParallelism() + " here vs " + parallelism
              + " in the child: " + here.get(i) + " vs " + child.get(i));
        }
      }
    }
  }

  /** Runs {@link BatchMarginsChild} with the kernel properties of this JVM and the given parallelism. */
  private static List<String> runChild(int parallelism, long seed) throws IOException, InterruptedException,
      URISyntaxException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    if (ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()) {
      cmd.add("--add-modules");
      cmd.add("jdk.incubator.vector");
    }
    cmd.add("-Xmx256m");
    cmd.add("-Djava.util.concurrent.ForkJoinPool.common.parallelism=" + parallelism);
    for (String p : new String[] {VectorOpsProvider.IMPL_PROPERTY, VectorOpsProvider.VECTOR_BITS_PROPERTY,
        VectorOpsProvider.FMA_PROPERTY}) {
      String v = System.getProperty(p);
      if (v != null) {
        cmd.add("-D" + p + "=" + v);
      }
    }
    cmd.add("-cp");
    cmd.add(location(BatchMarginsChild.class) + java.io.File.pathSeparator + location(DenseOps.class));
    cmd.add(BatchMarginsChild.class.getName());
    cmd.add(Long.toString(seed));
    Process process = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    byte[] out = process.getInputStream().readAllBytes();
    assertTrue(process.waitFor(120, TimeUnit.SECONDS), "child JVM timed out: " + cmd);
    assertEquals(0, process.exitValue(), "child JVM failed: " + cmd);
    return List.of(new String(out, StandardCharsets.UTF_8).split("\n"));
  }

  private static String location(Class<?> c) throws URISyntaxException {
    return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
  }
}
