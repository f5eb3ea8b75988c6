package io.github.simdperceptron.cli;

import static io.github.simdperceptron.cli.CliTest.EXAMPLES;
import static io.github.simdperceptron.cli.CliTest.assertOneLineError;
import static io.github.simdperceptron.cli.CliTest.number;
import static io.github.simdperceptron.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.cli.CliTest.Result;
import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.data.Labels;
import io.github.simdperceptron.io.DataFormat;
import io.github.simdperceptron.io.ModelFile;
import io.github.simdperceptron.io.internal.IdxReader;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.reference.ReferenceMulticlass;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The CLI on multi-class data: --multiclass ovr|direct, multi-class models in predict and eval, diff, IDX input. */
class MulticlassCliTest {
  static final String TRAIN3 = EXAMPLES.resolve("three-train.svm").toString();
  static final String TEST3 = EXAMPLES.resolve("three-test.svm").toString();
  static final String TRAIN2 = EXAMPLES.resolve("small-train.svm").toString();

  @TempDir
  Path dir;

  static List<String> truth(String file) throws IOException {
    return Files.readAllLines(Path.of(file)).stream().filter(l -> !l.startsWith("#")).map(l -> l.split(" ")[0])
        .toList();
  }

  @Test
  void directAveragedTrainEvalPredictRoundTrip() throws IOException {
    String model = dir.resolve("m.bin").toString();
    Result t = run("train", "--data", TRAIN3, "--test", TEST3, "--multiclass", "direct", "--algorithm", "averaged",
        "--epochs", "20", "--model", model, "--json");
    assertEquals(0, t.code(), t.err());
    assertEquals(1, t.out().lines().count());
    for (String key : List.of("accuracy", "train_seconds", "mistakes", "epochs", "examples_per_second")) {
      number(t.out(), key);
    }
    assertTrue(t.out().contains("\"multiclass\":\"direct\",\"learner\":\"MULTICLASS(AVERAGED)\""), t.out());
    assertTrue(t.out().contains("\"classes\":[\"1\",\"2\",\"3\"]"), t.out());
    assertTrue(t.out().contains("\"converged\":true"), t.out());
    assertEquals(1.0, number(t.out(), "training_accuracy"), t.out());
    double testAccuracy = number(t.out(), "test_accuracy");
    assertEquals(testAccuracy, number(t.out(), "accuracy"));
    assertTrue(testAccuracy > 0.9, t.out());

    ModelFile saved = ModelFile.read(Path.of(model));
    MulticlassModel m = assertInstanceOf(MulticlassModel.class, saved.model());
    assertEquals("MULTICLASS(AVERAGED)", saved.algorithm());
    assertEquals(List.of("1", "2", "3"), m.labels().names());

    Result e = run("eval", "--model", model, "--data", TEST3, "--json");
    assertEquals(0, e.code(), e.err());
    assertEquals(testAccuracy, number(e.out(), "accuracy"), 1e-12);
    assertTrue(e.out().contains("\"confusion\":{\"true\":[\"1\",\"2\",\"3\"],\"predicted\":[\"1\",\"2\",\"3\"],"
        + "\"counts\":[["), e.out());
    assertTrue(e.out().contains("\"margins\":{\"definition\":\"score_true - max_other\",\"rows\":99,\"min\":"),
        e.out());
    assertTrue(e.out().contains("{\"class\":\"1\",\"examples\":33,"), e.out());

    Path predictions = dir.resolve("p.txt");
    Result p = run("predict", "--model", model, "--data", TEST3, "--output", predictions.toString());
    assertEquals(0, p.code(), p.err());
    List<String> labels = Files.readAllLines(predictions);
    List<String> truth = truth(TEST3);
    assertEquals(99, labels.size());
    long correct = 0;
    for (int i = 0; i < labels.size(); i++) {
      correct += labels.get(i).equals(truth.get(i)) ? 1 : 0;
    }
    assertEquals(testAccuracy, correct / 99.0, 1e-12);
    assertEquals((long) number(e.out(), "negative"), 99 - correct, "a negative gap is a mistake, here no ties");

    Result s = run("predict", "--model", model, "--data", TEST3, "--scores");
    assertEquals(0, s.code(), s.err());
    List<String> lines = s.out().lines().toList();
    assertEquals(99, lines.size());
    Dataset test = DataFormat.libsvm().withDimension(m.dimension(), true).read(Path.of(TEST3));
    for (int i = 0; i < lines.size(); i++) {
      String[] fields = lines.get(i).split(" ");
      assertEquals(3, fields.length, lines.get(i));
      float[] expected = m.scores(test, i);
      for (int c = 0; c < 3; c++) {
        assertEquals(Float.floatToIntBits(expected[c]), Float.floatToIntBits(Float.parseFloat(fields[c])));
      }
      int best = 0;
      for (int c = 1; c < 3; c++) {
        best = expected[c] > expected[best] ? c : best;
      }
      assertEquals(m.labels().name(best), labels.get(i));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"perceptron", "pla", "pocket", "averaged", "margin"})
  void oneVsRestWithEveryAlgorithmItSupports(String algorithm) throws IOException {
    String model = dir.resolve("o.bin").toString();
    Result t = run("train", "--data", TRAIN3, "--test", TEST3, "--multiclass", "ovr", "--algorithm", algorithm,
        "--epochs", "5", "--model", model);
    assertEquals(0, t.code(), t.err());
    assertTrue(t.out().startsWith("trained ovr(" + algorithm + ") on " + TRAIN3 + ": 300 examples, 30 features,"
        + " 3 classes [1, 2, 3]"), t.out());
    ModelFile saved = ModelFile.read(Path.of(model));
    assertEquals("OVR(" + algorithm.toUpperCase(java.util.Locale.ROOT) + ")", saved.algorithm());
    assertEquals(3, assertInstanceOf(MulticlassModel.class, saved.model()).classes());
    Result e = run("eval", "--model", model, "--data", TEST3);
    assertEquals(0, e.code(), e.err());
    assertTrue(e.out().startsWith("model " + model + ": ovr(" + algorithm + "), 30 features, classes [1, 2, 3]"),
        e.out());
    assertTrue(e.out().contains("confusion matrix (rows: true class, columns: predicted)"), e.out());
    assertTrue(e.out().contains("margins score_true - max other score: min "), e.out());
  }

