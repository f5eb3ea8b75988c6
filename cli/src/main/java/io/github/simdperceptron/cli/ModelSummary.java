package io.github.simdperceptron.cli;

import io.github.simdperceptron.io.ModelFile;
import io.github.simdperceptron.learn.kernel.KernelModel;
import io.github.simdperceptron.learn.LinearModel;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.VotedModel;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * A model file in words: what learned it, its classes and dimension, the bias, the training
 * options, and per weight row its largest weights by magnitude (features numbered from 1, as
 * libsvm numbers them and as CSV columns of features follow each other).
 */
final class ModelSummary {
  private final ModelFile saved;
  private final List<Row> rows = new ArrayList<>();

  /** One weight row: whose scores it gives, its bias and its largest weights. */
  private record Row(String name, float bias, int[] features, float[] weights) {}

  ModelSummary(ModelFile saved, int top) {
    this.saved = saved;
    Model m = saved.model();
    if (m instanceof LinearModel) {
      LinearModel l = (LinearModel) m;
      rows.add(row(binaryName(m), l.bias(), l.weights(), top));
    } else if (m instanceof VotedModel) {
      VotedModel v = (VotedModel) m;
      int last = v.vectors() - 1;
      rows.add(row(binaryName(m) + ", the last of " + v.vectors() + " voting vectors", v.bias(last), v.vector(last),
          top));
    } else if (m instanceof MulticlassModel) {
      MulticlassModel mc = (MulticlassModel) m;
      for (int c = 0; c < mc.classes(); c++) {
        rows.add(row("class " + mc.labels().name(c), mc.biases()[c], mc.weights(c), top));
      }
    }
  }

  /** A binary model scores for its second class (score > 0), against its first. */
  private static String binaryName(Model m) {
    return m.labels().size() == 2 ? "class " + m.labels().name(1) + " against " + m.labels().name(0)
        : "class " + m.labels().name(0);
  }

  private static Row row(String name, float bias, float[] w, int top) {
    PriorityQueue<Integer> largest = new PriorityQueue<>((a, b) -> Float.compare(Math.abs(w[a]), Math.abs(w[b])));
    for (int j = 0; j < w.length; j++) {
      if (w[j] != 0 && (largest.size() < top || Math.abs(w[j]) > Math.abs(w[largest.peek()]))) {
        largest.add(j);
        if (largest.size() > top) {
          largest.poll();
        }
      }
    }
    int n = largest.size();
    int[] features = new int[n];
    float[] weights = new float[n];
    for (int k = n - 1; k >= 0; k--) {
      int j = largest.poll();
      features[k] = j + 1;
      weights[k] = w[j];
    }
    return new Row(name, bias, features, weights);
  }

  Json json() {
    Model m = saved.model();
    List<Json> out = new ArrayList<>();
    for (Row r : rows) {
      List<Json> top = new ArrayList<>();
      for (int k = 0; k < r.features.length; k++) {
        top.add(new Json().put("feature", r.features[k]).put("weight", r.weights[k]));
      }
      out.add(new Json().put("row", r.name).put("bias", r.bias).put("largest_weights", top));
    }
    Map<String, Object> options = new LinkedHashMap<>(saved.options());
    return new Json()
        .put("learner", saved.algorithm())
        .put("classes", m.labels().names())
        .put("dimension", m.dimension())
        .put("bias", saved.bias())
        .put("options", options)
        .put("kernel", m instanceof KernelModel ? kernelJson((KernelModel) m) : null)
        .put("text", saved.text() == null ? null : new LinkedHashMap<String, Object>(saved.text().settings()))
        .put("training_state", stateEpochs() < 0 ? null : new Json().put("epochs", stateEpochs()))
        .put("rows", out);
  }

  /** The epochs run so far by the file's training state, or -1 when it has none. */
  private int stateEpochs() {
    return saved.state() != null ? saved.state().epochs()
        : saved.kernelState() != null ? saved.kernelState().epochs() : -1;
  }

  private static Json kernelJson(KernelModel k) {
    return new Json()
        .put("kernel", k.kernel().name())
        .put("gamma", k.kernel().gamma())
        .put("degree", k.kernel().degree())
        .put("coef0", k.kernel().coef0())
        .put("algorithm", k.algorithmName())
        .put("support_vectors", k.size())
        .put("sparse", k.supportVectors().isSparse());
  }

  void print(PrintWriter out) {
    Model m = saved.model();
    out.printf("learner        %s%n", saved.algorithm().toLowerCase(Locale.ROOT));
    out.printf("classes        %d: %s%n", m.labels().size(), String.join(", ", m.labels().names()));
    out.printf("dimension      %d features%n", m.dimension());
    out.printf("bias           %s%n", saved.bias() ? "learned" : "none (b = 0)");
    List<String> opts = new ArrayList<>();
    saved.options().forEach((k, v) -> opts.add(k + "=" + v));
    out.printf("options        %s%n", String.join(", ", opts));
    if (saved.text() != null) {
      List<String> text = new ArrayList<>();
      saved.text().settings().forEach((k, v) -> text.add(k + "=" + v));
      out.printf("text           %s%n", String.join(", ", text));
    }
    if (m instanceof KernelModel) {
      KernelModel k = (KernelModel) m;
      out.printf("kernel         %s, %s coefficients%n", k.kernel(), k.algorithmName());
      out.printf("support vectors %d (%s rows)%n", k.size(), k.supportVectors().isSparse() ? "sparse" : "dense");
    }
    if (stateEpochs() >= 0) {
      out.printf("state          %d epochs run; train --resume continues them exactly%n", stateEpochs());
    }
    for (Row r : rows) {
      out.printf("%n%s: bias %s; largest weights (feature: weight)%n", r.name, Format.num(r.bias));
      StringBuilder line = new StringBuilder();
      for (int k = 0; k < r.features.length; k++) {
        line.append(k == 0 ? "  " : ", ").append(r.features[k]).append(": ").append(Format.num(r.weights[k]));
      }
      out.println(r.features.length == 0 ? "  (every weight is 0)" : line);
    }
  }
}
