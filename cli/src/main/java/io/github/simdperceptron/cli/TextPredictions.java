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

/**
 * Predictions for raw text, streamed: each line of the input is read, vectorized with the model's
 * vectorizer and scored as it comes, so memory does not grow with the file. One output line per
 * input line: the predicted class, or with --top the best classes and their scores, or with
 * --scores every class's score.
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

  /** Reads {@code in} (closed at the end), writing one line per document to {@code out}. */
  void write(InputStream in, String source, PrintWriter out) throws IOException {
    MulticlassModel multi = model instanceof MulticlassModel ? (MulticlassModel) model : null;
    BinaryModel binary = model instanceof BinaryModel ? (BinaryModel) model : null;
    int classes = model.labels().size();
    float[] scores = new float[Math.max(2, classes)];
    TopClasses best = new TopClasses(model, top == null ? 1 : top, threshold);
    StringBuilder line = new StringBuilder(256);
    try (TextFile.Reader reader = TextFile.open(vectorizer, in, source)) {
      while (reader.next()) {
        line.setLength(0);
        int n = reader.nonZeros();
        float[] s;
        if (multi != null) {
          multi.scores(reader.indices(), reader.values(), n, scores);
          s = scores;
        } else {
          float score = binary.score(Arrays.copyOf(reader.indices(), n), Arrays.copyOf(reader.values(), n));
          if (allScores) {
            out.println(score);
            continue;
          }
          if (top == null) {
            int c = classes == 2 ? (score > 0f ? 1 : 0)
                : model.labels().binaryLabel(0) == (score > 0f ? 1f : -1f) ? 0 : -1;
            out.println(c >= 0 ? model.labels().name(c) : PredictCommand.otherClass(model));
            continue;
          }
          s = best.binary(score);
        }
        if (allScores) {
          for (int c = 0; c < classes; c++) {
            line.append(c == 0 ? "" : " ").append(s[c]);
          }
        } else if (top != null) {
          best.append(s, line);
        } else {
          int c = best.choose(s) > 0 ? best.classAt(0) : -1;
          line.append(c >= 0 ? model.labels().name(c) : PredictCommand.otherClass(model));
        }
        out.println(line);
      }
    }
  }
}