  @Test
  void multiclassOnTwoClassesTrainsAMulticlassModel() throws IOException {
    String model = dir.resolve("two.bin").toString();
    Result t = run("train", "--data", TRAIN2, "--multiclass", "direct", "--algorithm", "perceptron", "--model", model,
        "--json");
    assertEquals(0, t.code(), t.err());
    MulticlassModel m = assertInstanceOf(MulticlassModel.class, ModelFile.read(Path.of(model)).model());
    assertEquals(List.of("-1", "1"), m.labels().names());
    Result s = run("predict", "--model", model, "--data", TRAIN2, "--scores");
    assertEquals(2, s.out().lines().findFirst().orElseThrow().split(" ").length, s.out());
  }

  @Test
  void withoutMulticlassTheCommandChoosesFromTheData() throws IOException {
    // averaged (the default) and perceptron: the multi-class perceptron, as --multiclass direct trains it.
    Path chosen = dir.resolve("chosen.bin");
    Result t = run("train", "--data", TRAIN3, "--model", chosen.toString(), "--json");
    assertEquals(0, t.code(), t.err());
    assertEquals(List.of("perceptron train: note: " + TRAIN3 + ": 3 classes [1, 2, 3]: training the multi-class"
        + " averaged perceptron (--multiclass direct; --multiclass ovr trains one averaged per class)"),
        t.err().lines().toList());
    assertTrue(t.out().contains("\"algorithm\":\"averaged\",\"multiclass\":\"direct\",\"learner\":"
        + "\"MULTICLASS(AVERAGED)\",\"multiclass_chosen\":true"), t.out());
    Path given = dir.resolve("given.bin");
    Result g = run("train", "--data", TRAIN3, "--multiclass", "direct", "--algorithm", "averaged", "--model",
        given.toString(), "--json");
    assertEquals("", g.err());
    assertTrue(g.out().contains("\"multiclass_chosen\":false"), g.out());
    assertArrayEquals(Files.readAllBytes(given), Files.readAllBytes(chosen), "the same model as --multiclass direct");
    Result p = run("train", "--data", TRAIN3, "--algorithm", "perceptron", "--model", chosen.toString());
    assertEquals(0, p.code(), p.err());
    assertTrue(p.err().contains("training the multi-class perceptron (--multiclass direct"), p.err());

    // The others: one-vs-rest.
    Result o = run("train", "--data", TRAIN3, "--algorithm", "pocket", "--model", chosen.toString(), "--json");
    assertEquals(0, o.code(), o.err());
    assertEquals(List.of("perceptron train: note: " + TRAIN3 + ": 3 classes [1, 2, 3]: training one pocket per class,"
        + " against the rest (--multiclass ovr)"), o.err().lines().toList());
    assertTrue(o.out().contains("\"multiclass\":\"ovr\",\"learner\":\"OVR(POCKET)\",\"multiclass_chosen\":true"),
        o.out());

    // An explicit --multiclass wins, and says nothing.
    Result x = run("train", "--data", TRAIN3, "--multiclass", "ovr", "--model", chosen.toString(), "--json");
    assertEquals("", x.err());
    assertTrue(x.out().contains("\"multiclass\":\"ovr\",\"learner\":\"OVR(AVERAGED)\",\"multiclass_chosen\":false"),
        x.out());

    // Two classes: the binary learner, no note.
    Result b = run("train", "--data", TRAIN2, "--model", chosen.toString(), "--json");
    assertEquals("", b.err());
    assertTrue(b.out().contains("\"multiclass\":null,\"learner\":\"AVERAGED\""), b.out());

    // diff chooses the same way.
    Result d = run("diff", "--data", TRAIN3, "--algorithm", "margin", "--json");
    assertEquals(0, d.code(), d.err());
    assertTrue(d.err().contains("training one margin per class, against the rest (--multiclass ovr)"), d.err());
    assertTrue(d.out().contains("\"multiclass\":\"ovr\",\"learner\":\"OVR(MARGIN)\",\"multiclass_chosen\":true"),
        d.out());
  }

