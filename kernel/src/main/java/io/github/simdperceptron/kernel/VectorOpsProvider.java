package io.github.simdperceptron.kernel;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * Picks the implementation once, when the class is initialised.
 *
 * <p>Panama when {@code jdk.incubator.vector} is in the boot layer and the C2 compiler is
 * available (without C2 the Vector API falls back to Java objects, far slower than scalar code);
 * otherwise the fast scalar implementation, with one warning that says how to enable Panama.
 * The system property {@code simdperceptron.impl} ({@code auto}, {@code panama}, {@code scalar})
 * forces a choice (a forced Panama runs even without C2, e.g. under {@code -Xint}); a forced Panama
 * that cannot load (no module) falls back to scalar with a warning, and
 * {@link Kernel#implementation()} tells which one is active.
 */
final class VectorOpsProvider {

  static final String IMPL_PROPERTY = "simdperceptron.impl";
  static final String VECTOR_BITS_PROPERTY = "simdperceptron.vectorBits";
  static final String FMA_PROPERTY = "simdperceptron.fma";

  static final VectorOps INSTANCE = choose();

  private VectorOpsProvider() {}

  private static VectorOps choose() {
    String wanted = System.getProperty(IMPL_PROPERTY, "auto").trim().toLowerCase(Locale.ROOT);
    switch (wanted) {
      case "scalar":
        return new ScalarVectorOps(fmaEnabled());
      case "auto":
      case "panama":
        break;
      default:
        throw new IllegalArgumentException(IMPL_PROPERTY + " must be auto, panama or scalar, got '" + wanted + "'");
    }
    String obstacle = ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()
        ? "the module jdk.incubator.vector is not in the boot layer"
        : wanted.equals("panama") ? null : compilerObstacle();
    if (obstacle == null) {
      try {
        return loadPanama();
      } catch (ReflectiveOperationException | LinkageError e) {
        obstacle = "the Panama implementation failed to load: " + e;
      }
    }
    // The logger only here: looking it up starts the JDK's logging, which a run on Panama never needs.
    System.getLogger("io.github.simdperceptron.kernel").log(System.Logger.Level.WARNING,
        "simdperceptron: using the scalar kernel because " + obstacle
            + ". Add the JVM option '--add-modules jdk.incubator.vector' (with C2 enabled) for the SIMD kernel.");
    return new ScalarVectorOps(fmaEnabled());
  }

  /**
   * Why Panama would be slow here (no C2: the Vector API then runs as Java objects, far slower
   * than scalar code), or null. A forced {@code simdperceptron.impl=panama} overrides this.
   */
  private static String compilerObstacle() {
    String vmInfo = System.getProperty("java.vm.info", "");
    if (vmInfo.contains("emulated-client") || vmInfo.contains("interpreted mode")) {
      return "the C2 compiler is not available (java.vm.info: " + vmInfo + ")";
    }
    String stopLevel = vmOption("TieredStopAtLevel");
    if (stopLevel != null && !stopLevel.equals("4") && !"false".equals(vmOption("TieredCompilation"))) {
      return "-XX:TieredStopAtLevel=" + stopLevel + " disables the C2 compiler";
    }
    return null;
  }

  private static VectorOps loadPanama() throws ReflectiveOperationException {
    MethodHandles.Lookup lookup = MethodHandles.lookup();
    Class<?> panama = lookup.findClass(VectorOpsProvider.class.getPackageName() + ".PanamaVectorOps");
    try {
      return (VectorOps) lookup.findConstructor(panama, MethodType.methodType(void.class)).invoke();
    } catch (ReflectiveOperationException | RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(t);
    }
  }

  /**
   * Whether reductions use FMA: the property {@code simdperceptron.fma} when set, otherwise the
   * JVM's own {@code UseFMA} flag (true when the CPU has fast FMA; without hardware support
   * {@code Math.fma} is emulated and very slow).
   */
  static boolean fmaEnabled() {
    String forced = System.getProperty(FMA_PROPERTY);
    if (forced != null) {
      return Boolean.parseBoolean(forced.trim());
    }
    return "true".equals(vmOption("UseFMA"));
  }

  /** A HotSpot VM option's value, or null when it cannot be read (another VM, or no jdk.management). */
  private static String vmOption(String name) {
    try {
      return ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
          .getVMOption(name)
          .getValue();
    } catch (RuntimeException | LinkageError e) {
      return null;
    }
  }
}
