package io.github.simdperceptron;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.io.DataFormat;
import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.io.internal.IdxReader;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.TrainingOptions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.lang.reflect.Type;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The API of the library jar is what docs/library.md lists: the public types of the exported
 * packages (every package without an {@code internal} segment). The training operations and
 * storage of the datasets are reachable only through {@code data.internal.DataAccess}, and no
 * public signature of an exported type mentions an internal type.
 */
class PublicApiTest {

  /** The exported packages and their public top-level types; docs/library.md lists the same. */
  private static final Map<String, Set<String>> API = Map.of(
      "io.github.simdperceptron.data", Set.of("Dataset", "Labels"),
      "io.github.simdperceptron.learn", Set.of("Algorithm", "BinaryModel", "FitResult", "Learner", "LinearModel",
          "LiveModel", "Model", "MulticlassModel", "TrainingOptions", "TrainingReport", "TrainingState", "VotedModel"),
      "io.github.simdperceptron.learn.kernel", Set.of("KernelKind", "KernelLearner", "KernelModel",
          "KernelTrainingState"),
      "io.github.simdperceptron.learn.calibration", Set.of("CalibratedModel", "Calibration", "CalibrationMetrics",
          "Calibrator"),
      "io.github.simdperceptron.io", Set.of("DataFormat", "ModelFile", "TaggerFile"),
      "io.github.simdperceptron.text", Set.of("TextCorpus", "TextFile", "TextVectorizer"),
      "io.github.simdperceptron.theory", Set.of("Theory"),
      "io.github.simdperceptron.sequence", Set.of("TaggedCorpus", "Tagger"));

  /** Names of dataset operations that belong to training, not to the public dataset types. */
  private static final Set<String> TRAINING_ONLY = Set.of("addTo", "multiDot", "margins", "rowArray", "rowOffset",
      "rowStart", "indices", "values", "isBinary", "addBinary");