  @Test
  void theDefaultAlgorithmIsAveraged() {
    Result h = run("train", "--help");
    assertTrue(h.out().startsWith("Usage: perceptron train --data FILE --model OUT [OPTION]..."), h.out());
    assertTrue(h.out().replaceAll("\\s+", " ").contains("perceptron, pla, pocket, voted, averaged, margin, or the"
        + " passive-aggressive pa, pa1 or pa2 (default: averaged)"), h.out());
    Result t = run("train", "--data", TRAIN2, "--model", dir.resolve("m.bin").toString());
    assertEquals(0, t.code(), t.err());
    assertTrue(t.out().startsWith("trained averaged on "), t.out());
    Result d = run("diff", "--data", TRAIN2, "--json");
    assertEquals(0, d.code(), d.err());
    assertTrue(d.out().contains("\"algorithm\":\"averaged\",\"learner\":\"AVERAGED\""), d.out());
  }

  @Test
  void usageErrorsOfMulticlassTraining() {
    String model = dir.resolve("m.bin").toString();
    assertOneLineError(run("train", "--data", TRAIN3, "--algorithm", "voted", "--model", model), 2,
        TRAIN3 + ": 3 classes [1, 2, 3], and --algorithm voted has no multi-class learner", "give another --algorithm");
    assertOneLineError(run("train", "--data", TRAIN3, "--multiclass", "ovr", "--algorithm", "voted", "--model", model),
        2, "--multiclass ovr cannot use --algorithm voted");
    assertOneLineError(run("train", "--data", TRAIN3, "--multiclass", "direct", "--algorithm", "pocket", "--model",
        model), 2, "--multiclass direct trains --algorithm perceptron, averaged, pa, pa1 or pa2 (got pocket");
    assertOneLineError(run("train", "--data", TRAIN3, "--multiclass", "both", "--algorithm", "pla", "--model", model),
        2, "--multiclass", "both");
    assertOneLineError(run("diff", "--data", TRAIN3, "--algorithm", "voted"), 2, "3 classes", "no multi-class");
    assertOneLineError(run("diff", "--data", TRAIN3, "--multiclass", "ovr", "--algorithm", "voted"), 2,
        "--multiclass ovr cannot use --algorithm voted");
    assertOneLineError(run("train", "--data", TRAIN3, "--multiclass", "ovr", "--algorithm", "pla", "--test-labels",
        TEST3, "--model", model), 2, "--test-labels needs --test");
    assertOneLineError(run("train", "--data", TRAIN3, "--labels", TEST3, "--multiclass", "ovr", "--algorithm", "pla",
        "--model", model), 2, TEST3 + ": a labels file applies to IDX data only", "read as libsvm");
    assertFalse(Files.exists(Path.of(model)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"direct perceptron", "direct averaged", "ovr perceptron", "ovr pla", "ovr pocket",
      "ovr averaged", "ovr margin", "direct averaged --no-bias --no-shuffle", "ovr pla --no-shuffle",
      "ovr margin --margin 2.5 --seed 4"})
  void diffIsIdenticalOnIntegerData(String learner) {
    String[] words = learner.split(" ");
    List<String> args = new ArrayList<>(List.of("diff", "--data", TRAIN3, "--epochs", "6", "--json", "--multiclass",
        words[0], "--algorithm"));
    args.addAll(Arrays.asList(words).subList(1, words.length));
    Result r = run(args.toArray(new String[0]));
    assertEquals(0, r.code(), r.out() + r.err());
    assertTrue(r.out().contains("\"identical_mistakes\":true,\"identical_class_mistakes\":"
        + (words[0].equals("ovr") ? "true" : "null") + ",\"identical_weights\":true"), r.out());
    assertTrue(r.out().contains("\"exact_arithmetic\":true"), r.out());
    assertTrue(r.out().contains("\"within_bound\":true,\"agree\":true"), r.out());
    number(r.out(), "train_seconds");
    Result text = run(args.stream().filter(a -> !a.equals("--json")).toArray(String[]::new));
    assertTrue(text.out().contains("verdict       agree\n"), text.out());
  }

  @ParameterizedTest
  @ValueSource(strings = {"direct pa", "direct pa1 --aggressiveness 0.1", "ovr pa2", "direct pa2 --no-bias"})
  void passiveAggressiveDiffAgreesWithinRounding(String learner) {
    String[] words = learner.split(" ");
    List<String> args = new ArrayList<>(List.of("diff", "--data", TRAIN3, "--epochs", "4", "--json", "--multiclass",
        words[0], "--algorithm"));
    args.addAll(Arrays.asList(words).subList(1, words.length));
    Result r = run(args.toArray(new String[0]));
    assertEquals(0, r.code(), r.out() + r.err());
    // Real-valued steps: no run of these learners counts as exact, so agreement is within rounding.
    assertTrue(r.out().contains("\"exact_arithmetic\":false"), r.out());
    assertTrue(r.out().contains("\"within_bound\":true,\"agree\":true"), r.out());
  }

  @Test
  void anExactMulticlassRunThatDiffersIsADisagreement() throws IOException {
    Dataset data = DataFormat.libsvm().read(Path.of(TRAIN3));
    TrainingOptions o = TrainingOptions.builder().maxEpochs(4).build();
    for (boolean ovr : new boolean[] {false, true}) {
      MulticlassComparison good = MulticlassComparison.run(ovr, Algorithm.PERCEPTRON, data, o);
      assertTrue(good.agree() && good.identical() && good.exact);
      ReferenceMulticlass.Run tampered = good.reference;
      tampered.w[2] = tampered.w[2].clone();
      tampered.w[2][5] = Math.nextUp(tampered.w[2][5]);
      MulticlassComparison bad = new MulticlassComparison(good.kernel, tampered, ovr, data);
      assertFalse(bad.sameWeights);
      assertFalse(bad.agree());
      tampered.w[2][5] = Math.nextDown(tampered.w[2][5]);
      tampered.updateLog = Arrays.copyOf(tampered.updateLog, tampered.updateLog.length - 1);
      MulticlassComparison shorter = new MulticlassComparison(good.kernel, tampered, ovr, data);
      assertTrue(shorter.sameWeights);
      assertFalse(shorter.sameMistakes);
      assertFalse(shorter.agree());
    }
  }

  @Test
  void diffOnRealValuedMulticlassDataStaysWithinTheBound() throws IOException {
    Path f = dir.resolve("real.svm");
    StringBuilder sb = new StringBuilder();
    Random rnd = new Random(5);
    for (int i = 0; i < 200; i++) {
      sb.append(rnd.nextInt(4));
      for (int j = 1; j <= 20; j++) {
        sb.append(' ').append(j).append(':').append((float) rnd.nextGaussian());
      }
      sb.append('\n');
    }
    Files.writeString(f, sb);
    for (String mode : List.of("ovr", "direct")) {
      Result r = run("diff", "--data", f.toString(), "--multiclass", mode, "--algorithm", "averaged", "--json");
      assertEquals(0, r.code(), r.out() + r.err());
      assertTrue(r.out().contains("\"exact_arithmetic\":false"), r.out());
      assertTrue(r.out().contains("\"within_bound\":true"), r.out());
      assertTrue(number(r.out(), "max_dot_deviation") <= number(r.out(), "dot_bound"), r.out());
    }
  }

  @Test
  void evalMarginsAreTheGapToTheBestOtherClass() throws IOException {
    // Scores on x = (x1, x2): a: x1, b: x2, c: -x1 - x2 + 1.
    MulticlassModel m = new MulticlassModel(new float[][] {{1, 0}, {0, 1}, {-1, -1}}, new float[] {0, 0, 1},
        Labels.of(List.of("a", "b", "c")));
    Path model = dir.resolve("hand.bin");
    ModelFile.write(model, new ModelFile(m, "MULTICLASS(PERCEPTRON)", true, Map.of()));
    Path data = dir.resolve("hand.csv");
    // a at (3, 1): scores 3, 1, -3 -> gap 2; b at (3, 1): gap 1 - 3 = -2; c at (0, 0): 1 - 0 = 1;
    // a at (2, 2): scores 2, 2, -3 -> gap 0, a tie that a (index 0) wins; x the model does not know.
    Files.writeString(data, "label,x1,x2\na,3,1\nb,3,1\nc,0,0\na,2,2\nx,1,1\n");
    Result e = run("eval", "--model", model.toString(), "--data", data.toString(), "--json");
    assertEquals(0, e.code(), e.err());
    assertTrue(e.out().contains("\"margins\":{\"definition\":\"score_true - max_other\",\"rows\":4,\"min\":-2,"
        + "\"mean\":0.25,\"max\":2,\"negative\":1,\"fraction_negative\":0.25,\"ties\":1}"), e.out());
    assertEquals(0.6, number(e.out(), "accuracy"), 1e-12);
    Result text = run("eval", "--model", model.toString(), "--data", data.toString());
    assertTrue(text.out().contains("margins score_true - max other score: min -2.000, mean 0.2500, max 2.000; 1 of 4 negative"
        + " (25.00%, misclassified), 1 ties"), text.out());
    assertTrue(text.out().contains("predicted"), text.out());
  }

  // ---- IDX ----

  /** An IDX file: the magic number, the sizes, the bytes; gzip-compressed when the name ends in .gz. */
  static void writeIdx(Path file, int magic, int[] sizes, byte[] data) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeInt(magic);
    for (int s : sizes) {
      out.writeInt(s);
    }
    out.write(data);
    try (OutputStream f = file.toString().endsWith(".gz") ? new GZIPOutputStream(Files.newOutputStream(file))
        : Files.newOutputStream(file)) {
      f.write(bytes.toByteArray());
    }
  }

