package io.github.simdperceptron.cli;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.kernel.Kernel;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.TrainingOptions;
import java.lang.module.ModuleDescriptor;
import java.util.TreeSet;

/**
 * Run by {@link ModulePathTest} from the class path with the library jars on the module path:
 * prints, one fact a line, the module of each of the library's packages and whether it exports
 * it to everyone or to which modules; what a reflective call into an internal package gives;
 * the training errors of a three-class fit and which kernel implementation ran it.
 */
final class ModulePathProbe {
  private ModulePathProbe() {}

  public static void main(String[] args) throws Exception {
    for (Module m : ModuleLayer.boot().modules()) {
      if (m.getName().startsWith("io.github.simdperceptron")) {
        for (String p : new TreeSet<>(m.getPackages())) {
          System.out.println("package " + p + " in " + m.getName() + ": " + exports(m, p));
        }
      }
    }
    Class<?> internal = Class.forName("io.github.simdperceptron.data.internal.DataAccess");
    Dataset data = Dataset.of(new float[][] {{1, 0}, {0, 1}, {-1, -1}, {2, 0}, {0, 2}, {-2, -2}},
        new String[] {"a", "b", "c", "a", "b", "c"});
    try {
      Object dot = internal.getMethod("dot", Dataset.class, int.class, float[].class, int.class)
          .invoke(null, data, 0, new float[] {1, 1}, 0);
      System.out.println("internal call: returned " + dot);
    } catch (IllegalAccessException e) {
      System.out.println("internal call: IllegalAccessException");
    }
    MulticlassModel model = Learner.fitMulticlass(Algorithm.PERCEPTRON, data,
        TrainingOptions.builder().seed(1).maxEpochs(10).build()).model();
    int[] predicted = model.predictClasses(data);
    int errors = 0;
    for (int i = 0; i < data.size(); i++) {
      errors += model.labels().name(predicted[i]).equals(i % 3 == 0 ? "a" : i % 3 == 1 ? "b" : "c") ? 0 : 1;
    }
    System.out.println("training errors: " + errors);
    System.out.println("kernel: " + Kernel.implementation());
  }

  /** "exported", "not exported", or "exported to" the target modules in order. */
  private static String exports(Module m, String p) {
    if (m.isExported(p)) {
      return "exported";
    }
    for (ModuleDescriptor.Exports e : m.getDescriptor().exports()) {
      if (e.source().equals(p) && e.isQualified()) {
        return "exported to " + String.join(" ", new TreeSet<>(e.targets()));
      }
    }
    return "not exported";
  }
}
