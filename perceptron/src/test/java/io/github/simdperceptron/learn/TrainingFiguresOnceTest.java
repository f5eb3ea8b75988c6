package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.internal.ReportAccess;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The training accuracy of {@link ReportAccess#trainingAccuracy} is {@link Model#accuracy}, and
 * the report's training error after it is the one the report computes on its own, for a binary
 * linear, a voted, and a multi-class model; the voted one scores the rows once for both.
 */
class TrainingFiguresOnceTest {
  private static final long SEED = Long.getLong("tests.seed", 20261125L);

  private static Dataset classes(int k, long seed) {
    Random rnd = new Random(seed);
    Dataset.Builder b = Dataset.builder(20);
    for (int i = 0; i < 400; i++) {
      int c = rnd.nextInt(k);
      float[] x = new float[20];
      for (int j = 0; j < 20; j++) {
        x[j] = (float) rnd.nextGaussian() + (j % k == c ? 1.2f : 0f);
      }
      b.add(x, Integer.toString(c));
    }
    return b.build();
  }

  @Test
  void oneScoringGivesTheAccuracyAndTheTrainingErrorOfSeparateOnes() {
    System.out.println("TrainingFiguresOnceTest: seed=" + SEED);
    Dataset two = classes(2, SEED);
    Dataset three = classes(3, SEED + 1);
    TrainingOptions o = TrainingOptions.builder().seed(SEED).maxEpochs(5).build();
    for (String kind : new String[] {"averaged", "voted", "multiclass"}) {
      FitResult<? extends Model> a = fit(kind, two, three, o);
      FitResult<? extends Model> b = fit(kind, two, three, o);
      Dataset data = kind.equals("multiclass") ? three : two;
      double separate = b.model().accuracy(data);
      double separateError = b.report().trainingError();
      double shared = ReportAccess.trainingAccuracy(a.report(), a.model(), data);
      assertEquals(Double.doubleToLongBits(separate), Double.doubleToLongBits(shared), kind + ": accuracy");
      // The multi-class report's figures are of the rows as the learner stores them (another
      // dataset object): its error is scored on its own, as before.
      boolean once = kind.equals("voted");
      assertEquals(once ? 1 : 0, a.report().figures().computed(), kind + ": figures after the accuracy");
      assertEquals(Double.doubleToLongBits(separateError), Double.doubleToLongBits(a.report().trainingError()),
          kind + ": training error");
      if (a.model() instanceof BinaryModel m) {
        assertEquals(Double.doubleToLongBits(m.trainingError(data)), Double.doubleToLongBits(separateError), kind);
      } else {
        assertEquals(Double.doubleToLongBits(1.0 - separate), Double.doubleToLongBits(separateError), kind);
      }
      if (kind.equals("voted")) {
        assertFalse(a.report().figures().holdsData(), "the voted report keeps nothing once its error is known");
      }
      // Another dataset (even with the same rows): the accuracy alone, the report untouched.
      FitResult<? extends Model> c = fit(kind, two, three, o);
      Dataset copy = kind.equals("multiclass") ? classes(3, SEED + 1) : classes(2, SEED);
      assertEquals(Double.doubleToLongBits(separate),
          Double.doubleToLongBits(ReportAccess.trainingAccuracy(c.report(), c.model(), copy)), kind);
      assertEquals(0, c.report().figures().computed(), kind);
      assertTrue(c.report().figures().holdsData(), kind);
    }
  }

  private static FitResult<? extends Model> fit(String kind, Dataset two, Dataset three, TrainingOptions o) {
    switch (kind) {
      case "averaged":
        return Learner.fit(Algorithm.AVERAGED, two, o);
      case "voted":
        return Learner.fit(Algorithm.VOTED, two, o);
      default:
        return Learner.fitMulticlass(Algorithm.PERCEPTRON, three, o);
    }
  }
}
