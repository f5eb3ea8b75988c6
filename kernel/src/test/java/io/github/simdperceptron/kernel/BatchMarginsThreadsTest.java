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
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * Dense batch margins promise results that do not depend on the number of threads. The split
 * follows the common pool's parallelism, fixed for a JVM, so this runs the same seeded real-valued
 * problem (large enough for the fork-join path) in two child JVMs that differ only in
 * {@code java.util.concurrent.ForkJoinPool.common.parallelism} (8 and 24 blocks) and compares the
 * outputs bit for bit.
 *
 * <p>The children run with {@code -Xint}, and a third run is this JVM after its JIT compiled the
 * kernel: the Panama lane sum has one fixed order ({@code PanamaVectorOps.sumLanes}), where
 * {@code FloatVector.reduceLanes(ADD)} has none and JDK 25's C2 compiles it to another order than
 * its interpreter's. So interpreted and compiled code must give the same bits too.
 * (The sparse batch margins compute every row on its own and have no grouping to test.)
 */
class BatchMarginsThreadsTest {

  private static final int[] CHILD_PARALLELISM = {1, 5};

  @Test
  void denseBatchMarginsDoNotDependOnTheNumberOfThreads(TestInfo info) throws Exception {
    Seeded seeded = Seeded.forTest(info);
    long seed = seeded.random.nextLong();
    // Both children at once, and this JVM's warm-up beside them: the interpreted children take seconds each.
    Child one = startChild(CHILD_PARALLELISM[0], seed);
    Child two = startChild(CHILD_PARALLELISM[1], seed);
    // Warm up until C2 has compiled the kernel here; compared with the interpreted child below.
    List<String> compiled = null;
    for (int round = 0; round < 60; round++) {
      compiled = BatchMarginsChild.outputs(seed);
    }
    List<String> first = one.outputs();
    List<String> second = two.outputs();
    assertEquals(Kernel.describe(), first.get(0), seeded + " the child runs another kernel");
    assertEquals(BatchMarginsChild.N + 1, first.size(), seeded + " output count");
    assertEquals(first.size(), second.size(), seeded + " output count");
    for (int i = 1; i < first.size(); i++) {
      if (!first.get(i).equals(second.get(i))) {
        fail(seeded + " common pool parallelism " + CHILD_PARALLELISM[0] + " vs " + CHILD_PARALLELISM[1] + ": "
            + first.get(i) + " vs " + second.get(i));
      }
    }
    for (int i = 1; i < first.size(); i++) {
      if (!first.get(i).equals(compiled.get(i))) {
        fail(seeded + " interpreted child vs compiled code in this JVM: " + first.get(i) + " vs " + compiled.get(i));
      }
    }
  }

  /** A started child JVM; its output (about 13 kB) fits the pipe's buffer, so it finishes unread. */
  private record Child(Process process, List<String> cmd) {
    List<String> outputs() throws IOException, InterruptedException {
      byte[] out = process.getInputStream().readAllBytes();
      assertTrue(process.waitFor(120, TimeUnit.SECONDS), "child JVM timed out: " + cmd);
      assertEquals(0, process.exitValue(), "child JVM failed: " + cmd);
      return List.of(new String(out, StandardCharsets.UTF_8).split("\n"));
    }
  }

  /** Starts {@link BatchMarginsChild} with the kernel properties of this JVM and the given parallelism. */
  private static Child startChild(int parallelism, long seed) throws IOException, URISyntaxException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    if (ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()) {
      cmd.add("--add-modules");
      cmd.add("jdk.incubator.vector");
    }
    cmd.add("-Xint");
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
    return new Child(new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start(), cmd);
  }

  private static String location(Class<?> c) throws URISyntaxException {
    return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
  }
}