  /**
   * n images of 4 x 3 pixels in 3 classes: class c lights row c (and row 3 at random) brightly and
   * the rest dimly, so the classes are separable. Returns the labels.
   */
  static byte[] writeIdxPair(Path images, Path labels, int n, long seed) throws IOException {
    Random rnd = new Random(seed);
    byte[] pixels = new byte[n * 12];
    byte[] y = new byte[n];
    for (int i = 0; i < n; i++) {
      y[i] = (byte) (i % 3);
      for (int p = 0; p < 12; p++) {
        boolean lit = p / 3 == y[i] || (p / 3 == 3 && rnd.nextBoolean());
        pixels[i * 12 + p] = (byte) (lit ? 200 + rnd.nextInt(56) : rnd.nextInt(40));
      }
    }
    writeIdx(images, IdxReader.IMAGES_MAGIC, new int[] {n, 4, 3}, pixels);
    writeIdx(labels, IdxReader.LABELS_MAGIC, new int[] {n}, y);
    return y;
  }

  @Test
  void idxTrainingFindsTheLabelsByTheStandardNames() throws IOException {
    Path images = dir.resolve("train-images-idx3-ubyte.gz");
    writeIdxPair(images, dir.resolve("train-labels-idx1-ubyte.gz"), 90, 1);
    Path testImages = dir.resolve("t10k-images.idx3-ubyte");
    byte[] testLabels = writeIdxPair(testImages, dir.resolve("t10k-labels.idx1-ubyte"), 30, 2);
    String model = dir.resolve("idx.bin").toString();
    Result t = run("train", "--data", images.toString(), "--test", testImages.toString(), "--multiclass", "direct",
        "--algorithm", "averaged", "--epochs", "20", "--model", model, "--json");
    assertEquals(0, t.code(), t.err());
    assertTrue(t.out().contains("\"examples\":90,\"dimension\":12,\"classes\":[\"0\",\"1\",\"2\"]"), t.out());
    assertEquals(1.0, number(t.out(), "test_accuracy"), t.out());
    Result e = run("eval", "--model", model, "--data", testImages.toString(), "--json");
    assertEquals(0, e.code(), e.err());
    assertEquals(1.0, number(e.out(), "accuracy"), e.out());
    // predict needs no labels file: copy the images alone elsewhere.
    Path alone = Files.createDirectory(dir.resolve("alone")).resolve("t10k-images.idx3-ubyte");
    Files.copy(testImages, alone);
    Result p = run("predict", "--model", model, "--data", alone.toString());
    assertEquals(0, p.code(), p.err());
    List<String> predicted = p.out().lines().toList();
    assertEquals(30, predicted.size());
    for (int i = 0; i < 30; i++) {
      assertEquals(Integer.toString(testLabels[i]), predicted.get(i));
    }
    assertOneLineError(run("eval", "--model", model, "--data", alone.toString()), 2, alone + ": its labels file "
        + alone.resolveSibling("t10k-labels.idx1-ubyte") + " (implied by the name) does not exist; give it with --labels");
  }

