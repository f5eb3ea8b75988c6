package io.github.simdperceptron.io;

import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.TrainingOptions;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a model file holds: the model ({@code LinearModel}, {@code VotedModel} or
 * {@code MulticlassModel}), the algorithm that trained it, whether it has a bias, and the training
 * options as text ({@code "maxEpochs" -> "10"}, in insertion order). For a multi-class model the
 * algorithm names the learner as {@code TrainingReport.algorithm()} does: {@code OVR(PERCEPTRON)},
 * {@code MULTICLASS(AVERAGED)}, ... ({@link ModelFile#isMulticlassLearner(String)}).
 */
public record SavedModel(Model model, String algorithm, boolean bias, Map<String, String> options) {

  public SavedModel {
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(algorithm, "algorithm");
    Objects.requireNonNull(options, "options");
    options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
  }

  /** A model with the options it was trained with. */
  public static SavedModel of(Model model, String algorithm, TrainingOptions o) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("maxEpochs", Integer.toString(o.maxEpochs()));
    m.put("seed", Long.toString(o.seed()));
    m.put("shuffle", Boolean.toString(o.shuffle()));
    m.put("bias", Boolean.toString(o.bias()));
    m.put("tau", Float.toString(o.tau()));
    m.put("validationFraction", Double.toString(o.validationFraction()));
    m.put("patience", Integer.toString(o.patience()));
    m.put("voteCap", Integer.toString(o.voteCap()));
    return new SavedModel(model, algorithm, o.bias(), m);
  }
}
