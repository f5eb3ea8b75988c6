package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.kernel.Kernel;
import io.github.simdperceptron.reference.ReferenceLearners;
import io.github.simdperceptron.reference.ReferenceRun;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every binary learner against its literal twin in {@code reference}, on integer-valued data where
 * float arithmetic is exact: the same updates in the same order, the same per-epoch counts, the
 * same stopping, and bit-identical weights. Runs on each kernel implementation (see the pom).
 */
class LearnerEquivalenceTest {
  private static final long SEED = Long.getLong("tests.seed", 20261122L);

  static List<Arguments> cases() {
    List<Arguments> out = new ArrayList<>();
    for (Algorithm a : Algorithm.values()) {
      if (a.passiveAggressive()) {
        // Real-valued steps: PassiveAggressiveEquivalenceTest.
        continue;
      }
      for (IntegerData.Kind kind : IntegerData.Kind.values()) {
        for (boolean bias : new boolean[] {true, false}) {
          for (boolean shuffle : new boolean[] {true, false}) {
            out.add(Arguments.of(a, kind, bias, shuffle));
          }
        }
      }
    }
    return out;
  }

  @ParameterizedTest(name = "{0} {1} bias={2} shuffle={3}")
  @MethodSource("cases")
  void kernelLearnerEqualsReferenceTwin(Algorithm algorithm, IntegerData.Kind kind, boolean bias, boolean shuffle) {
    for (int trial = 0; trial < 3; trial++) {
      long seed = SEED + 1000L * trial + kind.ordinal();
      int d = kind == IntegerData.Kind.DENSE_TERNARY ? 37 : 301;
      // Noise-free data for PLA on the first trial, so that a halting run is compared too.
      double flip = algorithm == Algorithm.PLA && trial == 0 ? 0.0 : 0.08;
      IntegerData data = IntegerData.make(kind, 80, d, flip, seed);
      TrainingOptions options = TrainingOptions.builder().maxEpochs(algorithm == Algorithm.PLA ? 60 : 7)
          .seed(seed).shuffle(shuffle).bias(bias).tau(3f).voteCap(40).updateLog(true).build();
      String where = algorithm + " " + kind + " bias=" + bias + " shuffle=" + shuffle + " seed=" + seed + " on "
          + Kernel.describe();

      FitResult<BinaryModel> fast = Learner.fit(algorithm, data.kernel, options);
      ReferenceRun ref = twin(algorithm, data, options);
      TrainingReport r = fast.report();

      assertTrue(ref.updateLog.length > 0, where + ": the twin made no update, the case tests nothing");
      assertArrayEquals(ref.updateLog, r.updateLog(), where + ": update order");
      assertArrayEquals(ref.mistakesPerEpoch, r.mistakesPerEpoch(), where + ": mistakes per epoch");
      assertArrayEquals(ref.updatesPerEpoch, r.updatesPerEpoch(), where + ": updates per epoch");
      assertEquals(ref.epochs, r.epochs(), where + ": epochs");
      assertEquals(ref.converged, r.converged(), where + ": converged");
      assertEquals(ref.halted, r.halted(), where + ": halted");
      assertEquals(ref.voteCapReached, r.voteCapReached(), where + ": vote cap");
      if (algorithm == Algorithm.VOTED) {
        VotedModel m = (VotedModel) fast.model();
        assertEquals(ref.votedW.size(), m.vectors(), where + ": stored vectors");
        for (int k = 0; k < m.vectors(); k++) {
          assertArrayEquals(ref.votedW.get(k), m.vector(k), where + ": vector " + k);
          assertEquals(ref.votedB.get(k), m.bias(k), where + ": bias " + k);
          assertEquals((long) ref.votedC.get(k), m.count(k), where + ": count " + k);
        }
        for (int i = 0; i < data.kernel.size(); i++) {
          float[] x = data.kernel.denseRow(i);
          float expected = ReferenceLearners.votedScore(ref, x);
          assertEquals(expected, m.score(x), where + ": voted score of row " + i);
          assertEquals(expected, m.score(data.kernel, i), where + ": voted score of data row " + i);
          int[] nonZero = IntStream.range(0, x.length).filter(j -> x[j] != 0f).toArray();
          float[] values = new float[nonZero.length];
          for (int t = 0; t < values.length; t++) {
            values[t] = x[nonZero[t]];
          }
          assertEquals(expected, m.score(nonZero, values), where + ": voted score of sparse row " + i);
        }
      } else {
        LinearModel m = (LinearModel) fast.model();
        assertArrayEquals(ref.w, m.weights(), where + ": weights");
        assertEquals(ref.b, m.bias(), where + ": bias");
      }
    }
  }

  private static ReferenceRun twin(Algorithm a, IntegerData data, TrainingOptions o) {
    switch (a) {
      case PERCEPTRON:
        return ReferenceLearners.perceptron(data.reference, o.maxEpochs(), o.seed(), o.shuffle(), o.bias());
      case PLA:
        return ReferenceLearners.pla(data.reference, o.maxEpochs(), o.seed(), o.shuffle(), o.bias());
      case POCKET:
        return ReferenceLearners.pocket(data.reference, o.maxEpochs(), o.seed(), o.shuffle(), o.bias());
      case VOTED:
        return ReferenceLearners.voted(data.reference, o.maxEpochs(), o.seed(), o.shuffle(), o.bias(), o.voteCap());
      case AVERAGED:
        return ReferenceLearners.averaged(data.reference, o.maxEpochs(), o.seed(), o.shuffle(), o.bias());
      case MARGIN:
        return ReferenceLearners.margin(data.reference, o.maxEpochs(), o.seed(), o.shuffle(), o.bias(), o.tau());
      default:
        throw new AssertionError(a);
    }
  }
}
