package io.github.simdperceptron;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.simdperceptron.kernel.Kernel;
import org.junit.jupiter.api.Test;

/**
 * Fails when this module's surefire execution did not get the kernel implementation it asked for,
 * so the learners' Panama run cannot silently test the scalar code.
 */
class KernelLoadedTest {

  @Test
  void theRequestedImplementationRunsTheLearners() {
    String requested = System.getProperty("simdperceptron.impl", "auto");
    System.out.println("library tests on kernel: " + Kernel.describe() + " (requested " + requested + ")");
    if (!requested.equals("auto")) {
      assertEquals(requested, Kernel.implementation(),
          "the kernel implementation the build asked for did not load (is --add-modules jdk.incubator.vector in the argLine?)");
    }
  }
}
