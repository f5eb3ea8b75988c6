package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.learn.kernel.KernelLearner;
import io.github.simdperceptron.learn.kernel.KernelModel;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A fit whose thread is interrupted ends at one of its next visits with a
 * {@link CancellationException} and keeps the interrupt status; an online learner's pass, whose
 * state outlives the call, runs to its end.
 */
class FitCancellationTest {
  private static final long SEED = 4242L;

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  /** Options whose progress listener interrupts the fitting thread when epoch {@code at} ends. */
  private static TrainingOptions interruptAfterEpoch(int at) {
    return TrainingOptions.builder().maxEpochs(5).seed(SEED).progress((epoch, mistakes, updates, rate) -> {
      if (epoch == at) {
        Thread.currentThread().interrupt();
      }
    }).build();
  }

  private static void assertCancelledInEpoch(int epoch, Function<TrainingOptions, ?> fit) {
    CancellationException e = assertThrows(CancellationException.class, () -> fit.apply(interruptAfterEpoch(epoch - 1)));
    assertTrue(e.getMessage().contains("epoch " + epoch + ", visit 1 of"), e.getMessage());
    assertTrue(Thread.interrupted(), "the interrupt status is kept");
  }

  @Test
  void anInterruptedFitStopsAtTheNextVisitCheckWithItsEpoch() {
    Dataset data = IntData.noisy(400, 13, 0.2, SEED);
    assertCancelledInEpoch(2, o -> Learner.fit(Algorithm.AVERAGED, data, o));
    assertCancelledInEpoch(3, o -> Learner.fitMulticlass(Algorithm.PERCEPTRON, data, o));
    assertCancelledInEpoch(2, o -> KernelLearner.fit(Algorithm.AVERAGED, KernelModel.Function.rbf(0.1f), 0, data, o));
  }

  @Test
  void aFitStartedOnAnInterruptedThreadDoesNoVisit() {
    Dataset data = IntData.noisy(100, 13, 0.2, SEED);
    Thread.currentThread().interrupt();
    CancellationException e = assertThrows(CancellationException.class,
        () -> Learner.fit(Algorithm.PERCEPTRON, data, TrainingOptions.builder().seed(SEED).build()));
    assertTrue(e.getMessage().contains("epoch 1, visit 1 of 100"), e.getMessage());
    assertTrue(Thread.interrupted());
  }

  @Test
  void anOnlineLearnersPassIsNotCancelled() {
    Dataset data = IntData.noisy(300, 13, 0.2, SEED);
    TrainingOptions o = TrainingOptions.builder().seed(SEED).build();
    Learner<BinaryModel> learner = Learner.binary(Algorithm.AVERAGED, 13, Labels.of(List.of("-1", "1")), o);
    Thread.currentThread().interrupt();
    TrainingReport r = learner.partialFit(data);
    assertTrue(Thread.interrupted(), "the interrupt status is left as it was");
    assertEquals(300, learner.visits());
    assertEquals(Learner.fit(Algorithm.AVERAGED, data, o.toBuilder().maxEpochs(1).build()).report().updates(),
        r.updates());
    assertFalse(Thread.currentThread().isInterrupted());
  }
}
