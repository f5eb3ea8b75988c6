package io.github.simdperceptron.bench;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.github.simdperceptron.kernel.Kernel;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the report's JMH benchmarks into a results directory, then writes {@code benchmarks.md} and
 * its plots from that directory alone: the JMH JSON (which names the JDK) and
 * {@value RunInfo#FILE}, written when the benchmarks ran (the commit, the machine, the load, the
 * wall time). Nothing in the report comes from the machine that renders it, so a committed results
 * directory always renders to the same page.
 *
 * <pre>
 * mvn -B -q package -DskipTests -pl bench -am
 * java --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar \
 *     io.github.simdperceptron.bench.ReportGenerator --quick|--full [--out docs] [--results DIR] [--from-json]
 * </pre>
 *
 * <p>{@code --from-json} skips the runs and renders the results directory as it is (default
 * {@code bench/results/report-quick} or {@code report-full}).
 *
 * <p>The roofline: in the same run, the streaming read bandwidth BW (best of
 * {@link StreamBandwidthBenchmark}'s methods, bytes/ns) and the L1-resident dot throughput F (the
 * Panama {@link DotBenchmark} at d = 1024, flops/ns). A result whose working set fits in the L3
 * is bounded by F alone: time >= flops / F. A larger one is bounded by both: time >=
 * max(flops / F, bytes / BW). The fraction of the bound is bound time / measured time (1 = at the
 * bound). Flops count only the dot products (2 per non-zero), bytes only the data streamed once
 * (8 d for a dot, 4 d per dense row, 8 per sparse non-zero: index and value).
 */
public final class ReportGenerator {
  static final String PKG = "io.github.simdperceptron.bench.";

  /** One JMH result: the benchmark's short name (Class.method), its parameters, the score in ns/op. */
  record Result(String name, Map<String, String> params, double ns, double errorNs, int forks, int iterations,
      String jdk, String vm, int warmupIterations, String warmupTime, String measurementTime) {
    String param(String key) {
      return params.getOrDefault(key, "");
    }

    int intParam(String key) {
      return Integer.parseInt(param(key));
    }

    String method() {
      return name.substring(name.indexOf('.') + 1);
    }

    String benchClass() {
      return name.substring(0, name.indexOf('.'));
    }
  }

  /** The measured bounds of one run. */
  record Roofline(double bytesPerNs, String bandwidthMethod, double flopsPerNs, long l3Bytes) {
    /** Lower bound in ns of an operation with these flops and bytes and working set. */
    double boundNs(double flops, double bytes, double workingSet) {
      double compute = flops / flopsPerNs;
      return workingSet > l3Bytes ? Math.max(compute, bytes / bytesPerNs) : compute;
    }

    String boundName(double flops, double bytes, double workingSet) {
      if (workingSet <= l3Bytes) {
        return "L1 dot";
      }
      return flops / flopsPerNs >= bytes / bytesPerNs ? "L1 dot" : "bandwidth";
    }
  }

  private ReportGenerator() {}

  // ---------------------------------------------------------------- JSON

  /** Parses a JMH JSON result file ({@code -rf json}); scores are converted to ns/op. */
  static List<Result> parse(Path json) throws IOException {
    try (Reader r = Files.newBufferedReader(json, StandardCharsets.UTF_8)) {
      List<Result> out = new ArrayList<>();
      for (JsonElement e : JsonParser.parseReader(r).getAsJsonArray()) {
        JsonObject o = e.getAsJsonObject();
        String full = o.get("benchmark").getAsString();
        String name = full.startsWith(PKG) ? full.substring(PKG.length()) : full;
        Map<String, String> params = new TreeMap<>();
        if (o.has("params")) {
          o.getAsJsonObject("params").entrySet().forEach(p -> params.put(p.getKey(), p.getValue().getAsString()));
        }
        JsonObject m = o.getAsJsonObject("primaryMetric");
        double scale = nsPer(m.get("scoreUnit").getAsString());
        double err = m.get("scoreError").isJsonPrimitive() ? m.get("scoreError").getAsDouble() : Double.NaN;
        out.add(new Result(name, params, m.get("score").getAsDouble() * scale, err * scale,
            o.get("forks").getAsInt(), o.get("measurementIterations").getAsInt(),
            text(o, "jdkVersion"), text(o, "vmVersion"), o.get("warmupIterations").getAsInt(), text(o, "warmupTime"),
            text(o, "measurementTime")));
      }
      return out;
    }
  }

