package io.github.simdperceptron.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The kernel jar holds the vector operations alone: its API is the three facades, and its classes
 * live in the {@code kernel} package and its {@code internal} package only (no datasets, learners
 * or formats).
 */
class KernelApiTest {

  private static Set<String> classNames() throws IOException, URISyntaxException {
    Path root = Path.of(DenseOps.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(f -> f.toString().endsWith(".class"))
          .map(p -> root.relativize(p).toString().replace(p.getFileSystem().getSeparator(), "."))
          .map(n -> n.substring(0, n.length() - ".class".length()))
          .filter(n -> !n.endsWith("package-info") && !n.equals("module-info"))
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }

  @Test
  void theKernelJarHoldsOnlyTheKernelPackages() throws Exception {
    Set<String> packages = new TreeSet<>();
    for (String name : classNames()) {
      packages.add(name.substring(0, name.lastIndexOf('.')));
    }
    assertEquals(Set.of("io.github.simdperceptron.kernel", "io.github.simdperceptron.kernel.internal"), packages);
  }

  /** The descriptor exports the facades' package to everyone and the internal one to the library's modules only. */
  @Test
  void theDescriptorExportsTheFacadesOnly() throws Exception {
    Path root = Path.of(DenseOps.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    ModuleDescriptor d;
    try (InputStream in = Files.newInputStream(root.resolve("module-info.class"))) {
      d = ModuleDescriptor.read(in);
    }
    assertEquals("io.github.simdperceptron.kernel", d.name());
    Set<String> everyone = new TreeSet<>();
    Set<String> qualified = new TreeSet<>();
    for (ModuleDescriptor.Exports e : d.exports()) {
      (e.isQualified() ? qualified : everyone).add(e.source());
    }
    assertEquals(Set.of("io.github.simdperceptron.kernel"), everyone);
    assertEquals(Set.of("io.github.simdperceptron.kernel.internal"), qualified);
  }

  @Test
  void theExportedPackageHoldsExactlyTheFacades() throws Exception {
    Set<String> api = new TreeSet<>();
    for (String name : classNames()) {
      if (name.contains("$") || name.contains(".internal.")) {
        continue;
      }
      // Panama classes link only with jdk.incubator.vector; their modifiers are read without initialising them.
      Class<?> c = Class.forName(name, false, KernelApiTest.class.getClassLoader());
      if (Modifier.isPublic(c.getModifiers())) {
        api.add(c.getSimpleName());
      }
    }
    assertEquals(Set.of("DenseOps", "Kernel", "SparseOps"), api);
  }
}
