package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** What an algorithm says it supports is what the learners accept, and its names round-trip. */
class AlgorithmTest {
  private static final TrainingOptions OPTIONS = TrainingOptions.builder().maxEpochs(2).build();

  @Test
  void learnersAcceptExactlyWhatTheAlgorithmSupports() {
    Dataset three = MulticlassEquivalenceTest.realValuedProblem(false, 60, 6, 3, 11);
    Labels two = Labels.of(List.of("no", "yes"));
    for (Algorithm a : Algorithm.values()) {
      assertAccepted(a.online(), a + " online", () -> Learner.binary(a, 6, two, OPTIONS));
      assertAccepted(a.oneVsRest(), a + " one-vs-rest", () -> Learner.fitOneVsRest(a, three, OPTIONS));
      assertAccepted(a.multiclass(), a + " multi-class", () -> Learner.fitMulticlass(a, three, OPTIONS));
      assertAccepted(a.multiclass(), a + " online multi-class",
          () -> Learner.multiclass(a, 6, three.labels(), OPTIONS));
    }
  }

  private static void assertAccepted(boolean supported, String what, Executable call) {
    if (supported) {
      try {
        call.execute();
      } catch (Throwable t) {
        throw new AssertionError(what + " is supported but was refused: " + t, t);
      }
    } else {
      assertThrows(IllegalArgumentException.class, call, what + " is not supported but was accepted");
    }
  }

  @Test
  void namesRoundTrip() {
    for (Algorithm a : Algorithm.values()) {
      assertEquals(a, Algorithm.byName(a.canonicalName()));
      assertEquals(a, Algorithm.byName(a.name()));
    }
    assertEquals("averaged", Algorithm.AVERAGED.canonicalName());
    assertNull(Algorithm.byName("perceptron2"));
  }
}