  private static List<Class<?>> libraryClasses() throws IOException, URISyntaxException, ClassNotFoundException {
    Path root = Path.of(Dataset.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    List<Class<?>> classes = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path p : files.filter(f -> f.toString().endsWith(".class")).collect(Collectors.toList())) {
        String name = root.relativize(p).toString().replace(p.getFileSystem().getSeparator(), ".");
        name = name.substring(0, name.length() - ".class".length());
        if (name.endsWith("package-info") || name.equals("module-info")) {
          continue;
        }
        try {
          classes.add(Class.forName(name, false, PublicApiTest.class.getClassLoader()));
        } catch (LinkageError e) {
          throw new AssertionError(name, e);
        }
      }
    }
    assertTrue(classes.size() > 50, () -> "read the library's classes from " + root + ": " + classes.size());
    return classes;
  }

  private static boolean exported(Class<?> c) {
    return !Arrays.asList(c.getPackageName().split("\\.")).contains("internal");
  }

  private static boolean isApi(Class<?> c) {
    for (Class<?> k = c; k != null; k = k.getEnclosingClass()) {
      if (!Modifier.isPublic(k.getModifiers())) {
        return false;
      }
    }
    return exported(c);
  }

  @Test
  void theExportedPackagesHoldExactlyTheDocumentedTypes() throws Exception {
    Map<String, Set<String>> found = new TreeMap<>();
    for (Class<?> c : libraryClasses()) {
      if (c.getEnclosingClass() == null && isApi(c)) {
        found.computeIfAbsent(c.getPackageName(), k -> new TreeSet<>()).add(c.getSimpleName());
      }
    }
    Map<String, Set<String>> expected = new TreeMap<>();
    API.forEach((k, v) -> expected.put(k, new TreeSet<>(v)));
    assertEquals(expected, found, "public types of the exported packages; update docs/library.md with this list");
  }

  /**
   * The descriptor exports the packages of the table to everyone, and internal packages only to
   * named modules (never the table's packages).
   */
  @Test
  void theDescriptorExportsTheDocumentedPackages() throws Exception {
    Path root = Path.of(Dataset.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    ModuleDescriptor d;
    try (InputStream in = Files.newInputStream(root.resolve("module-info.class"))) {
      d = ModuleDescriptor.read(in);
    }
    assertEquals("io.github.simdperceptron", d.name());
    Set<String> everyone = new TreeSet<>();
    for (ModuleDescriptor.Exports e : d.exports()) {
      if (e.isQualified()) {
        assertTrue(e.source().endsWith(".internal"), e::toString);
      } else {
        everyone.add(e.source());
      }
    }
    assertEquals(new TreeSet<>(API.keySet()), everyone);
  }

  @Test
  void theDatasetTypesExposeNoTrainingOperationOrStorage() throws Exception {
    List<String> leaks = new ArrayList<>();
    for (Class<?> c : libraryClasses()) {
      if (!isApi(c) || !c.getPackageName().equals("io.github.simdperceptron.data")) {
        continue;
      }
      for (Method m : c.getMethods()) {
        boolean weightMatrixDot = m.getName().equals("dot") && m.getParameterCount() == 3;
        if (TRAINING_ONLY.contains(m.getName()) || weightMatrixDot) {
          leaks.add(c.getSimpleName() + "." + m.getName() + Arrays.toString(m.getParameterTypes()));
        }
      }
    }
    assertEquals(List.of(), leaks, "public methods of the data package that belong to training");
    // What the public types keep: the row's dot product, its norm, a copy of it.
    assertEquals(2, Dataset.class.getMethod("dot", int.class, float[].class).getParameterCount());
  }

  @Test
  void theBinaryFormIsNullValuesEverywhere() throws Exception {
    List<String> binaryMethods = new ArrayList<>();
    for (Class<?> c : libraryClasses()) {
      if (isApi(c)) {
        for (Method m : c.getMethods()) {
          if (m.getName().endsWith("Binary") && !m.getName().equals("isBinary")) {
            binaryMethods.add(c.getSimpleName() + "." + m.getName());
          }
        }
      }
    }
    assertEquals(List.of(), binaryMethods, "methods with a Binary form instead of null values");
  }

  @Test
  void noPublicSignatureOfTheApiMentionsAnInternalType() throws Exception {
    List<String> leaks = new ArrayList<>();
    for (Class<?> c : libraryClasses()) {
      if (!isApi(c)) {
        continue;
      }
      List<Member> members = new ArrayList<>();
      members.addAll(Arrays.asList(c.getMethods()));
      members.addAll(Arrays.asList(c.getConstructors()));
      members.addAll(Arrays.asList(c.getFields()));
      for (Member m : members) {
        List<Type> types = new ArrayList<>();
        if (m instanceof Executable) {
          types.addAll(Arrays.asList(((Executable) m).getGenericParameterTypes()));
          types.addAll(Arrays.asList(((Executable) m).getGenericExceptionTypes()));
        }
        if (m instanceof Method) {
          types.add(((Method) m).getGenericReturnType());
        }
        if (m instanceof Field) {
          types.add(((Field) m).getGenericType());
        }
        for (Type t : types) {
          String name = t.getTypeName();
          if (name.contains(".internal.") || name.contains("jdk.incubator")) {
            leaks.add(c.getName() + "." + m.getName() + ": " + name);
          }
        }
      }
      for (Class<?> s : superTypes(c)) {
        if (!exported(s) || s.getName().startsWith("jdk.incubator")) {
          leaks.add(c.getName() + " extends " + s.getName());
        }
      }
    }
    assertEquals(List.of(), leaks, "internal types in the API's signatures");
  }

  private static List<Class<?>> superTypes(Class<?> c) {
    List<Class<?>> all = new ArrayList<>(Arrays.asList(c.getInterfaces()));
    if (c.getSuperclass() != null) {
      all.add(c.getSuperclass());
    }
    all.removeIf(s -> !Modifier.isPublic(s.getModifiers()) && s.getPackageName().equals(c.getPackageName()));
    return all;
  }

  @Test
  void theInternalAccessReachesTheSameRowsAsThePublicTypes() {
    // Row 0: x = (0, 2, 0, -1); row 1: binary, x = (1, 0, 0, 1).
    Dataset valued = Dataset.of(new int[] {0, 2}, new int[] {1, 3}, new float[] {2, -1}, 4,
        new double[] {1});
    Dataset binary = Dataset.of(new int[] {0, 2}, new int[] {0, 3}, null, 4, new double[] {-1});
    float[] w = {10, 20, 30, 40};
    DataAccess.addTo(valued, 0, 0.5f, w);
    assertArrayEquals(new float[] {10, 21, 30, 39.5f}, w);
    DataAccess.addTo(binary, 0, -2f, w);
    assertArrayEquals(new float[] {8, 21, 30, 37.5f}, w);
    assertTrue(DataAccess.isBinary(binary));
    assertEquals(null, DataAccess.values(binary));
    assertArrayEquals(new int[] {1, 3}, DataAccess.indices(valued));
    float[] out = new float[1];
    DataAccess.margins(binary, w, 0.5f, out);
    assertEquals(binary.dot(0, w) + 0.5f, out[0]);

    Dataset dense = Dataset.of(new float[][] {{1, 2}, {3, 4}}, new double[] {1, -1});
    float[] storage = DataAccess.rowArray(dense, 1);
    assertEquals(3f, storage[DataAccess.rowOffset(dense, 1)]);
    assertEquals(4f, storage[DataAccess.rowOffset(dense, 1) + 1]);
  }

  @Test
  void noOneElseInstallsTheDatasetBridge() {
    DataAccess.Bridge other = (DataAccess.Bridge) Proxy.newProxyInstance(getClass().getClassLoader(),
        new Class<?>[] {DataAccess.Bridge.class}, (proxy, method, args) -> null);
    assertThrows(IllegalStateException.class, () -> DataAccess.install(other));
    // The datasets still run their own operations.
    float[] w = new float[2];
    DataAccess.addTo(Dataset.of(new float[][] {{1, 2}}, new double[] {1}), 0, 3f, w);
    assertArrayEquals(new float[] {3, 6}, w);
  }

  @Test
  void aReaderFeedsAnOnlineLearnerFromOutsideTheIoPackage() throws IOException {
    String file = "1 1:1 3:1\n-1 2:1\n1 1:1 2:1 3:1\n";
    Learner<?> learner = Learner.binary(Algorithm.PERCEPTRON, 3, Labels.of(List.of("-1", "1")),
        TrainingOptions.defaults());
    try (DataFormat.Reader r = DataFormat.libsvm().open(
        new ByteArrayInputStream(file.getBytes(StandardCharsets.US_ASCII)), "three lines")) {
      assertEquals(3L, r.feed(learner));
    }
  }
}
