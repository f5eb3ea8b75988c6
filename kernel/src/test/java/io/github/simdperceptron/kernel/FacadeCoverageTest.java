package io.github.simdperceptron.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * EJML-style completeness check: every public static method of the facades is named in a
 * {@link Covers} annotation of a differential test and of a bad-argument test, and every name in
 * those annotations is a real method. A facade method added without its tests fails here.
 */
class FacadeCoverageTest {

  private static final Class<?>[] FACADES = {DenseOps.class, SparseOps.class};

  /** "Class.method(type,type)" with simple type names, as written in {@link Covers}. */
  static String signature(Method m) {
    return m.getDeclaringClass().getSimpleName() + "." + m.getName() + "("
        + Arrays.stream(m.getParameterTypes()).map(Class::getSimpleName).collect(Collectors.joining(",")) + ")";
  }

  static Set<String> facadeMethods() {
    Set<String> all = new TreeSet<>();
    for (Class<?> facade : FACADES) {
      for (Method m : facade.getDeclaredMethods()) {
        if (Modifier.isPublic(m.getModifiers()) && Modifier.isStatic(m.getModifiers())) {
          all.add(signature(m));
        }
      }
    }
    return all;
  }

  static Set<String> covered(Class<?>... testClasses) {
    Set<String> covered = new TreeSet<>();
    for (Class<?> c : testClasses) {
      for (Method m : c.getDeclaredMethods()) {
        Covers covers = m.getAnnotation(Covers.class);
        if (covers != null) {
          assertTrue(m.isAnnotationPresent(Test.class), c.getSimpleName() + "." + m.getName() + " is not a @Test");
          covered.addAll(Arrays.asList(covers.value()));
        }
      }
    }
    return covered;
  }

  @Test
  void everyFacadeMethodHasADifferentialTest() {
    Set<String> facade = facadeMethods();
    assertEquals(facade, covered(DenseOpsDifferentialTest.class, SparseOpsDifferentialTest.class),
        "public facade methods vs methods named in @Covers of the differential tests");
    // 15 DenseOps and 11 SparseOps methods (guards against an empty comparison).
    assertEquals(26, facade.size(), () -> "facade methods: " + facade);
  }

  @Test
  void everyFacadeMethodHasABadArgumentTest() {
    assertEquals(facadeMethods(), covered(BadArgumentsTest.class),
        "public facade methods vs methods named in @Covers of BadArgumentsTest");
  }
}
