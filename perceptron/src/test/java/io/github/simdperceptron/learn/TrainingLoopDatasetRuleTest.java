package io.github.simdperceptron.learn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.learn.internal.ReportAccess;
import io.github.simdperceptron.learn.internal.TrainingLoop;
import io.github.simdperceptron.learn.kernel.KernelModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A rule on a dataset's rows from outside the learn package ({@link TrainingLoop.DatasetRule})
 * runs in the one training loop: its outcomes make the report's counts and stopping, its name and
 * stored vectors the report's; the training classes it knows make the report's training error and
 * training accuracy for the very dataset it trained on (not for a copy), and with a validation
 * split those of the best epoch's model.
 */
class TrainingLoopDatasetRuleTest {

  /** Nine rows of three classes a, b, c (row i of class i % 3), in two features. */
  private static Dataset nine() {
    Dataset.Builder b = Dataset.builder(2);
    for (int i = 0; i < 9; i++) {
      b.add(new float[] {i % 3, 1}, "abc".substring(i % 3, i % 3 + 1));
    }
    return b.build();
  }

  /**
   * A rule that errs on the even rows of the first epoch and on none after; its models, fresh at
   * every call, predict class 2 for every row (one support vector (0, 1), coefficients 0, 0, 1);
   * the training classes it claims for model number j (from 0) are each row's class plus j, mod
   * 3: all right for the first, all wrong for the next two.
   */
  private static final class Scripted extends TrainingLoop.DatasetRule<KernelModel> {
    final List<KernelModel> models = new ArrayList<>();
    Dataset trainedOn;
    private int visits;

    @Override
    public int visit(Dataset data, int i) {
      trainedOn = data;
      return visits++ < data.size() && i % 2 == 0 ? TrainingLoop.MISTAKE | TrainingLoop.UPDATED
          : TrainingLoop.CORRECT;
    }

    @Override
    public KernelModel model() {
      Dataset sv = Dataset.builder(2).add(new float[] {0, 1}, "a").build();
      KernelModel m = KernelModel.of(KernelModel.Function.linear(), Algorithm.PERCEPTRON, nine().labels(), sv,
          new float[][] {{0, 0, 1}}, new float[] {0, 0, 0});
      models.add(m);
      return m;
    }

    @Override
    public String name() {
      return "SCRIPTED";
    }

    @Override
    public int storedVectors() {
      return 7;
    }

    @Override
    public int[] trainingClasses(KernelModel model) {
      int j = models.indexOf(model);
      int[] classes = new int[trainedOn.size()];
      for (int i = 0; i < classes.length; i++) {
        classes[i] = (trainedOn.classOf(i) + j) % 3;
      }
      return classes;
    }
  }

  /** The fraction of rows of data whose class is 2: the accuracy of the rule's models. */
  private static double accuracyOfTwo(Dataset data) {
    int right = 0;
    for (int i = 0; i < data.size(); i++) {
      right += data.classOf(i) == 2 ? 1 : 0;
    }
    return (double) right / data.size();
  }

  @Test
  void theLoopRunsTheRuleAndReportsItsOutcomes() {
    Dataset data = nine();
    Scripted rule = new Scripted();
    FitResult<KernelModel> fit = TrainingLoop.fit(rule, data,
        TrainingOptions.builder().maxEpochs(5).seed(3).updateLog(true).build());
    TrainingReport r = fit.report();
    assertSame(data, rule.trainedOn);
    // Epoch 1 visits rows 0..8 in some order and errs on the five even ones; epoch 2 errs on none.
    assertArrayEquals(new int[] {5, 0}, r.mistakesPerEpoch());
    assertArrayEquals(new int[] {5, 0}, r.updatesPerEpoch());
    assertTrue(r.converged());
    assertEquals(18, r.visits());
    int[] log = r.updateLog().clone();
    Arrays.sort(log);
    assertArrayEquals(new int[] {0, 2, 4, 6, 8}, log);
    assertEquals("SCRIPTED", r.algorithm());
    assertEquals(7, r.storedVectors());
    assertSame(rule.models.get(rule.models.size() - 1), fit.model());
  }

  @Test
  void theTrainingErrorComesFromTheClassesTheRuleKnows() {
    Dataset data = nine();
    Scripted rule = new Scripted();
    FitResult<KernelModel> fit = TrainingLoop.fit(rule, data, TrainingOptions.builder().maxEpochs(5).build());
    // The final model is the rule's first: it claims every row's own class, while it predicts class 2.
    assertEquals(1, rule.models.size());
    assertTrue(fit.report().figures().holdsClasses());
    assertEquals(0.0, fit.report().trainingError(), 0.0);
    assertEquals(3.0 / 9, accuracyOfTwo(data), 0.0);
    assertEquals(accuracyOfTwo(data), fit.model().accuracy(data), 0.0);
    assertFalse(fit.report().figures().holdsClasses(), "released with the model and the data");
  }

  @Test
  void theTrainingAccuracyOfTheVeryTrainingSetComesFromThemToo() {
    Dataset data = nine();
    FitResult<KernelModel> fit = TrainingLoop.fit(new Scripted(), data,
        TrainingOptions.builder().maxEpochs(5).build());
    Dataset copy = data.subset(new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8});
    // Another object with the same rows is scored by the model.
    assertEquals(accuracyOfTwo(copy), ReportAccess.trainingAccuracy(fit.report(), fit.model(), copy), 0.0);
    assertEquals(1.0, ReportAccess.trainingAccuracy(fit.report(), fit.model(), data), 0.0);
    assertEquals(0.0, fit.report().trainingError(), 0.0);
  }

  @Test
  void withAValidationSplitTheBestEpochsClassesAreTaken() {
    Dataset data = nine();
    Scripted rule = new Scripted();
    FitResult<KernelModel> fit = TrainingLoop.fit(rule, data,
        TrainingOptions.builder().maxEpochs(6).earlyStopping(0.3, 1).build());
    // Every epoch's model scores the same on the validation rows, so the first one stays the best:
    // the model of epoch 1, whose claimed classes are right, and not the later ones' (all wrong).
    assertTrue(rule.models.size() >= 2, "epochs " + rule.models.size());
    assertSame(rule.models.get(0), fit.model());
    assertNotEquals(data.size(), rule.trainedOn.size());
    assertEquals(0.0, fit.report().trainingError(), 0.0);
  }
}