  private static String text(JsonObject o, String key) {
    return o.has(key) ? o.get(key).getAsString() : "?";
  }

  static double nsPer(String unit) {
    switch (unit) {
      case "ns/op":
        return 1;
      case "us/op":
        return 1e3;
      case "ms/op":
        return 1e6;
      case "s/op":
        return 1e9;
      default:
        throw new IllegalArgumentException("unsupported JMH unit " + unit + " (use average time)");
    }
  }

  // ---------------------------------------------------------------- derivations

  /** BW from the best stream method and F from the Panama dot at d = 1024, as measured in this run. */
  static Roofline roofline(List<Result> results, long l3Bytes) {
    Result best = results.stream().filter(r -> r.benchClass().equals("StreamBandwidthBenchmark"))
        .max(Comparator.comparingDouble(r -> 4.0 * r.intParam("floats") / r.ns))
        .orElseThrow(() -> new IllegalArgumentException("no StreamBandwidthBenchmark result"));
    Result l1 = find(results, r -> r.name.equals("DotBenchmark.panama") && r.param("size").equals("1024"))
        .orElseThrow(() -> new IllegalArgumentException("no DotBenchmark.panama at size 1024"));
    return new Roofline(4.0 * best.intParam("floats") / best.ns, best.method(), 2.0 * 1024 / l1.ns, l3Bytes);
  }

  /** Derived figures of a TrainingBenchmark result. */
  record Training(Result r, String layout, int d, int nnz, int rows, long visits, double visitsPerSecond,
      double nsPerNonZero, double flops, double bytes, double workingSet) {
    static Training of(Result r) {
      String layout = r.param("layout");
      int d = r.intParam("d");
      int nnz = r.intParam("nnz");
      int nz = TrainingBenchmark.nonZerosPerRow(layout, d, nnz);
      int rows = TrainingBenchmark.rows(layout, d, nnz);
      long visits = TrainingBenchmark.visits(layout, d, nnz);
      double rowBytes = "dense".equals(layout) ? 4.0 * d : 8.0 * nz;
      return new Training(r, layout, d, nz, rows, visits, visits / (r.ns * 1e-9), r.ns / ((double) visits * nz),
          2.0 * nz * visits, rowBytes * visits, rowBytes * rows);
    }
  }

  // ---------------------------------------------------------------- running

  static List<Path> run(boolean quick, Path resultsDir) throws RunnerException, IOException {
    Files.createDirectories(resultsDir);
    List<Path> files = new ArrayList<>();
    files.add(runPart(quick, resultsDir, "roofline", b -> b
        .include(quick ? "StreamBandwidthBenchmark\\.fourStreams$" : "StreamBandwidthBenchmark")
        .include(quick ? "\\.DotBenchmark\\.(panama|reference)$" : "\\.DotBenchmark\\.(panama|scalar|reference)$")
        .param("size", quick ? new String[] {"1024", "16777216"}
            : new String[] {"16", "100", "1024", "1031", "4096", "65536", "1048576", "16777216"})));
    files.add(runPart(quick, resultsDir, "training-dense", b -> b.include("\\.TrainingBenchmark\\.")
        .param("layout", "dense").param("nnz", "0")
        .param("d", quick ? new String[] {"10", "1000", "100000"}
            : new String[] {"10", "100", "1000", "10000", "100000", "1000000"})));
    files.add(runPart(quick, resultsDir, "training-sparse", b -> b.include("\\.TrainingBenchmark\\.")
        .param("layout", "sparse")
        .param("d", quick ? new String[] {"1000000"} : new String[] {"100000", "1000000", "10000000"})
        .param("nnz", quick ? new String[] {"10", "1000"} : new String[] {"10", "100", "1000", "10000"})));
    return files;
  }

  private static Path runPart(boolean quick, Path dir, String part,
      java.util.function.UnaryOperator<ChainedOptionsBuilder> what) throws RunnerException {
    Path json = dir.resolve(part + ".json");
    ChainedOptionsBuilder b = new OptionsBuilder().forks(Forks.COUNT).shouldFailOnError(true)
        .resultFormat(ResultFormatType.JSON).result(json.toString());
    if (quick) {
      b = b.warmupIterations(2).warmupTime(TimeValue.milliseconds(300))
          .measurementIterations(2).measurementTime(TimeValue.milliseconds(300));
    } else {
      b = b.warmupIterations(2).warmupTime(TimeValue.seconds(1))
          .measurementIterations(3).measurementTime(TimeValue.seconds(1));
    }
    new Runner(what.apply(b).build()).run();
    return json;
  }

