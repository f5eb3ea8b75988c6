package io.github.simdperceptron.learn;

import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;

/**
 * The voted perceptron: every weight vector that survived at least one visit votes with its
 * survival count. The learner trains on w and b like the perceptron and records the mistakes
 * ({@link VotedMistakes}), from which the model rebuilds each vector's margin; memory grows by
 * one entry a mistake and one stored row per distinct mistaken example, up to the cap on vectors.
 */
final class VotedRule extends BinaryRule {
  final VotedMistakes mistakes;
  private final int cap;

  VotedRule(int dimension, TrainingOptions options, Labels labels, LinearModel warm) {
    super(Algorithm.VOTED, dimension, options, labels, warm);
    this.cap = options.voteCap();
    this.mistakes = new VotedMistakes(dimension, warm == null ? null : w.clone(), b);
  }

  @Override
  int visit(Dataset data, int i) {
    float y = data.label(i);
    if (y * activation(data, i) > 0f) {
      mistakes.survived();
      return CORRECT;
    }
    // The current vector is stored when it has a vote; the update makes one more.
    if (mistakes.current() > 0 && mistakes.voting() + 1 > cap) {
      return MISTAKE | STOP;
    }
    update(data, i, y);
    mistakes.mistake(data, i, y);
    return MISTAKE | UPDATED;
  }

  @Override
  int storedVectors() {
    return mistakes.voting();
  }

  @Override
  BinaryModel model() {
    return mistakes.model(labels, bias);
  }
}