  @Test
  void idxWithExplicitLabelFilesAndAnyNames() throws IOException {
    Path images = dir.resolve("pics.idx");
    Path labels = dir.resolve("classes.idx");
    writeIdxPair(images, labels, 60, 3);
    Path testImages = dir.resolve("more-pics.idx");
    Path testLabels = dir.resolve("more-classes.bin");
    writeIdxPair(testImages, testLabels, 30, 4);
    String model = dir.resolve("m.bin").toString();
    assertOneLineError(run("train", "--data", images.toString(), "--multiclass", "ovr", "--algorithm", "perceptron",
        "--model", model), 2, images + ": IDX images need a labels file: give it with --labels FILE");
    Result t = run("train", "--data", images.toString(), "--labels", labels.toString(), "--test",
        testImages.toString(), "--test-labels", testLabels.toString(), "--multiclass", "ovr", "--algorithm",
        "perceptron", "--epochs", "30", "--model", model, "--json");
    assertEquals(0, t.code(), t.err());
    assertTrue(number(t.out(), "test_accuracy") > 0.9, t.out());
    Result d = run("diff", "--data", images.toString(), "--labels", labels.toString(), "--multiclass", "ovr",
        "--algorithm", "pla", "--json");
    assertEquals(0, d.code(), d.out() + d.err());
    assertTrue(d.out().contains("\"exact_arithmetic\":false"), d.out());
    assertTrue(d.out().contains("\"within_bound\":true"), d.out());
  }

