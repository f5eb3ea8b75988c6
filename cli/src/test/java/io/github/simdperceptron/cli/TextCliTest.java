package io.github.simdperceptron.cli;

import static io.github.simdperceptron.cli.CliTest.assertOneLineError;
import static io.github.simdperceptron.cli.CliTest.number;
import static io.github.simdperceptron.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.cli.CliTest.Result;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command on raw text: train, eval, predict, info and diff read text with the model's vectorizer. */
class TextCliTest {
  @TempDir
  Path dir;

  Path train;
  Path test;
  List<String> testLabels = new ArrayList<>();

  private static final String[][] TOPICS = {
      {"goal", "match", "team", "score", "league", "coach", "Stadium"},
      {"vote", "minister", "election", "party", "Parliament", "policy", "law"},
      {"chip", "software", "Computer", "network", "code", "data", "cloud"}};
  private static final String[] SHARED = {"the", "a", "of", "and", "today", "new", "said", "école", "naïve"};

  /** Documents of three topics: a few topic words among shared ones, seeded. */
  static List<String> documents(Random rnd, int n, boolean fastText, List<String> labels) {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int t = rnd.nextInt(3);
      StringBuilder s = new StringBuilder();
      for (int w = 0; w < 12; w++) {
        String word = rnd.nextInt(3) == 0 ? TOPICS[t][rnd.nextInt(TOPICS[t].length)] : SHARED[rnd.nextInt(SHARED.length)];
        s.append(w == 0 ? "" : rnd.nextInt(5) == 0 ? ", " : " ").append(word);
      }
      String label = "topic" + t;
      labels.add(fastText ? "__label__" + label : label);
      lines.add(fastText ? (rnd.nextBoolean() ? "__label__" + label + " " + s : s + " __label__" + label)
          : label + "\t" + s);
    }
    return lines;
  }

  @BeforeEach
  void files() throws IOException {
    long seed = 48L;
    System.out.println("TextCliTest seed " + seed);
    Random rnd = new Random(seed);
    train = dir.resolve("train.txt");
    test = dir.resolve("test.txt");
    Files.write(train, documents(rnd, 600, true, new ArrayList<>()), StandardCharsets.UTF_8);
    Files.write(test, documents(rnd, 200, true, testLabels), StandardCharsets.UTF_8);
  }

  @Test
  void trainEvalPredictAndInfoOnRawText() throws IOException {
    Path model = dir.resolve("m.bin");
    Result t = run("train", "--data", train.toString(), "--test", test.toString(), "--model", model.toString(),
        "--json");
    assertEquals(0, t.code(), t.err());
    double trainedAccuracy = number(t.out(), "test_accuracy");
    assertTrue(trainedAccuracy > 0.9, t.out());
    Result e = run("eval", "--model", model.toString(), "--data", test.toString(), "--json");
    assertEquals(0, e.code(), e.err());
    assertEquals(trainedAccuracy, number(e.out(), "accuracy"), 1e-12);
    // One label per line: precision and recall at 1 are the accuracy.
    assertEquals(trainedAccuracy, number(e.out(), "precision_at_k"), 1e-12);
    assertEquals(trainedAccuracy, number(e.out(), "recall_at_k"), 1e-12);
    Path out = dir.resolve("p.txt");
    Result p = run("predict", "--model", model.toString(), "--data", test.toString(), "--output", out.toString());
    assertEquals(0, p.code(), p.err());
    List<String> predicted = Files.readAllLines(out);
    assertEquals(testLabels.size(), predicted.size());
    int right = 0;
    for (int i = 0; i < predicted.size(); i++) {
      right += predicted.get(i).equals(testLabels.get(i)) ? 1 : 0;
    }
    assertEquals(trainedAccuracy, right / (double) predicted.size(), 1e-12);
    Result top = run("predict", "--model", model.toString(), "--data", test.toString(), "--top", "2");
    assertEquals(0, top.code(), top.err());
    List<String> lines = top.out().lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      String[] f = lines.get(i).split(" ");
      assertEquals(4, f.length, lines.get(i));
      assertEquals(predicted.get(i), f[0]);
      assertTrue(Float.parseFloat(f[1]) >= Float.parseFloat(f[3]), lines.get(i));
    }
    // A threshold above every best score leaves empty lines; one below every score keeps all K.
    Result none = run("predict", "--model", model.toString(), "--data", test.toString(), "--top", "3",
        "--threshold", "1e30");
    assertTrue(none.out().lines().allMatch(String::isEmpty), none.out());
    assertEquals(testLabels.size(), none.out().lines().count());
    Result info = run("info", "--model", model.toString());
    assertTrue(info.out().contains("text           lowercase=true"), info.out());
  }

  @Test
  void tabSeparatedLinesHashingAndAFileRecognisedByItsFirstLine() throws IOException {
    Path tsv = dir.resolve("train.data");
    Files.write(tsv, documents(new Random(7), 300, false, new ArrayList<>()), StandardCharsets.UTF_8);
    Result r = run("train", "--data", tsv.toString(), "--format", "text", "--hash-bits", "12", "--ngrams", "1",
        "--model", dir.resolve("h.bin").toString(), "--json");
    assertEquals(0, r.code(), r.err());
    assertEquals(4096, (int) number(r.out(), "dimension"));
    Path named = dir.resolve("train.data2");
    Files.copy(train, named);
    Result sniffed = run("train", "--data", named.toString(), "--model", dir.resolve("s.bin").toString(), "--json");
    assertEquals(0, sniffed.code(), sniffed.err());
    assertTrue(sniffed.out().contains("\"classes\":[\"__label__topic0\""), sniffed.out());
  }

  /**
   * --values tfidf: the model keeps the training file's document frequencies, so eval gives
   * train's test accuracy with no option repeated; the idf weighting changes the model (its
   * file differs from the log model's only by the values and what follows the dictionary); with
   * --stream it is refused.
   */
  @Test
  void tfidfValuesTravelWithTheModel() throws IOException {
    Path model = dir.resolve("tfidf.bin");
    Result t = run("train", "--data", train.toString(), "--values", "tfidf", "--test", test.toString(), "--model",
        model.toString(), "--json");
    assertEquals(0, t.code(), t.err());
    assertTrue(number(t.out(), "test_accuracy") > 0.9, t.out());
    Result e = run("eval", "--model", model.toString(), "--data", test.toString(), "--json");
    assertEquals(0, e.code(), e.err());
    assertEquals(number(t.out(), "test_accuracy"), number(e.out(), "accuracy"), 1e-12);
    Result info = run("info", "--model", model.toString());
    assertTrue(info.out().contains("values=tfidf"), info.out());
    Path log = dir.resolve("log.bin");
    assertEquals(0, run("train", "--data", train.toString(), "--values", "log", "--model", log.toString()).code());
    long frequencies = Files.size(model) - Files.size(log);
    // N (8 bytes), the count of frequencies (4) and one 4-byte frequency per dictionary entry.
    assertTrue(frequencies > 12 && (frequencies - 12) % 4 == 0, "tfidf adds " + frequencies + " bytes");
    assertOneLineError(run("train", "--data", train.toString(), "--values", "tfidf", "--stream", "--hash-bits", "12",
        "--model", dir.resolve("x").toString()), 2, "--values tfidf", "without --stream");
  }

  @Test
  void streamedTrainingReadsTheFileEachEpoch() {
    Path model = dir.resolve("s.bin");
    Result r = run("train", "--data", train.toString(), "--stream", "--hash-bits", "14", "--window", "64",
        "--epochs", "3", "--test", test.toString(), "--model", model.toString(), "--json");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("\"stream\":true"), r.out());
    assertEquals(3, (int) number(r.out(), "epochs"));
    assertTrue(number(r.out(), "test_accuracy") > 0.9, r.out());
    Result e = run("eval", "--model", model.toString(), "--data", test.toString(), "--json");
    assertEquals(number(r.out(), "test_accuracy"), number(e.out(), "accuracy"), 1e-12);
  }

  /** A text file that would take over half the heap is streamed without being asked, hashed as given. */
  @Test
  void aTextFileTooLargeForTheHeapIsStreamed() throws IOException {
    Path big = dir.resolve("big.txt");
    List<String> two = new ArrayList<>();
    for (String line : documents(new Random(5), 2000, true, new ArrayList<>())) {
      if (!line.contains("topic2")) {
        two.add(line);
      }
    }
    long bytes = 0;
    try (java.io.Writer w = Files.newBufferedWriter(big, StandardCharsets.UTF_8)) {
      while (bytes < (17L << 19)) {
        for (String line : two) {
          w.write(line);
          w.write('\n');
          bytes += line.length() + 1;
        }
      }
    }
    Path model = dir.resolve("auto.bin");
    String[] args = {"train", "--data", big.toString(), "--hash-bits", "16", "--epochs", "1", "--model",
        model.toString(), "--json"};
    // 3 x 8.5 MB of text against half a 48 MB heap.
    Result r = Launch.command().javaOpts("-Xmx48m").run(args);
    assertEquals(0, r.code(), r.err());
    assertTrue(r.err().contains("will not fit in the"), r.err());
    assertTrue(r.out().contains("\"stream\":true"), r.out());
    assertEquals(65536, (int) number(r.out(), "dimension"));
    // With room for it, the same file is read into memory.
    Result inMemory = Launch.command().javaOpts("-Xmx1g").run(args);
    assertEquals(0, inMemory.code(), inMemory.err());
    assertFalse(inMemory.out().contains("\"stream\":true"), inMemory.out());
    assertFalse(inMemory.err().contains("will not fit"), inMemory.err());
  }

  @Test
  void multiLabelLinesTrainOneVersusRestAndEvalCountsEveryLabel() throws IOException {
    Path ml = dir.resolve("ml.txt");
    List<String> lines = new ArrayList<>();
    Random rnd = new Random(11);
    for (int i = 0; i < 300; i++) {
      boolean a = rnd.nextBoolean();
      boolean b = !a || rnd.nextBoolean();
      lines.add((a ? "__label__a " : "") + (b ? "__label__b " : "") + (a ? "alpha apple " : "") + (b ? "beta bean " : "")
          + "common words here");
    }
    Files.write(ml, lines, StandardCharsets.UTF_8);
    Path model = dir.resolve("ml.bin");
    Result t = run("train", "--data", ml.toString(), "--model", model.toString());
    assertEquals(0, t.code(), t.err());
    assertTrue(t.err().contains("several labels: training one pa per class"), t.err());
    Result e = run("eval", "--model", model.toString(), "--data", ml.toString(), "--top", "2", "--json");
    assertEquals(0, e.code(), e.err());
    // Every line's labels are among its two best classes (the rules are separable): recall 1.
    assertEquals(1.0, number(e.out(), "recall_at_k"), 1e-12);
    Result p = run("predict", "--model", model.toString(), "--data", ml.toString(), "--top", "2", "--threshold", "0");
    List<String> out = p.out().lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      long labels = lines.get(i).split("__label__", -1).length - 1;
      assertEquals(labels, out.get(i).split(" ").length / 2, lines.get(i) + " -> " + out.get(i));
    }
  }

  @Test
  void diffRunsTheReferenceOnTheVectorizedText() {
    Result d = run("diff", "--data", train.toString(), "--algorithm", "perceptron", "--multiclass", "direct",
        "--epochs", "3", "--json");
    assertEquals(0, d.code(), d.err() + d.out());
    assertTrue(d.out().contains("\"identical_weights\":true"), d.out());
    assertTrue(d.out().contains("\"agree\":true"), d.out());
  }

  @Test
  void misuseIsOneLineNamingTheOption() throws IOException {
    Path model = dir.resolve("m.bin");
    assertEquals(0, run("train", "--data", train.toString(), "--model", model.toString()).code());
    assertOneLineError(run("train", "--data", CliTest.TRAIN, "--ngrams", "3", "--model", dir.resolve("x").toString()),
        2, "--ngrams applies to text data only");
    assertOneLineError(run("train", "--data", train.toString(), "--kernel", "rbf", "--model",
        dir.resolve("x").toString()), 2, "--kernel", "takes numbers");
    assertOneLineError(run("eval", "--model", model.toString(), "--data", test.toString(), "--format", "csv"), 2,
        "--format csv", "trained on text");
    assertOneLineError(run("train", "--data", train.toString(), "--stream", "--model", dir.resolve("x").toString()),
        2, "--stream needs --hash-bits");
    assertOneLineError(run("train", "--data", train.toString(), "--window", "5", "--model",
        dir.resolve("x").toString()), 2, "--window applies to --stream");
    assertOneLineError(run("train", "--data", train.toString(), "--char-ngrams", "3", "--model",
        dir.resolve("x").toString()), 2, "--char-ngrams 3", "MIN,MAX");
    assertOneLineError(run("train", "--data", train.toString(), "--hash-bits", "40", "--model",
        dir.resolve("x").toString()), 2, "--hash-bits 40");
    assertOneLineError(run("predict", "--model", model.toString(), "--data", test.toString(), "--threshold", "1"), 2,
        "--threshold applies to --top");
    Path bad = dir.resolve("bad.txt");
    Files.writeString(bad, "__label__a fine\nno label\n");
    assertOneLineError(run("train", "--data", bad.toString(), "--model", dir.resolve("x").toString()), 2,
        "bad.txt:2:1: no label");
    Path badByte = dir.resolve("bad-byte.txt");
    Files.write(badByte, "__label__a fine\n__label__b d\u00e9j\u00e0\n".getBytes(StandardCharsets.ISO_8859_1));
    Result inMemory = run("train", "--data", badByte.toString(), "--model", dir.resolve("x").toString());
    assertOneLineError(inMemory, 2, "bad-byte.txt:2:13:", "malformed UTF-8");
    Result streamed = run("train", "--data", badByte.toString(), "--stream", "--hash-bits", "10", "--model",
        dir.resolve("x").toString());
    assertEquals(inMemory.err(), streamed.err());
    assertEquals(inMemory.code(), streamed.code());
  }
}