  // ---------------------------------------------------------------- main

  private static final String USAGE =
      "usage: ReportGenerator --quick|--full [--out docs] [--results DIR] [--from-json]";

  public static void main(String[] args) throws Exception {
    System.setProperty("java.awt.headless", "true");
    Boolean quick = null;
    Path out = Paths.get("docs");
    Path results = null;
    boolean fromJson = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--quick":
          quick = true;
          break;
        case "--full":
          quick = false;
          break;
        case "--out":
          out = Paths.get(args[++i]);
          break;
        case "--results":
          results = Paths.get(args[++i]);
          break;
        case "--from-json":
          fromJson = true;
          break;
        default:
          System.err.println(USAGE);
          System.exit(2);
      }
    }
    if (quick == null) {
      System.err.println(USAGE);
      System.exit(2);
    }
    String mode = quick ? "quick" : "full";
    if (results == null) {
      results = Paths.get("bench/results/report-" + mode);
    }
    if (!fromJson) {
      RunInfo before = RunInfo.capture(mode);
      long t0 = System.nanoTime();
      run(quick, results);
      before.finished((System.nanoTime() - t0) / 1e9, loadAverage()).write(results.resolve(RunInfo.FILE));
    }
    int count = generate(results, out, Paths.get("docs"));
    System.out.printf("wrote %s and %s (%d results)%n", out.resolve("benchmarks.md"), out.resolve("plots"), count);
  }

  /**
   * Writes {@code out/benchmarks.md} and {@code out/plots/} from the JSON and {@value RunInfo#FILE}
   * in {@code results}; {@code docs} is the documentation root the page links into. Returns the
   * number of results.
   */
  static int generate(Path results, Path out, Path docs) throws IOException {
    RunInfo info = RunInfo.read(results.resolve(RunInfo.FILE));
    List<Path> files;
    try (var s = Files.list(results)) {
      files = s.filter(p -> p.toString().endsWith(".json")).sorted().collect(Collectors.toList());
    }
    List<Result> all = new ArrayList<>();
    for (Path f : files) {
      all.addAll(parse(f));
    }
    if (all.isEmpty()) {
      throw new IllegalArgumentException("no JMH results in " + results);
    }
    Files.createDirectories(out.resolve("plots"));
    String md = Report.write(all, info, results, out, docs);
    Files.writeString(out.resolve("benchmarks.md"), md, StandardCharsets.UTF_8);
    return all.size();
  }

  /**
   * Where and how a run happened, recorded in {@value #FILE} beside its JSON when the benchmarks
   * ran. {@code commitNote} says how the commit was found when it was not read at run time.
   */
  record RunInfo(String mode, String start, double seconds, String loadStart, String loadEnd, String kernel,
      String cpu, int cores, long l3Bytes, String commit, String commitNote) {
    static final String FILE = "run.properties";

    /** The machine, the kernel and the commit now, before the benchmarks run. */
    static RunInfo capture(String mode) {
      return new RunInfo(mode, ZonedDateTime.now().toString(), Double.NaN, loadAverage(), "?", Kernel.describe(),
          cpuModel(), Runtime.getRuntime().availableProcessors(), ReportGenerator.l3Bytes(), gitCommit(), "");
    }

    RunInfo finished(double wallSeconds, String load) {
      return new RunInfo(mode, start, wallSeconds, loadStart, load, kernel, cpu, cores, l3Bytes, commit, commitNote);
    }

    void write(Path p) throws IOException {
      Properties props = new Properties();
      props.setProperty("mode", mode);
      props.setProperty("start", start);
      props.setProperty("seconds", Double.toString(seconds));
      props.setProperty("loadStart", loadStart);
      props.setProperty("loadEnd", loadEnd);
      props.setProperty("kernel", kernel);
      props.setProperty("cpu", cpu);
      props.setProperty("cores", Integer.toString(cores));
      props.setProperty("l3Bytes", Long.toString(l3Bytes));
      props.setProperty("commit", commit);
      try (var w = Files.newBufferedWriter(p, StandardCharsets.UTF_8)) {
        props.store(w, "ReportGenerator run");
      }
    }

    static RunInfo read(Path p) throws IOException {
      if (!Files.exists(p)) {
        throw new IllegalArgumentException(p + " is missing: it is written when the benchmarks run, and the "
            + "report is rendered only from what that run recorded");
      }
      Properties props = new Properties();
      try (var r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
        props.load(r);
      }
      return new RunInfo(required(props, p, "mode"), required(props, p, "start"),
          Double.parseDouble(required(props, p, "seconds")), required(props, p, "loadStart"),
          required(props, p, "loadEnd"), required(props, p, "kernel"), required(props, p, "cpu"),
          Integer.parseInt(required(props, p, "cores")), Long.parseLong(required(props, p, "l3Bytes")),
          required(props, p, "commit"), props.getProperty("commitNote", ""));
    }

    private static String required(Properties props, Path p, String key) {
      String v = props.getProperty(key);
      if (v == null) {
        throw new IllegalArgumentException(p + " has no '" + key + "'");
      }
      return v;
    }
  }

  /** {@code git rev-parse HEAD}, with {@code -dirty} when tracked files have uncommitted changes; "unknown" without git. */
  static String gitCommit() {
    try {
      String head = git("rev-parse", "HEAD");
      return git("status", "--porcelain", "--untracked-files=no").isEmpty() ? head : head + "-dirty";
    } catch (IOException e) {
      return "unknown";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "unknown";
    }
  }

  private static String git(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add("git");
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    if (p.waitFor() != 0) {
      throw new IOException("git " + String.join(" ", args) + " failed");
    }
    return out;
  }

  static String loadAverage() {
    try {
      String[] f = Files.readString(Paths.get("/proc/loadavg")).trim().split("\\s+");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException | RuntimeException e) {
      return "?";
    }
  }

  static String cpuModel() {
    try {
      return Files.readAllLines(Paths.get("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
          .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse("?");
    } catch (IOException e) {
      return "?";
    }
  }

  /** The L3 size from sysfs (32 MiB when it cannot be read). */
  static long l3Bytes() {
    try {
      String s = Files.readString(Paths.get("/sys/devices/system/cpu/cpu0/cache/index3/size")).trim();
      long mult = s.endsWith("K") ? 1024 : s.endsWith("M") ? 1024 * 1024 : 1;
      return Long.parseLong(s.replaceAll("[^0-9]", "")) * mult;
    } catch (IOException | RuntimeException e) {
      return 32L << 20;
    }
  }

  static Optional<Result> find(List<Result> results, Predicate<Result> p) {
    return results.stream().filter(p).findFirst();
  }

  // ---------------------------------------------------------------- the report

  /** Markdown and plots. */
  static final class Report {
    private Report() {}

    static String write(List<Result> all, RunInfo info, Path results, Path out, Path docs) throws IOException {
      Roofline roof = roofline(all, info.l3Bytes());
      StringBuilder md = new StringBuilder();
      String generator = "java --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar "
          + "io.github.simdperceptron.bench.ReportGenerator --" + info.mode()
          + (out.normalize().equals(Paths.get("docs")) ? "" : " --out " + out)
          + (results.normalize().equals(Paths.get("bench/results/report-" + info.mode())) ? "" : " --results " + results);
      md.append("# Benchmark report: training throughput, the roofline, plots\n\n");
      md.append("Generated by `bench/.../ReportGenerator` from the JMH JSON and `").append(RunInfo.FILE)
          .append("` in `").append(results)
          .append("/`; every number below was measured in that one run. Do not edit by hand: rerun the command.\n\n");
      md.append("| | |\n|---|---|\n");
      md.append("| commit | `").append(info.commit()).append('`')
          .append(info.commitNote().isEmpty() ? "" : " (" + info.commitNote() + ")").append(" |\n");
      md.append("| JDK | ").append(distinct(all, r -> r.jdk() + " (" + r.vm() + ")")).append(" |\n");
      md.append("| CPU | `").append(info.cpu()).append("`, ").append(info.cores()).append(" cores visible, L3 ")
          .append(info.l3Bytes() >> 20).append(" MiB |\n");
      md.append("| kernel | `").append(info.kernel()).append("` (`Kernel.describe()`) |\n");
      md.append("| date | ").append(startTime(info.start())).append(" |\n");
      md.append("| JMH | ").append(distinct(all, r -> r.forks() + " forks, " + r.warmupIterations() + " warmup iterations of "
          + r.warmupTime() + ", " + r.iterations() + " measurement iterations of " + r.measurementTime()))
          .append(" per result |\n");
      md.append("| wall time | ").append(Double.isNaN(info.seconds()) ? "?" : String.format(Locale.ROOT, "%.0f s", info.seconds()))
          .append(" (the whole command) |\n");
      md.append("| load average (1, 5, 15 min) | start ").append(info.loadStart()).append(", end ").append(info.loadEnd())
          .append(" |\n\n");
      md.append("Run the benchmarks again and rewrite this page (after `mvn -B -q package -DskipTests -pl bench -am`):\n\n```\n")
          .append(generator).append("\n```\n\nRewrite this page from the committed JSON, without running anything: the same "
          + "command with `--from-json`.\n\n");
      md.append("JMH errors are 99.9% intervals over forks x iterations; a "
          + "result marked *noisy* has an error above half its score (its forks disagreed: rerun before quoting it). "
          + "`--quick` measures a subset of `--full`'s sizes with shorter iterations (the parameter sets are in "
          + "`ReportGenerator.run`).\n\n");

      // roofline
      md.append("## The roofline (measured in this run)\n\n");
      md.append("| bound | benchmark | measured |\n|---|---|---|\n");
      for (Result r : all) {
        if (r.benchClass().equals("StreamBandwidthBenchmark")) {
          md.append(String.format(Locale.ROOT, "| streaming read bandwidth%s | `StreamBandwidthBenchmark.%s` (%d MiB) | %.1f GB/s (%.2f ms +- %.2f) |\n",
              r.method().equals(roof.bandwidthMethod()) ? " **(BW, best)**" : "", r.method(),
              4L * r.intParam("floats") >> 20, 4.0 * r.intParam("floats") / r.ns(), r.ns() / 1e6, r.errorNs() / 1e6));
        }
      }
      Result l1 = find(all, r -> r.name().equals("DotBenchmark.panama") && r.param("size").equals("1024")).get();
      md.append(String.format(Locale.ROOT, "| L1-resident dot **(F)** | `DotBenchmark.panama`, d = 1024 (8 KiB) | %.1f GFLOP/s (%.1f ns +- %.1f) |\n\n",
          roof.flopsPerNs(), l1.ns(), l1.errorNs()));
      md.append("Bound of a result: working set <= L3: time >= flops / F (\"L1 dot\"); larger: time >= max(flops / F, "
          + "bytes / BW) (whichever applies is named). Flops = 2 per non-zero of every dot; bytes = the data streamed "
          + "once (dot: 8 d; dense row: 4 d; sparse non-zero: 8, index and value). Updates, the weight vector and the "
          + "sparse gathers from it are not in the bound, so training stays below 1 by construction. "
          + "Fraction = bound / measured time.\n\n");

      // dot
      md.append("## Dense dot product (`DotBenchmark`)\n\n![ns per element](plots/dot-ns-per-element.png)\n\n");
      md.append("| d | implementation | ns/op | ns/element | GFLOP/s | GB/s | bound | fraction of bound |\n|---|---|---|---|---|---|---|---|\n");
      List<Result> dots = all.stream().filter(r -> r.benchClass().equals("DotBenchmark"))
          .sorted(Comparator.comparingInt((Result r) -> r.intParam("size")).thenComparing(Result::method))
          .collect(Collectors.toList());
      for (Result r : dots) {
        int n = r.intParam("size");
        double flops = 2.0 * n;
        double bytes = 8.0 * n;
        md.append(String.format(Locale.ROOT, "| %,d | %s | %s | %.3f | %.2f | %.1f | %s | %.2f |\n", n, r.method(),
            pm(r), r.ns() / n, flops / r.ns(), bytes / r.ns(), roof.boundName(flops, bytes, bytes),
            roof.boundNs(flops, bytes, bytes) / r.ns()));
      }
      md.append('\n');
      ReportPlots.dot(dots, out.resolve("plots/dot-ns-per-element.png"));

      // training
      List<Training> training = all.stream().filter(r -> r.benchClass().equals("TrainingBenchmark"))
          .map(Training::of).collect(Collectors.toList());
      md.append("## End-to-end training (`TrainingBenchmark`)\n\n");
      md.append("One operation = one `Learner.fit` (kernel) or `ReferenceLearners` run (reference) of ")
          .append(TrainingBenchmark.EPOCHS).append(" shuffled epoch(s), seed 42, with bias, plus the training-error ")
          .append("pass that `fit` ends with (the reference does the same pass with `ReferenceOps`): ")
          .append(TrainingBenchmark.EPOCHS + 1).append(" row visits per example. Examples/s = row visits / s; ")
          .append("ns/nz = ns per non-zero visited. Data: seeded, generated in setup, labels from a planted ")
          .append("weight vector with 10% flipped (see `TrainingBenchmark`'s Javadoc); sparse features follow a power ")
          .append("law 1/(j+1)^").append(TrainingBenchmark.ZIPF_S).append(" with counts as values. ")
          .append("\"speed-up\" = reference time / kernel time.\n\n");
      for (String layout : new String[] {"dense", "sparse"}) {
        List<Training> ts = training.stream().filter(t -> t.layout().equals(layout))
            .sorted(Comparator.comparingInt(Training::d).thenComparingInt(Training::nnz)
                .thenComparing(t -> t.r().param("algorithm")).thenComparing(t -> t.r().method()))
            .collect(Collectors.toList());
        if (ts.isEmpty()) {
          continue;
        }
        md.append("### ").append(layout).append("\n\n![").append(layout).append("](plots/training-").append(layout)
            .append(".png)\n\n");
        md.append("| algorithm | d | nnz/row | rows | data MiB | implementation | ms/fit | examples/s | ns/nz | speed-up | bound | fraction of bound |\n");
        md.append("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (Training t : ts) {
          Optional<Training> ref = ts.stream().filter(o -> o.d() == t.d() && o.nnz() == t.nnz()
              && o.r().param("algorithm").equals(t.r().param("algorithm")) && o.r().method().equals("reference"))
              .findFirst();
          String speedup = t.r().method().equals("kernel") && ref.isPresent()
              ? String.format(Locale.ROOT, "**%.2fx**", ref.get().r().ns() / t.r().ns()) : "";
          md.append(String.format(Locale.ROOT, "| %s | %,d | %,d | %,d | %.0f | %s | %.2f +- %.2f%s | %s | %.3f | %s | %s | %.2f |\n",
              t.r().param("algorithm"), t.d(), t.nnz(), t.rows(), t.workingSet() / (1 << 20), t.r().method(),
              t.r().ns() / 1e6, t.r().errorNs() / 1e6, t.r().errorNs() > 0.5 * t.r().ns() ? " *noisy*" : "", eng(t.visitsPerSecond()), t.nsPerNonZero(), speedup,
              roof.boundName(t.flops(), t.bytes(), t.workingSet()),
              roof.boundNs(t.flops(), t.bytes(), t.workingSet()) / t.r().ns()));
        }
        md.append('\n');
        ReportPlots.training(ts, layout, out.resolve("plots/training-" + layout + ".png"));
      }

      ReportPlots.roofline(dots, training, roof, out.resolve("plots/roofline.png"));
      md.append("## Every result against its bound\n\n![fraction of the roofline bound](plots/roofline.png)\n\n");

      String fashion = out.toAbsolutePath().normalize()
          .relativize(docs.toAbsolutePath().normalize().resolve("fashion-mnist.md")).toString().replace('\\', '/');
      md.append("## Fashion-MNIST\n\nNot run by this generator: it needs the Fashion-MNIST files. Its figures and "
          + "the command that produces them: [fashion-mnist.md](").append(fashion).append(").\n");
      return md.toString();
    }

    /** A recorded start time to the second, or as recorded when it is not a zoned date-time. */
    static String startTime(String start) {
      try {
        return ZonedDateTime.parse(start).truncatedTo(ChronoUnit.SECONDS).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
      } catch (DateTimeParseException e) {
        return start;
      }
    }

    /** The distinct values of {@code f} over the results, in order of appearance. */
    static String distinct(List<Result> all, java.util.function.Function<Result, String> f) {
      return all.stream().map(f).distinct().collect(Collectors.joining("; "));
    }

    static String pm(Result r) {
      return String.format(Locale.ROOT, "%.1f +- %.1f%s", r.ns(), r.errorNs(), r.errorNs() > 0.5 * r.ns() ? " *noisy*" : "");
    }

    static String eng(double v) {
      if (v >= 1e6) {
        return String.format(Locale.ROOT, "%.2f M", v / 1e6);
      }
      if (v >= 1e3) {
        return String.format(Locale.ROOT, "%.1f k", v / 1e3);
      }
      return String.format(Locale.ROOT, "%.1f", v);
    }
  }
}
