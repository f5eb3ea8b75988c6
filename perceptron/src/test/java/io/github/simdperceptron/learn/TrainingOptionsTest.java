package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.learn.internal.OptionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** The options value: defaults, the builder and toBuilder, immutability, bad values. */
class TrainingOptionsTest {
  private static final TrainingOptions.ProgressListener LISTENER = (epoch, mistakes, updates, rate) -> { };

  private static void assertSameOptions(TrainingOptions a, TrainingOptions b) {
    assertEquals(a.maxEpochs(), b.maxEpochs(), "maxEpochs");
    assertEquals(a.seed(), b.seed(), "seed");
    assertEquals(a.shuffle(), b.shuffle(), "shuffle");
    assertEquals(a.bias(), b.bias(), "bias");
    assertEquals(a.tau(), b.tau(), "tau");
    assertEquals(a.validationFraction(), b.validationFraction(), "validationFraction");
    assertEquals(a.patience(), b.patience(), "patience");
    assertEquals(a.voteCap(), b.voteCap(), "voteCap");
    assertEquals(a.recordUpdates(), b.recordUpdates(), "recordUpdates");
    assertSame(a.progress(), b.progress(), "progress");
    assertEquals(a.prefetch(), b.prefetch(), "prefetch");
    assertEquals(a.toString(), b.toString());
  }

  @Test
  void defaultsAreTheDocumentedOnes() {
    TrainingOptions d = TrainingOptions.defaults();
    assertEquals(10, d.maxEpochs());
    assertEquals(0L, d.seed());
    assertTrue(d.shuffle());
    assertTrue(d.bias());
    assertEquals(0f, d.tau());
    assertEquals(0.0, d.validationFraction());
    assertEquals(5, d.patience());
    assertEquals(Integer.MAX_VALUE, d.voteCap());
    assertFalse(d.recordUpdates());
    assertEquals(null, d.progress());
    assertFalse(d.prefetch());
    assertSameOptions(d, TrainingOptions.builder().build());
  }

  @Test
  void everySetterReachesItsGetterAndToBuilderKeepsIt() {
    // Values that differ from every default, so a setter that sets nothing (or the wrong field) fails.
    TrainingOptions built = TrainingOptions.builder().maxEpochs(7).seed(-3).shuffle(false).bias(false).tau(0.5f)
        .earlyStopping(0.2, 3).voteCap(11).updateLog(true).progress(LISTENER).prefetch(true).build();
    assertEquals(7, built.maxEpochs());
    assertEquals(-3L, built.seed());
    assertFalse(built.shuffle());
    assertFalse(built.bias());
    assertEquals(0.5f, built.tau());
    assertEquals(0.2, built.validationFraction());
    assertEquals(3, built.patience());
    assertEquals(11, built.voteCap());
    assertTrue(built.recordUpdates());
    assertSame(LISTENER, built.progress());
    assertTrue(built.prefetch());
    assertSameOptions(built, built.toBuilder().build());
    assertEquals(8, built.toBuilder().maxEpochs(8).build().maxEpochs());
    assertEquals(7, built.maxEpochs(), "a builder from toBuilder leaves the options it came from alone");
  }

  @Test
  void copiesLeaveTheOriginalAlone() {
    TrainingOptions d = TrainingOptions.defaults();
    d.toBuilder().maxEpochs(3).seed(9).build();
    assertSameOptions(TrainingOptions.defaults(), d);
  }

  @Test
  void badValuesAreRefusedNamingTheOption() {
    assertRefused("maxEpochs", () -> TrainingOptions.builder().maxEpochs(0));
    assertRefused("maxEpochs", () -> TrainingOptions.builder().maxEpochs(-1).build());
    assertRefused("tau", () -> TrainingOptions.builder().tau(-0.1f));
    assertRefused("tau", () -> TrainingOptions.builder().tau(Float.NaN).build());
    assertRefused("tau", () -> TrainingOptions.builder().tau(Float.POSITIVE_INFINITY).build());
    assertRefused("validationFraction", () -> TrainingOptions.builder().earlyStopping(1.0, 2));
    assertRefused("patience", () -> TrainingOptions.builder().earlyStopping(0.1, 0).build());
    assertRefused("voteCap", () -> TrainingOptions.builder().voteCap(0));
  }

  private static void assertRefused(String option, Executable call) {
    OptionException e = assertThrows(OptionException.class, call);
    assertEquals(option, e.option(), e.getMessage());
    assertTrue(e.getMessage().startsWith(option + " " + e.reason() + ", got " + e.value()), e.getMessage());
  }
}
