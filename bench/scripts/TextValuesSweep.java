import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.internal.DataAccess;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.Learner;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.text.TextCorpus;
import io.github.simdperceptron.text.TextFile;
import io.github.simdperceptron.text.TextVectorizer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Test accuracy over seeds of value weightings the vectorizer may offer, in one JVM (accuracy only:
 * no timings). The files are read once per tokenizing setting with count values and no norm; each
 * weighting is then computed here from the counts c of a row and the training file's document
 * frequencies df (per feature id: per dictionary entry, or per bucket when hashing), with
 * N training documents and idf = ln((1 + N) / (1 + df)) + 1, followed by the L2 norm:
 * log = 1 + ln c (the vectorizer's own, to check the harness against the command), logidf =
 * (1 + ln c) idf, log1pidf = ln(1 + c) idf, binidf = idf, countidf = c idf, sqrtidf = sqrt(c) idf.
 *
 * <pre>
 * mvn -B -q -DskipTests package -pl cli -am
 * java --add-modules jdk.incubator.vector -cp cli/target/perceptron.jar bench/scripts/TextValuesSweep.java \
 *     TRAIN.txt TEST.txt SPEC...
 * </pre>
 *
 * A SPEC is comma-separated key=value pairs, each optional: ngrams (2), min (1, the dictionary's
 * minimum count), hash (0: a dictionary), punct (1), values (log), learner (averaged: the multi-class
 * averaged perceptron; direct: the multi-class perceptron; ovr: one-vs-rest averaged; pa, pa1, pa2: the
 * multi-class passive-aggressive learners), epochs
 * (10), seeds (1-5). Prints one line a spec: the accuracy of each seed, their mean and range.
 */
public class TextValuesSweep {
  public static void main(String[] args) throws Exception {
    Path train = Path.of(args[0]);
    Path test = Path.of(args[1]);
    Map<String, TextCorpus[]> read = new HashMap<>();
    for (int a = 2; a < args.length; a++) {
      Map<String, String> spec = new HashMap<>();
      for (String kv : args[a].split(",")) {
        if (!kv.isEmpty()) {
          String[] p = kv.split("=", 2);
          spec.put(p[0], p[1]);
        }
      }
      int ngrams = Integer.parseInt(spec.getOrDefault("ngrams", "2"));
      int min = Integer.parseInt(spec.getOrDefault("min", "1"));
      int hash = Integer.parseInt(spec.getOrDefault("hash", "0"));
      boolean punct = !spec.getOrDefault("punct", "1").equals("0");
      String values = spec.getOrDefault("values", "log");
      String learner = spec.getOrDefault("learner", "averaged");
      int epochs = Integer.parseInt(spec.getOrDefault("epochs", "10"));
      String[] seedRange = spec.getOrDefault("seeds", "1-5").split("-");
      String key = ngrams + "/" + min + "/" + hash + "/" + punct;
      TextCorpus[] files = read.get(key);
      if (files == null) {
        TextVectorizer.Builder b = TextVectorizer.builder().ngrams(ngrams).hashBits(hash).punctuation(punct)
            .values(TextVectorizer.Values.COUNT).l2(false);
        if (hash == 0) {
          b.minCount(min);
        }
        TextCorpus tr = TextFile.read(b.build(), train);
        TextCorpus te = TextFile.read(tr.vectorizer(), test);
        files = new TextCorpus[] {tr, te};
        read.put(key, files);
      }
      Dataset tr = files[0].data();
      Dataset te = files[1].data();
      float[] idf = idf(tr);
      Dataset trw = weighted(tr, idf, values);
      Dataset tew = weighted(te, idf, values);
      List<Double> acc = new ArrayList<>();
      for (long seed = Long.parseLong(seedRange[0]); seed <= Long.parseLong(seedRange[seedRange.length - 1]); seed++) {
        TrainingOptions o = TrainingOptions.builder().maxEpochs(epochs).seed(seed).build();
        MulticlassModel m = switch (learner) {
          case "averaged" -> Learner.fitMulticlass(Algorithm.AVERAGED, trw, o).model();
          case "direct" -> Learner.fitMulticlass(Algorithm.PERCEPTRON, trw, o).model();
          case "ovr" -> Learner.fitOneVsRest(Algorithm.AVERAGED, trw, o).model();
          case "pa" -> Learner.fitMulticlass(Algorithm.PA, trw, o).model();
          case "pa1" -> Learner.fitMulticlass(Algorithm.PA1, trw, o).model();
          case "pa2" -> Learner.fitMulticlass(Algorithm.PA2, trw, o).model();
          default -> throw new IllegalArgumentException("learner " + learner);
        };
        acc.add(accuracy(m, tew));
      }
      double mean = acc.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
      double lo = acc.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
      double hi = acc.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
      StringBuilder each = new StringBuilder();
      for (double x : acc) {
        each.append(String.format(Locale.ROOT, " %.4f", x));
      }
      System.out.printf(Locale.ROOT, "%s %s: mean %.4f (%.4f-%.4f)%s; %d features%n", train.getFileName(), args[a],
          mean, lo, hi, each, tr.dimension());
    }
  }

  /** ln((1 + N) / (1 + df)) + 1 per feature, df the number of training rows holding it. */
  static float[] idf(Dataset d) {
    int[] df = new int[d.dimension()];
    int[] idx = DataAccess.indices(d);
    for (int i = 0; i < d.size(); i++) {
      int s = DataAccess.rowStart(d, i);
      for (int k = s; k < s + d.nonZeros(i); k++) {
        df[idx[k]]++;
      }
    }
    float[] idf = new float[df.length];
    for (int j = 0; j < df.length; j++) {
      idf[j] = (float) (Math.log((1.0 + d.size()) / (1.0 + df[j])) + 1);
    }
    return idf;
  }

  /** The rows of counts {@code d} with the named weighting, then divided by their L2 norm. */
  static Dataset weighted(Dataset d, float[] idf, String how) {
    int[] idx = DataAccess.indices(d);
    float[] counts = DataAccess.values(d);
    int[] rowPtr = new int[d.size() + 1];
    int nnz = 0;
    for (int i = 0; i < d.size(); i++) {
      nnz += d.nonZeros(i);
      rowPtr[i + 1] = nnz;
    }
    int[] outIdx = new int[nnz];
    float[] out = new float[nnz];
    double[] labels = new double[d.size()];
    int[] classes = new int[d.size()];
    for (int i = 0; i < d.size(); i++) {
      int s = DataAccess.rowStart(d, i);
      int n = d.nonZeros(i);
      int o = rowPtr[i];
      double sum = 0;
      for (int k = 0; k < n; k++) {
        int j = idx[s + k];
        float c = counts == null ? 1f : counts[s + k];
        float v = switch (how) {
          case "log" -> (float) (1 + Math.log((int) c));
          case "logidf" -> (float) (1 + Math.log((int) c)) * idf[j];
          case "log1pidf" -> (float) Math.log1p(c) * idf[j];
          case "binidf" -> idf[j];
          case "countidf" -> c * idf[j];
          case "sqrtidf" -> (float) Math.sqrt(c) * idf[j];
          default -> throw new IllegalArgumentException("values " + how);
        };
        outIdx[o + k] = j;
        out[o + k] = v;
        sum += (double) v * v;
      }
      double norm = Math.sqrt(sum);
      for (int k = 0; k < n && norm > 0; k++) {
        out[o + k] = (float) (out[o + k] / norm);
      }
      classes[i] = d.classOf(i);
    }
    return DataAccess.wrapCheckedRows(rowPtr, outIdx, out, d.dimension(), labels).withLabels(d.labels(), classes);
  }

  static double accuracy(MulticlassModel m, Dataset test) {
    int right = 0;
    int[] idx = DataAccess.indices(test);
    float[] val = DataAccess.values(test);
    for (int i = 0; i < test.size(); i++) {
      int s = DataAccess.rowStart(test, i);
      int n = test.nonZeros(i);
      String p = m.predict(Arrays.copyOfRange(idx, s, s + n), Arrays.copyOfRange(val, s, s + n));
      if (p.equals(test.labels().name(test.classOf(i)))) {
        right++;
      }
    }
    return (double) right / test.size();
  }
}
