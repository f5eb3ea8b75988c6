package io.github.simdperceptron.cli;

import static io.github.simdperceptron.cli.CliTest.EXAMPLES;
import static io.github.simdperceptron.cli.CliTest.assertOneLineError;
import static io.github.simdperceptron.cli.CliTest.number;
import static io.github.simdperceptron.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.cli.CliTest.Result;
import io.github.simdperceptron.io.TaggerFile;
import io.github.simdperceptron.sequence.TaggedCorpus;
import io.github.simdperceptron.sequence.Tagger;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code perceptron tag train|eval|predict} on the Brown examples (docs/examples/brown-*). */
class TagCliTest {
  static final String TRAIN = EXAMPLES.resolve("brown-train.txt").toString();
  static final String TEST = EXAMPLES.resolve("brown-test.conll").toString();

  @TempDir
  Path dir;

  @Test
  void trainEvalPredictRoundTrip() throws IOException {
    String model = dir.resolve("tagger.bin").toString();
    Result t = run("tag", "train", "--data", TRAIN, "--model", model, "--epochs", "4",
        "--test", TEST, "--json");
    assertEquals(0, t.code(), t.err());
    assertEquals(1, t.out().lines().count(), t.out());
    double accuracy = number(t.out(), "accuracy");
    assertTrue(accuracy > 0.7 && accuracy <= 1, t.out());
    number(t.out(), "train_seconds");
    assertEquals(accuracy, number(t.out(), "token_accuracy"));
    assertTrue(t.out().contains("\"algorithm\":\"AVERAGED\",\"decoder\":\"VITERBI\""), t.out());
    assertEquals(200, number(t.out(), "train_sentences"));

    Result e = run("tag", "eval", "--model", model, "--data", TEST, "--format", "conll", "--json");
    assertEquals(0, e.code(), e.err());
    assertEquals(accuracy, number(e.out(), "accuracy"));
    double known = number(e.out(), "known_accuracy");
    double unknown = number(e.out(), "unknown_accuracy");
    double knownTokens = number(e.out(), "known_tokens");
    double unknownTokens = number(e.out(), "unknown_tokens");
    assertEquals(accuracy, (known * knownTokens + unknown * unknownTokens) / (knownTokens + unknownTokens), 1e-12);
    assertTrue(known > unknown, e.out());

    Result text = run("tag", "eval", "--model", model, "--data", TEST);
    assertEquals(0, text.code(), text.err());
    assertTrue(text.out().contains("token accuracy ") && text.out().contains("unknown words "), text.out());

    TaggedCorpus test = TaggedCorpus.read(Path.of(TEST), TaggedCorpus.Format.CONLL);
    // Copies of the sentences to more than two batches of 8,192 lines and a part of one, so that
    // reading, tagging and writing overlap and the order of the batches and their chunks shows.
    StringBuilder raw = new StringBuilder();
    int copies = 0;
    while (raw.toString().lines().count() < 2 * 8192 + 1000) {
      for (int s = 0; s < test.size(); s++) {
        raw.append(String.join(" ", test.words(s))).append(s % 5 == 0 ? "\n\n" : "\n");
      }
      copies++;
    }
    Path input = dir.resolve("raw.txt");
    Files.writeString(input, raw);
    Path output = dir.resolve("tagged.txt");
    Result p = run("tag", "predict", "--model", model, "--data", input.toString(), "--output", output.toString(),
        "--threads", "3");
    assertEquals(0, p.code(), p.err());
    List<String> lines = Files.readAllLines(output);
    assertEquals(raw.toString().lines().count(), lines.size());
    Tagger tagger = TaggerFile.read(Path.of(model));
    int at = 0;
    for (int copy = 0; copy < copies; copy++) {
      for (int s = 0; s < test.size(); s++) {
        String[] words = test.words(s);
        String[] tags = tagger.tag(words);
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < words.length; i++) {
          expected.append(i > 0 ? " " : "").append(words[i]).append('/').append(tags[i]);
        }
        assertEquals(expected.toString(), lines.get(at++), "copy " + copy + " sentence " + s);
        if (s % 5 == 0) {
          assertEquals("", lines.get(at++));
        }
      }
    }
    Result stdout = run("tag", "predict", "--model", model, "--data", input.toString(), "--decoder", "greedy");
    assertEquals(0, stdout.code(), stdout.err());
    assertEquals(lines.size(), stdout.out().lines().count());
  }

  @Test
  void hashedGreedyPlainTraining() {
    String model = dir.resolve("h.bin").toString();
    Result t = run("tag", "train", "--data", TRAIN, "--format", "slash", "--model", model, "--epochs", "2",
        "--algorithm", "perceptron", "--decoder", "greedy", "--hash-bits", "14");
    assertEquals(0, t.code(), t.err());
    assertTrue(t.out().contains("trained PERCEPTRON tagger (greedy)") && t.out().contains("16384 features"), t.out());
    assertTrue(t.out().contains("epoch 2: "), t.out());
    // train's report line: the mistakes are the mistaken sentences of the epochs, each one an update.
    java.util.regex.Matcher epoch = java.util.regex.Pattern.compile("epoch \\d: (\\d+) mistaken sentences")
        .matcher(t.out());
    long mistakes = 0;
    while (epoch.find()) {
      mistakes += Long.parseLong(epoch.group(1));
    }
    assertTrue(mistakes > 0, t.out());
    assertTrue(t.out().contains("epochs 2, mistakes " + mistakes + ", updates " + mistakes + ", "), t.out());
    assertTrue(!t.out().contains("validation"), t.out());
  }

  /**
   * --validation-fraction holds sentences out and measures their token accuracy after every epoch;
   * --patience stops the run that many epochs after the best one, whose tagger is kept; the report
   * is train's (epochs, the stop, mistakes and updates).
   */
  @Test
  void earlyStoppingOnHeldOutSentences() {
    String model = dir.resolve("early.bin").toString();
    int patience = 2;
    Result t = run("tag", "train", "--data", TRAIN, "--model", model, "--epochs", "40", "--seed", "1",
        "--validation-fraction", "0.2", "--patience", String.valueOf(patience), "--json");
    assertEquals(0, t.code(), t.err());
    double[] validation = array(t.out(), "validation_accuracy");
    int epochs = (int) number(t.out(), "epochs");
    int best = (int) number(t.out(), "best_epoch");
    assertEquals(epochs, validation.length, t.out());
    assertTrue(t.out().contains("\"stopped_early\":true,\"stop_reason\":\"stopped_early\""), t.out());
    assertTrue(epochs < 40, t.out());
    // The first epoch of the best accuracy is kept; none of the next `patience` epochs beat it.
    double max = java.util.Arrays.stream(validation).max().getAsDouble();
    assertEquals(max, validation[best - 1], t.out());
    for (int e = 0; e < best - 1; e++) {
      assertTrue(validation[e] < max, t.out());
    }
    assertEquals(best + patience, epochs, t.out());
    // 40 of the 200 sentences are held out: each accuracy is a share of their tokens, and the
    // epochs visit the other 160.
    double[] sentences = array(t.out(), "mistaken_sentences");
    assertEquals(epochs, sentences.length);
    assertEquals(java.util.Arrays.stream(sentences).sum(), number(t.out(), "mistakes"), t.out());
    assertEquals(number(t.out(), "mistakes"), number(t.out(), "updates"), t.out());
    for (double s : sentences) {
      assertTrue(s <= 160, t.out());
    }
    assertEquals(200, number(t.out(), "train_sentences"));

    Result text = run("tag", "train", "--data", TRAIN, "--model", model, "--epochs", "40", "--seed", "1",
        "--validation-fraction", "0.2", "--patience", String.valueOf(patience));
    assertEquals(0, text.code(), text.err());
    assertTrue(text.out().contains("epochs " + epochs + " (stopped early), mistakes "), text.out());
    assertTrue(text.out().contains("the tagger of epoch " + best + "\n"), text.out());
    assertTrue(text.out().contains("epoch 1: ") && text.out().contains(", validation token accuracy "), text.out());

    assertOneLineError(run("tag", "train", "--data", TRAIN, "--model", model, "--patience", "3"), 2, "--patience",
        "--validation-fraction");
    assertOneLineError(run("tag", "train", "--data", TRAIN, "--model", model, "--validation-fraction", "1.5"), 2,
        "--validation-fraction must be in [0, 1), got 1.5");
    assertOneLineError(run("tag", "train", "--data", TRAIN, "--model", model, "--validation-fraction", "0.1",
        "--patience", "0"), 2, "--patience must be >= 1, got 0");
    assertOneLineError(run("tag", "train", "--data", TRAIN, "--model", model, "--validation-fraction", "0.999"), 2,
        "--validation-fraction of 200 examples leaves no training example");
    Result help = run("tag", "train", "--help");
    assertTrue(help.out().contains("--validation-fraction F") && help.out().contains("--patience P"), help.out());
  }

  /** The numbers of a JSON array. */
  private static double[] array(String json, String key) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"" + key + "\":\\[([^\\]]*)\\]").matcher(json);
    assertTrue(m.find(), key + " in " + json);
    return java.util.Arrays.stream(m.group(1).split(",")).mapToDouble(Double::parseDouble).toArray();
  }

  @Test
  void badInputIsOneLineNamingTheFileAndTheLine() throws IOException {
    Path bad = dir.resolve("bad.txt");
    Files.writeString(bad, "The/at dog/nn\nA cat/nn\n");
    assertOneLineError(run("tag", "train", "--data", bad.toString(), "--format", "slash", "--model",
        dir.resolve("m.bin").toString()), 2, bad + ":2:1: a token without a tag");
    assertOneLineError(run("tag", "train", "--data", TRAIN, "--format", "conll", "--model",
        dir.resolve("m.bin").toString()), 2, "a token without a tag");
    assertEquals(io.github.simdperceptron.sequence.TaggedCorpus.Format.SLASH, TagCommand.detect(bad));
    assertEquals(io.github.simdperceptron.sequence.TaggedCorpus.Format.CONLL, TagCommand.detect(Path.of(TEST)));
    assertOneLineError(run("tag", "eval", "--model", TRAIN, "--data", TEST), 2, "not a tagger file");
    assertOneLineError(run("tag"), 2, "an action is required: train, eval or predict");
    assertOneLineError(run("tag", "train", "--data", TRAIN, "--model", dir.resolve("m.bin").toString(),
        "--hash-bits", "30"), 2, "--hash-bits 30");
    Result help = run("tag", "train", "--help");
    assertEquals(0, help.code());
    assertTrue(help.out().startsWith("Usage: perceptron tag train --data FILE --model M"), help.out());
  }

  @Test
  void malformedTextIsNamedByLineAndLeavesTheOutputAsItWas() throws IOException {
    String model = dir.resolve("tagger.bin").toString();
    assertEquals(0, run("tag", "train", "--data", TRAIN, "--model", model, "--epochs", "1").code());
    // Past the first batch of 8,192 lines, so that a batch was tagged and written before the bad one.
    int badLine = 8192 + 500;
    java.io.ByteArrayOutputStream text = new java.io.ByteArrayOutputStream();
    for (int i = 1; i <= badLine + 10; i++) {
      text.writeBytes((i == badLine ? "The \u00e9t\u00e9 " : "The dog barked . ").getBytes(
          java.nio.charset.StandardCharsets.UTF_8));
      if (i == badLine) {
        text.write(0xC3);
      }
      text.write('\n');
    }
    Path input = dir.resolve("bad.txt");
    Files.write(input, text.toByteArray());
    Path output = dir.resolve("tagged.txt");
    Files.writeString(output, "an older output\n");
    assertOneLineError(run("tag", "predict", "--model", model, "--data", input.toString(), "--output",
        output.toString()), 2, input + ":" + badLine + ": malformed UTF-8");
    assertEquals("an older output\n", Files.readString(output));
    Files.delete(output);
    assertOneLineError(run("tag", "predict", "--model", model, "--data", input.toString(), "--output",
        output.toString(), "--threads", "1"), 2, input + ":" + badLine + ": malformed UTF-8");
    assertTrue(Files.notExists(output), "a half-tagged " + output + " was left");
    // A byte-order mark is not part of the first word; CRLF line ends are not part of the last.
    Path bom = dir.resolve("bom.txt");
    Files.write(bom, "\uFEFFThe dog barked .\r\nA cat .\r\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    Result ok = run("tag", "predict", "--model", model, "--data", bom.toString());
    assertEquals(0, ok.code(), ok.err());
    List<String> lines = ok.out().lines().toList();
    assertEquals(2, lines.size(), ok.out());
    assertTrue(lines.get(0).startsWith("The/") && lines.get(1).startsWith("A/"), ok.out());
    assertTrue(!ok.out().contains("\r") && !ok.out().contains("\uFEFF"), ok.out());
  }
}
