package io.github.simdperceptron.cli;

import io.github.simdperceptron.learn.BinaryModel;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.text.TextFile;
import io.github.simdperceptron.text.TextVectorizer;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;

/**
 * Predictions for raw text, streamed: blocks of input lines are vectorized and scored on worker
 * threads and their output lines written in input order, so memory does not grow with the file.
 * One output line per input line: the predicted class, or with --top the best classes and their
 * scores, or with --scores every class's score.
 */
final class TextPredictions {
  private final Model model;
  private final TextVectorizer vectorizer;
  private final Integer top;
  private final Float threshold;
  private final boolean allScores;

  TextPredictions(Model model, TextVectorizer vectorizer, Integer top, Float threshold, boolean allScores) {
    this.model = model;
    this.vectorizer = vectorizer;
    this.top = top;
    this.threshold = threshold;
    this.allScores = allScores;
  }

  /** A worker's scratch: the class scores and the best classes of one document. */
  private final class Scratch {
    final float[] scores = new float[Math.max(2, model.labels().size())];
    final TopClasses best = new TopClasses(model, top == null ? 1 : top, threshold);
  }

  /** Reads {@code in} (closed at the end), writing one line per document to {@code out}. */
  void write(InputStream in, String source, PrintWriter out) throws IOException {
    try (InputStream input = in) {
      TextFile.forEachBlock(vectorizer, input, source, Scratch::new, this::line, text -> out.append(text));
    }
  }

  /** Appends the output line of one document. */
  private void line(List<String> labels, int[] indices, float[] values, int n, Scratch w, StringBuilder line) {
    int classes = model.labels().size();
    float[] s;
    if (model instanceof MulticlassModel) {
      ((MulticlassModel) model).scores(indices, values, n, w.scores);
      s = w.scores;
    } else {
      BinaryModel binary = (BinaryModel) model;
      int[] idx = Arrays.copyOf(indices, n);
      float[] val = Arrays.copyOf(values, n);
      if (top == null && !allScores) {
        int c = binary.predictClass(idx, val);
        line.append(c >= 0 ? model.labels().name(c) : PredictCommand.otherClass(model)).append('\n');
        return;
      }
      float score = binary.score(idx, val);
      if (allScores) {
        line.append(score).append('\n');
        return;
      }
      s = w.best.binary(score);
    }
    if (allScores) {
      for (int c = 0; c < classes; c++) {
        line.append(c == 0 ? "" : " ").append(s[c]);
      }
    } else if (top != null) {
      w.best.append(s, line);
    } else {
      int c = w.best.choose(s) > 0 ? w.best.classAt(0) : -1;
      line.append(c >= 0 ? model.labels().name(c) : PredictCommand.otherClass(model));
    }
    line.append('\n');
  }
}
