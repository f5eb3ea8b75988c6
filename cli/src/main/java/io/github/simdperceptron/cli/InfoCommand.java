package io.github.simdperceptron.cli;

import io.github.simdperceptron.kernel.Kernel;
import io.github.simdperceptron.io.ModelFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "info", mixinStandardHelpOptions = true,
    description = {"Shows the JDK, the active kernel implementation, the vector species and the FMA choice.",
        "With --model, shows a model file instead: its learner, classes, dimension, bias, training options and"
            + " largest weights."})
final class InfoCommand implements Callable<Integer> {
  @Option(names = "--json", description = "print one JSON object")
  boolean json;

  @Option(names = "--model", paramLabel = "M", description = "a model file written by train, to describe")
  Path model;

  @Option(names = "--top", paramLabel = "N", defaultValue = "10",
      description = "with --model: how many of the largest weights to show per class (default: ${DEFAULT-VALUE})")
  int top;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    if (model != null) {
      FileArgs.input("--model", model);
      if (top < 0) {
        throw new UsageException("--top " + top + ": expected a count >= 0");
      }
      ModelSummary summary = new ModelSummary(ModelFile.read(model), top);
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
