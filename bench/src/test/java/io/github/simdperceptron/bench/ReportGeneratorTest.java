package io.github.simdperceptron.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JMH JSON parsing, the derived figures, and the report rendered from a results directory alone,
 * on a tiny hand-written result file.
 */
class ReportGeneratorTest {
  private static final String JSON = "[\n"
      + result("StreamBandwidthBenchmark.fourStreams", "\"floats\": \"33554432\"", 6.0e6, 1.0e5, "ns/op") + ",\n"
      + result("StreamBandwidthBenchmark.twoStreams", "\"floats\": \"33554432\"", 8.0e6, 1.0e5, "ns/op") + ",\n"
      + result("DotBenchmark.panama", "\"size\": \"1024\"", 64.0, 2.0, "ns/op") + ",\n"
      + result("TrainingBenchmark.kernel",
          "\"algorithm\": \"PERCEPTRON\", \"d\": \"1000\", \"layout\": \"dense\", \"nnz\": \"0\"", 20.0, 1.0, "ms/op")
      + "\n]\n";

  private static String result(String name, String params, double score, double error, String unit) {
    return "{\"jmhVersion\": \"1.37\", \"benchmark\": \"io.github.simdperceptron.bench." + name + "\","
        + " \"mode\": \"avgt\", \"threads\": 1, \"forks\": 2, \"jvm\": \"/usr/bin/java\", \"jvmArgs\": [],"
        + " \"jdkVersion\": \"17.0.15\", \"vmName\": \"OpenJDK 64-Bit Server VM\", \"vmVersion\": \"17.0.15+6\","
        + " \"warmupIterations\": 1, \"warmupTime\": \"300 ms\", \"measurementIterations\": 2,"
        + " \"measurementTime\": \"300 ms\", \"params\": {" + params + "},"
        + " \"primaryMetric\": {\"score\": " + score + ", \"scoreError\": " + error + ","
        + " \"scoreConfidence\": [0, 0], \"scoreUnit\": \"" + unit + "\", \"rawData\": [[1.0, 2.0], [1.0, 2.0]]},"
        + " \"secondaryMetrics\": {}}";
  }

  @Test
  void parsesAndDerives(@TempDir Path dir) throws IOException {
    Path json = dir.resolve("r.json");
    Files.writeString(json, JSON);
    List<ReportGenerator.Result> rs = ReportGenerator.parse(json);
    assertEquals(4, rs.size());
    ReportGenerator.Result dot = rs.get(2);
    assertEquals("DotBenchmark.panama", dot.name());
    assertEquals("panama", dot.method());
    assertEquals(1024, dot.intParam("size"));
    assertEquals(2, dot.forks());
    assertEquals("17.0.15", dot.jdk());

    // the training score is in ms/op and is converted to ns
    ReportGenerator.Result fit = rs.get(3);
    assertEquals(20.0e6, fit.ns(), 1e-6);
    assertEquals(1.0e6, fit.errorNs(), 1e-6);

    // roofline: the best stream (4 * 2^25 bytes in 6 ms) and 2 * 1024 flops in 64 ns
    ReportGenerator.Roofline roof = ReportGenerator.roofline(rs, 32L << 20);
    assertEquals("fourStreams", roof.bandwidthMethod());
    assertEquals(4.0 * 33554432 / 6.0e6, roof.bytesPerNs(), 1e-12);
    assertEquals(32.0, roof.flopsPerNs(), 1e-12);
    // in cache: flops / F only; beyond the L3: the larger of the two
    assertEquals(100.0 / 32, roof.boundNs(100, 1e9, 1024), 1e-12);
    assertEquals(1e9 / roof.bytesPerNs(), roof.boundNs(100, 1e9, 1e9), 1e-6);
    assertEquals("bandwidth", roof.boundName(100, 1e9, 1e9));
    assertEquals("L1 dot", roof.boundName(100, 1e9, 1024));

    // training: rows and visits from TrainingBenchmark's own formulas
    ReportGenerator.Training t = ReportGenerator.Training.of(fit);
    int rows = TrainingBenchmark.rows("dense", 1000, 0);
    assertEquals((1 << 24) / 1000, rows);
    assertEquals((long) rows * (TrainingBenchmark.EPOCHS + TrainingBenchmark.EXTRA_PASSES), t.visits());
    assertEquals(t.visits() / 0.020, t.visitsPerSecond(), 1e-6);
    assertEquals(20.0e6 / (t.visits() * 1000.0), t.nsPerNonZero(), 1e-12);
    assertEquals(4000.0 * rows, t.workingSet(), 1e-6);
    assertTrue(t.workingSet() > 32L << 20);
  }

