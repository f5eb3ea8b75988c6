package io.github.simdperceptron.cli;

import io.github.simdperceptron.kernel.Kernel;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

/** {@code perceptron info}: the JDK and the kernel that runs, or what a model file holds. */
final class InfoCommand {
  private final boolean json;
  private final Path model;
  private final int top;
  private final PrintWriter out;

  /** The options info takes, in the order help lists them. */
  static Options options() {
    return new Options("perceptron info",
        "Shows the JDK, the active kernel implementation, the vector species and the FMA choice.",
        "With --model, shows a model file instead: its learner, classes, dimension, bias, training options and"
            + " largest weights.")
        .flag("--json", "print one JSON object")
        .option("--model", Options.Type.PATH, "M", "a model file written by train, to describe")
        .option("--top", Options.Type.INT, "N", 10,
            "with --model: how many of the largest weights to show per class");
  }

  /** Takes the values {@code given} holds; prints the description on {@code out}. */
  InfoCommand(Options given, PrintWriter out) {
    json = given.get("--json");
    model = given.get("--model");
    top = given.get("--top");
    this.out = out;
  }

  /** Prints the description; returns the exit code. */
  int call() throws IOException {
    if (model != null) {
      if (top < 0) {
        throw new UsageException("--top " + top + ": expected a count >= 0");
      }
      ModelSummary summary = new ModelSummary(FileArgs.model("--model", model), top);
      if (json) {
        out.println(summary.json().put("model", model.toString()));
      } else {
        out.printf("model          %s%n", model);
        summary.print(out);
      }
      return 0;
    }
    boolean incubator = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    String species = Kernel.vectorBits() == 0 ? "none (scalar)" : "FloatVector " + Kernel.vectorBits() + "-bit, "
        + Kernel.floatLanes() + " lanes";
    if (json) {
      out.println(new Json()
          .put("java_version", System.getProperty("java.version"))
          .put("java_vm", System.getProperty("java.vm.name"))
          .put("java_vendor", System.getProperty("java.vendor"))
          .put("os_arch", System.getProperty("os.arch"))
          .put("cores", Runtime.getRuntime().availableProcessors())
          .put("incubator_module", incubator)
          .put("implementation", Kernel.implementation())
          .put("vector_bits", Kernel.vectorBits())
          .put("float_lanes", Kernel.floatLanes())
          .put("fma", Kernel.usesFma())
          .put("kernel", Kernel.describe()));
      return 0;
    }
    out.printf("JDK            %s (%s, %s)%n", System.getProperty("java.version"), System.getProperty("java.vm.name"),
        System.getProperty("java.vendor"));
    out.printf("machine        %s, %d cores%n", System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors());
    out.printf("vector module  %s%n", incubator ? "jdk.incubator.vector loaded"
        : "not loaded (start Java with --add-modules jdk.incubator.vector for the SIMD kernel)");
    out.printf("implementation %s%n", Kernel.implementation());
    out.printf("species        %s%n", species);
    out.printf("FMA            %s in reductions (element-wise updates never fuse)%n", Kernel.usesFma() ? "on" : "off");
    out.printf("kernel         %s%n", Kernel.describe());
    return 0;
  }
}
