package io.github.simdperceptron.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.kernel.Kernel;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.reference.ReferenceRun;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The library jars (kernel, library, reference) on the module path, in a JVM of its own: each
 * exports its API packages to everyone and no {@code internal} package but to the project's
 * modules named in its descriptor; a reflective call into an internal package is refused; a fit
 * runs, on the Panama kernel when {@code jdk.incubator.vector} is added and on the scalar one when
 * it is not (the kernel's dependency on it is static).
 */
class ModulePathTest {
  private static final String LIBRARY = "io.github.simdperceptron";

  @Test
  void libraryJarsExportTheirApiAndNotTheirInternals() throws Exception {
    List<String> out = probe(true);
    int internal = 0;
    int api = 0;
    for (String line : out) {
      if (line.startsWith("package ")) {
        String p = line.substring("package ".length(), line.indexOf(' ', "package ".length()));
        boolean exported = line.endsWith(": exported");
        if (p.endsWith(".internal")) {
          internal++;
          assertTrue(!exported, line);
        } else {
          api++;
          assertTrue(exported, line);
        }
      }
    }
    assertEquals(5, internal, "internal packages: " + out);
    assertEquals(10, api, "API packages: " + out);
    assertTrue(out.contains("package io.github.simdperceptron.learn in io.github.simdperceptron: exported"), out::toString);
    assertTrue(out.contains("package io.github.simdperceptron.kernel.internal in io.github.simdperceptron.kernel:"
        + " exported to io.github.simdperceptron io.github.simdperceptron.bench io.github.simdperceptron.cli"),
        out::toString);
    assertTrue(out.contains("package io.github.simdperceptron.sequence.internal in io.github.simdperceptron:"
        + " not exported"), out::toString);
    assertTrue(out.contains("internal call: IllegalAccessException"), out::toString);
    assertTrue(out.contains("training errors: 0"), out::toString);
    assertTrue(out.contains("kernel: " + Kernel.implementation()), out::toString);
  }

  @Test
  void withoutTheVectorModuleTheKernelRunsScalar() throws Exception {
    List<String> out = probe(false);
    assertTrue(out.contains("training errors: 0"), out::toString);
    assertTrue(out.contains("kernel: scalar"), out::toString);
  }

  /** The probe's lines, the library jars on the module path, the vector module added or not. */
  private static List<String> probe(boolean vector) throws IOException, InterruptedException, URISyntaxException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("--module-path");
    cmd.add(String.join(File.pathSeparator, location(Kernel.class), location(Learner.class),
        location(ReferenceRun.class), location(org.ojalgo.OjAlgoUtils.class)));
    cmd.add("--add-modules");
    cmd.add((vector ? "jdk.incubator.vector," : "") + LIBRARY + "," + LIBRARY + ".reference");
    cmd.add("-cp");
    cmd.add(location(ModulePathProbe.class));
    cmd.add(ModulePathProbe.class.getName());
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    byte[] bytes = p.getInputStream().readAllBytes();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "probe finished");
    String text = new String(bytes, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), text);
    return List.of(text.split("\n"));
  }

  private static String location(Class<?> c) throws URISyntaxException {
    return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
  }
}