  @Test
  void theReportComesFromTheResultsDirectoryAlone(@TempDir Path dir) throws IOException {
    System.setProperty("java.awt.headless", "true");
    Path results = dir.resolve("results");
    Files.createDirectories(results);
    Files.writeString(results.resolve("r.json"), JSON);
    ReportGenerator.RunInfo recorded = new ReportGenerator.RunInfo("full", "2026-01-02T03:04:05.678Z[Etc/UTC]",
        12.4, "0.10 0.20 0.30", "0.40 0.50 0.60", "panama 512-bit (16 float lanes), fma on", "Test CPU 9000", 7,
        48L << 20, "0123456789abcdef0123456789abcdef01234567", "");
    recorded.write(results.resolve(ReportGenerator.RunInfo.FILE));
    assertEquals(recorded, ReportGenerator.RunInfo.read(results.resolve(ReportGenerator.RunInfo.FILE)));

    Path docs = dir.resolve("docs");
    Path out = docs.resolve("full");
    assertEquals(4, ReportGenerator.generate(results, out, docs));
    String md = Files.readString(out.resolve("benchmarks.md"));
    assertTrue(md.contains("| commit | `0123456789abcdef0123456789abcdef01234567` |"), md);
    assertTrue(md.contains("| JDK | 17.0.15 (17.0.15+6) |"), md);
    assertTrue(md.contains("| CPU | `Test CPU 9000`, 7 cores visible, L3 48 MiB |"), md);
    assertTrue(md.contains("| kernel | `panama 512-bit (16 float lanes), fma on`"), md);
    assertTrue(md.contains("| date | 2026-01-02T03:04:05Z |"), md);
    assertTrue(md.contains("| JMH | 2 forks, 1 warmup iterations of 300 ms, 2 measurement iterations of 300 ms per result |"), md);
    assertTrue(md.contains("| wall time | 12 s"), md);
    assertTrue(md.contains("start 0.10 0.20 0.30, end 0.40 0.50 0.60"), md);
    assertTrue(md.contains("ReportGenerator --full --out " + out + " --results " + results + "\n"), md);
    assertTrue(md.contains("[fashion-mnist.md](../fashion-mnist.md)"), md);
    assertTrue(Files.exists(out.resolve("plots/training-dense.png")));
  }

  @Test
  void refusesAResultsDirectoryWithoutItsRunRecord(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("r.json"), JSON);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ReportGenerator.generate(dir, dir.resolve("out"), dir));
    assertTrue(e.getMessage().contains(ReportGenerator.RunInfo.FILE), e.getMessage());
    Files.writeString(dir.resolve(ReportGenerator.RunInfo.FILE), "mode=quick\n");
    e = assertThrows(IllegalArgumentException.class, () -> ReportGenerator.generate(dir, dir.resolve("out"), dir));
    assertTrue(e.getMessage().contains("'start'"), e.getMessage());
  }

  @Test
  void theCommittedRunsRecordTheirCommit() throws IOException {
    for (String mode : new String[] {"quick", "full"}) {
      Path record = Path.of("..", "bench", "results", "report-" + mode, ReportGenerator.RunInfo.FILE);
      ReportGenerator.RunInfo info = ReportGenerator.RunInfo.read(record);
      assertEquals(mode, info.mode());
      assertTrue(info.commit().matches("[0-9a-f]{40}(-dirty)?"), record + ": " + info.commit());
    }
  }

  @Test
  void rejectsThroughputUnits() {
    try {
      ReportGenerator.nsPer("ops/s");
    } catch (IllegalArgumentException expected) {
      return;
    }
    throw new AssertionError("ops/s accepted");
  }
}
