package io.github.simdperceptron.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.kernel.Kernel;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * bin/perceptron has C2 inline a compiled method only when its code is small, so every method of
 * the kernel module with a vector in its signature must be on the launcher's list of methods always
 * inlined: one that C2 called instead would have its vectors boxed, a hundred times slower.
 */
class KernelMethodsInlinedTest {
  private static final Path LAUNCHER = Path.of("..", "bin", "perceptron");

  /** The kernel module's class names (its jar or its classes directory). */
  private static List<String> kernelClasses() throws IOException, URISyntaxException {
    Path where = Path.of(Kernel.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<String> names = new ArrayList<>();
    if (Files.isDirectory(where)) {
      try (Stream<Path> files = Files.walk(where)) {
        files.filter(f -> f.toString().endsWith(".class") && !f.endsWith("module-info.class"))
            .forEach(f -> names.add(where.relativize(f).toString().replace('/', '.').replaceAll("\\\\.class$", "")));
      }
    } else {
      try (JarFile jar = new JarFile(where.toFile())) {
        for (var e : Collections.list(jar.entries())) {
          if (e.getName().endsWith(".class") && !e.getName().contains("module-info")) {
            names.add(e.getName().replace('/', '.').replaceAll("\\.class$", ""));
          }
        }
      }
    }
    return names;
  }

  /** A Vector or a VectorMask (by name: this module compiles without the incubator module). */
  private static boolean isVector(Class<?> t) {
    if (t == null) {
      return false;
    }
    if (t.getName().equals("jdk.incubator.vector.Vector") || t.getName().equals("jdk.incubator.vector.VectorMask")) {
      return true;
    }
    for (Class<?> i : t.getInterfaces()) {
      if (isVector(i)) {
        return true;
      }
    }
    return isVector(t.getSuperclass());
  }

  @Test
  void everyKernelMethodWithAVectorInItsSignatureIsOnTheLaunchersInlineList() throws Exception {
    TreeSet<String> withVectors = new TreeSet<>();
    for (String name : kernelClasses()) {
      if (!name.startsWith("io.github.simdperceptron.kernel")) {
        continue;
      }
      Class<?> c = Class.forName(name, false, Kernel.class.getClassLoader());
      for (Method m : c.getDeclaredMethods()) {
        boolean vector = isVector(m.getReturnType());
        for (Class<?> p : m.getParameterTypes()) {
          vector |= isVector(p);
        }
        if (vector) {
          withVectors.add(name + "::" + m.getName());
        }
      }
    }
    assertTrue(withVectors.contains("io.github.simdperceptron.kernel.internal.PanamaGramOps::term"),
        "the scan finds the Gram kernel's helpers: " + withVectors);
    String script = Files.readString(LAUNCHER);
    Matcher list = Pattern.compile("(?s)vector_helpers=\\((.*?)\\)").matcher(script);
    assertTrue(list.find(), "bin/perceptron has a vector_helpers list");
    TreeSet<String> listed = new TreeSet<>(List.of(list.group(1).trim().split("\\s+")));
    assertEquals(withVectors, listed, "bin/perceptron's vector_helpers: the kernel's methods with a vector in their"
        + " signature, no more and no less");
  }
}
