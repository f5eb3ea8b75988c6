package io.github.simdperceptron.kernel.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.simdperceptron.kernel.Kernel;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Fails when the surefire execution asked for an implementation ({@code simdperceptron.impl}) and
 * the provider did not hand out that implementation of every op family, so a Panama run cannot
 * silently test the scalar code of one of them (jvector's provider test does the same).
 */
class OpsProviderTest {

  @Test
  void everyFamilyRunsTheRequestedImplementation() {
    String requested = System.getProperty("simdperceptron.impl", "auto");
    OpsProvider ops = OpsProvider.ACTIVE;
    List<String> loaded = List.of(ops.gram.getClass().getSimpleName(), ops.classScores.getClass().getSimpleName(),
        ops.viterbi.getClass().getSimpleName(), ops.vote.getClass().getSimpleName());
    System.out.println("op families: " + loaded + " on " + Kernel.describe() + " (requested " + requested + ")");
    String expected = requested.equals("auto") ? Kernel.implementation() : requested;
    assertEquals(expected, Kernel.implementation(),
        "the kernel did not load the implementation the run asked for (is --add-modules jdk.incubator.vector in the argLine?)");
    String prefix = expected.equals("panama") ? "Panama" : "Scalar";
    // The vote pass's lanes are eight doubles: below 128-bit vectors it runs scalar by design.
    String votePrefix = expected.equals("panama") && Kernel.vectorBits() < 128 ? "Scalar" : prefix;
    assertEquals(List.of(prefix + "GramOps", prefix + "ClassScoreOps", prefix + "ViterbiOps", votePrefix + "VoteOps"),
        loaded, "the op families the provider loaded");
    assertEquals(List.of(expected, expected, expected, votePrefix.toLowerCase(java.util.Locale.ROOT)),
        List.of(GramBlocks.implementation(), ClassScores.implementation(), ViterbiSteps.implementation(),
            VotePasses.implementation()),
        "the facades run the provider's families");
  }
}