  @Test
  void idxRowsAreThoseOfIdxReaderReadDataset() throws IOException {
    Path images = dir.resolve("a-images-idx3-ubyte");
    Path labels = dir.resolve("a-labels-idx1-ubyte");
    writeIdxPair(images, labels, 25, 5);
    Options options = new Options("perceptron eval");
    DataArgs.addOptions(options);
    DataArgs args = new DataArgs(options.parse(List.of()), new PrintWriter(System.err, true));
    Dataset ours = args.read(images, null, 0, true);
    Dataset theirs = IdxReader.readDataset(images, labels);
    assertEquals(theirs.size(), ours.size());
    assertEquals(theirs.labels(), ours.labels());
    for (int i = 0; i < ours.size(); i++) {
      assertArrayEquals(theirs.denseRow(i), ours.denseRow(i));
      assertEquals(theirs.classOf(i), ours.classOf(i));
    }
    assertEquals(labels, DataArgs.impliedLabels(images));
    assertEquals(dir.resolve("train-labels-idx1-ubyte.gz"),
        DataArgs.impliedLabels(dir.resolve("train-images-idx3-ubyte.gz")));
    assertEquals(null, DataArgs.impliedLabels(dir.resolve("pictures.idx")));
  }

  @Test
  void badIdxInputExitsWith2NamingTheFile() throws IOException {
    Path images = dir.resolve("b-images-idx3-ubyte");
    Path labels = dir.resolve("b-labels-idx1-ubyte");
    writeIdxPair(images, labels, 30, 6);
    String model = dir.resolve("m.bin").toString();
    String[] train = {"train", "--data", images.toString(), "--multiclass", "direct", "--algorithm", "perceptron",
        "--model", model};
    // Fewer labels than images.
    Path few = dir.resolve("few.idx");
    writeIdx(few, IdxReader.LABELS_MAGIC, new int[] {29}, new byte[29]);
    assertOneLineError(run("train", "--data", images.toString(), "--labels", few.toString(), "--multiclass", "direct",
        "--algorithm", "perceptron", "--model", model), 2, few + ": 29 labels, but " + images + " holds 30 images");
    // The labels file given as the images.
    assertOneLineError(run("train", "--data", labels.toString(), "--format", "idx", "--labels", labels.toString(),
        "--multiclass", "direct", "--algorithm", "perceptron", "--model", model), 2, labels + ": bad magic number");
    // A truncated images file.
    byte[] b = Files.readAllBytes(images);
    Files.write(images, Arrays.copyOf(b, b.length - 7));
    assertOneLineError(run(train), 2, images + ": truncated");
    // A missing labels file.
    assertOneLineError(run("train", "--data", images.toString(), "--labels", dir.resolve("none").toString(),
        "--multiclass", "direct", "--algorithm", "perceptron", "--model", model), 2, "none: no such file");
    assertFalse(Files.exists(Path.of(model)));
    // Images of another size than the model's.
    writeIdxPair(images, labels, 30, 6);
    assertEquals(0, run(train).code());
    Path wide = dir.resolve("w-images-idx3-ubyte");
    writeIdx(wide, IdxReader.IMAGES_MAGIC, new int[] {2, 5, 5}, new byte[50]);
    writeIdx(dir.resolve("w-labels-idx1-ubyte"), IdxReader.LABELS_MAGIC, new int[] {2}, new byte[2]);
    assertOneLineError(run("eval", "--model", model, "--data", wide.toString()), 2,
        wide + ": images of 5 x 5 = 25 pixels (expected 12 features, as the model or the training data has)");
  }
}
