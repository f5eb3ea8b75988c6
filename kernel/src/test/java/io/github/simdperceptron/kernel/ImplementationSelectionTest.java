package io.github.simdperceptron.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Fails when the surefire execution did not get the implementation it asked for, so the Panama
 * executions cannot silently test the scalar code (jvector's provider test does the same).
 */
class ImplementationSelectionTest {

  @Test
  void theRequestedImplementationIsTheActiveOne() {
    String requested = System.getProperty(VectorOpsProvider.IMPL_PROPERTY, "auto");
    String bits = System.getProperty(VectorOpsProvider.VECTOR_BITS_PROPERTY);
    System.out.println("kernel: " + Kernel.describe() + " (requested " + VectorOpsProvider.IMPL_PROPERTY + "="
        + requested + (bits == null ? "" : ", " + VectorOpsProvider.VECTOR_BITS_PROPERTY + "=" + bits) + ")");
    switch (requested) {
      case "panama":
        assertEquals("panama", Kernel.implementation(),
            "Panama was requested but did not load (is --add-modules jdk.incubator.vector in the argLine?)");
        if (bits != null && !bits.isBlank() && !bits.trim().equals("preferred")) {
          assertEquals(Integer.parseInt(bits.trim()), Kernel.vectorBits(), "vector width");
        }
        assertTrue(Kernel.vectorBits() >= 64, "vectorBits " + Kernel.vectorBits());
        assertEquals(Kernel.vectorBits() / Float.SIZE, Kernel.floatLanes(), "floatLanes");
        break;
      case "scalar":
        assertEquals("scalar", Kernel.implementation());
        assertEquals(0, Kernel.vectorBits(), "vectorBits of the scalar implementation");
        assertEquals(1, Kernel.floatLanes(), "floatLanes of the scalar implementation");
        break;
      default:
        assertTrue(Kernel.implementation().equals("panama") || Kernel.implementation().equals("scalar"),
            Kernel.implementation());
    }
    assertTrue(Kernel.describe().startsWith(Kernel.implementation()), Kernel.describe());
  }
}
