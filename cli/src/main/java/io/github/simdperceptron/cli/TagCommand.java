package io.github.simdperceptron.cli;

import io.github.simdperceptron.io.TaggerFile;
import io.github.simdperceptron.io.internal.AtomicFile;
import io.github.simdperceptron.io.internal.Utf8Lines;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.TrainingReport;
import io.github.simdperceptron.sequence.TaggedCorpus;
import io.github.simdperceptron.sequence.Tagger;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.stream.IntStream;

/**
 * {@code perceptron tag train|eval|predict}: sequence tagging with the structured perceptron
 * (docs/sequence-labelling.md). train fits a tagger on tagged sentences and writes it; eval
 * reports token and sentence accuracy, on known and unknown words; predict tags one sentence a
 * line of whitespace-separated words, streaming, on every core.
 */
final class TagCommand {
  /** The actions, in the order help lists them. */
  static final List<String> ACTIONS = List.of("train", "eval", "predict");

  /** The learners of {@code --algorithm}. */
  enum Learner { PERCEPTRON, AVERAGED }

  /** The lines predict tags in one batch, split among the threads. */
  private static final int BATCH = 8192;

  private final String action;
  private final Options given;
  private final PrintWriter out;
  private final PrintWriter err;

  TagCommand(String action, Options given, PrintWriter out, PrintWriter err) {
    this.action = action;
    this.given = given;
    this.out = out;
    this.err = err;
  }

  /**
   * The sub-command's name for the arguments after {@code tag}: "tag ACTION" when the first is an
   * action, else "tag" (its help, or the usage error of a missing action).
   */
  static String command(List<String> rest) {
    return !rest.isEmpty() && ACTIONS.contains(rest.get(0)) ? "tag " + rest.get(0) : "tag";
  }

  /** The options of "tag" or "tag ACTION". */
  static Options options(String command) {
    switch (command) {
      case "tag":
        return new Options("perceptron tag",
            "Sequence tagging (parts of speech, chunks, names) with the structured perceptron: tag train, tag eval,"
                + " tag predict.",
            "'perceptron tag ACTION --help' lists the options of an action.");
      case "tag train": {
        Options o = new Options("perceptron tag train",
            "Trains a sequence tagger (the structured perceptron, Collins 2002) on tagged sentences and writes it.",
            "Features: the word, its lower case, prefixes and suffixes of 1 to 4 characters, its shape, the words at"
                + " -2..+2, the suffixes of the words beside it, a bias; and the tag-to-tag transitions."
                + " docs/sequence-labelling.md gives the details.");
        o.option("--data", Options.Type.PATH, "FILE", "tagged sentences to train on").required()
            .option("--model", Options.Type.PATH, "M", "where to write the tagger").required()
            .option("--test", Options.Type.PATH, "FILE", "tagged sentences to report the accuracy on");
        formatOption(o);
        o.option("--epochs", Options.Type.INT, "N", 5, "epochs over the sentences")
            .choice("--algorithm", "A", "an algorithm", Learner.values(), "perceptron or averaged (default averaged)")
            .choice("--decoder", "D", "a decoder", Tagger.Decoder.values(), "viterbi or greedy (default viterbi)")
            .option("--hash-bits", Options.Type.INT, "B", 0, "hash the features into 2^B ids (0: a dictionary)")
            .option("--cutoff", Options.Type.INT, "N", 1, "the dictionary keeps the features seen at least N times")
            .option("--seed", Options.Type.LONG, "S", 1L, "the seed of the sentence order and of the validation split");
        TrainArgs.addEarlyStoppingOptions(o);
        o.flag("--json", "print one JSON object instead of text");
        return o;
      }
      case "tag eval": {
        Options o = new Options("perceptron tag eval",
            "Tags tagged sentences with a tagger and reports the token and sentence accuracy, on the words seen in"
                + " training (known) and the others (unknown).");
        o.option("--model", Options.Type.PATH, "M", "a tagger written by tag train").required()
            .option("--data", Options.Type.PATH, "FILE", "tagged sentences").required();
        formatOption(o);
        o.choice("--decoder", "D", "a decoder", Tagger.Decoder.values(), "viterbi or greedy (default: the tagger's)")
            .flag("--json", "print one JSON object instead of text");
        return o;
      }
      case "tag predict": {
        Options o = new Options("perceptron tag predict",
            "Tags text, one sentence a line of whitespace-separated words, and writes each line as word/TAG tokens"
                + " (a blank line stays blank).");
        o.option("--model", Options.Type.PATH, "M", "a tagger written by tag train").required()
            .option("--data", Options.Type.PATH, "FILE", "the text ('-' for standard input)").required()
            .option("--output", Options.Type.PATH, "FILE", "where to write (default standard output)")
            .choice("--decoder", "D", "a decoder", Tagger.Decoder.values(), "viterbi or greedy (default: the tagger's)")
            .option("--threads", Options.Type.INT, "N", Runtime.getRuntime().availableProcessors(),
                "threads tagging at once");
        return o;
      }
      default:
        throw new IllegalArgumentException("no sub-command " + command);
    }
  }

  private static void formatOption(Options o) {
    o.choice("--format", "F", "a format", TaggedCorpus.Format.values(),
        "conll (word TAB tag lines, a blank line between sentences) or slash (a sentence a line of word/TAG);"
            + " default: what each file's first line shows");
  }

  /** Does the action; returns the exit code. */
  int call() throws IOException {
    switch (action) {
      case "tag train":
        return train();
      case "tag eval":
        return eval();
      case "tag predict":
        return predict();
      default:
        throw new UsageException("an action is required: " + Options.list(ACTIONS, "or"));
    }
  }

  /** Reads a tagged file in the --format given, or in the format its first non-blank line shows. */
  private TaggedCorpus read(Path file) throws IOException {
    TaggedCorpus.Format f = given.get("--format");
    return TaggedCorpus.read(file, f != null ? f : detect(file));
  }

  /**
   * SLASH when the first non-blank line has no tab and every one of its tokens a slash after its
   * first character; CONLL otherwise (whose reader then names what is wrong).
   */
  static TaggedCorpus.Format detect(Path file) throws IOException {
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
      for (String line; (line = r.readLine()) != null; ) {
        if (line.isBlank()) {
          continue;
        }
        if (line.indexOf('\t') >= 0) {
          return TaggedCorpus.Format.CONLL;
        }
        for (String token : line.trim().split("\\s+")) {
          if (token.lastIndexOf('/') < 1) {
            return TaggedCorpus.Format.CONLL;
          }
        }
        return TaggedCorpus.Format.SLASH;
      }
    }
    return TaggedCorpus.Format.CONLL;
  }

  private int train() throws IOException {
    Path data = given.get("--data");
    Path model = given.get("--model");
    Path test = given.get("--test");
    FileArgs.input("--data", data);
    if (test != null) {
      FileArgs.input("--test", test);
    }
    FileArgs.output("--model", model, data, test);
    int epochs = given.get("--epochs");
    if (epochs < 1) {
      throw new UsageException("--epochs " + epochs + ": expected at least 1");
    }
    int bits = given.get("--hash-bits");
    int cutoff = given.get("--cutoff");
    if (bits < 0 || bits > 24) {
      throw new UsageException("--hash-bits " + bits + ": expected 0 (a dictionary) to 24");
    }
    if (cutoff < 1) {
      throw new UsageException("--cutoff " + cutoff + ": expected at least 1");
    }
    Learner learner = given.get("--algorithm");
    Algorithm algorithm = learner == Learner.PERCEPTRON ? Algorithm.PERCEPTRON : Algorithm.AVERAGED;
    Tagger.Decoder decoder = given.get("--decoder");
    Tagger.Settings settings = Tagger.Settings.defaults().decoder(decoder == null ? Tagger.Decoder.VITERBI : decoder)
        .hashBits(bits).cutoff(cutoff);
    TaggedCorpus train = read(data);
    if (train.size() == 0) {
      throw new UsageException(data + ": no sentence to train on");
    }
    TaggedCorpus testSet = test == null ? null : read(test);
    boolean json = given.get("--json");
    Progress progress = json ? null : Progress.forStderr(err, epochs);
    TrainingOptions options = TrainArgs.earlyStopping(TrainingOptions.builder().maxEpochs(epochs)
        .seed(given.<Long>get("--seed")).progress(progress).build(), given.get("--validation-fraction"),
        given.get("--patience"), given.given("--patience"));
    Tagger.Fit fit = Tagger.fit(algorithm, train, options, settings);
    if (progress != null) {
      progress.done();
    }
    Tagger tagger = fit.tagger();
    TaggerFile.write(model, tagger);
    TrainingReport r = fit.report();
    double[] validation = r.validationAccuracyPerEpoch();
    int best = bestEpoch(validation);
    Evaluation ev = testSet == null ? null : Evaluation.of(tagger, testSet);
    if (json) {
      Json j = new Json()
          .put("command", "tag train")
          .put("algorithm", algorithm.name())
          .put("decoder", tagger.decoder().name())
          .put("learner", r.algorithm())
          .put("data", data.toString())
          .put("train_sentences", train.size())
          .put("train_tokens", train.tokens())
          .put("tags", tagger.tags().size())
          .put("features", tagger.features())
          .put("epochs", fit.epochs())
          .put("mistaken_sentences", fit.mistakenSentencesPerEpoch())
          .put("mistaken_tokens", fit.mistakenTokensPerEpoch())
          .put("mistakes", r.mistakes())
          .put("updates", r.updates())
          .put("converged", r.converged())
          .put("stopped_early", r.stoppedEarly())
          .put("stop_reason", r.converged() ? "converged" : r.stoppedEarly() ? "stopped_early" : "max_epochs")
          .put("validation_accuracy", validation.length == 0 ? null : validation)
          .put("best_epoch", validation.length == 0 ? null : best + 1)
          .put("train_seconds", fit.seconds())
          .put("epoch_seconds", r.seconds())
          .put("examples_per_second", r.examplesPerSecond())
          .put("accuracy", ev == null ? null : ev.tokenAccuracy());
      if (ev != null) {
        ev.into(j);
      }
      out.println(j.put("model", model.toString()));
      return 0;
    }
    out.printf("trained %s tagger (%s) on %s: %d sentences, %d tokens, %d tags, %d features%n", algorithm,
        tagger.decoder().name().toLowerCase(java.util.Locale.ROOT), data, train.size(), train.tokens(),
        tagger.tags().size(), tagger.features());
    int[] sentences = fit.mistakenSentencesPerEpoch();
    int[] tokens = fit.mistakenTokensPerEpoch();
    for (int e = 0; e < sentences.length; e++) {
      out.printf("epoch %d: %d mistaken sentences, %d mistaken tokens%s%n", e + 1, sentences[e], tokens[e],
          validation.length == 0 ? "" : ", validation token accuracy " + Format.percent(validation[e]));
    }
    out.printf("epochs %d%s, mistakes %d, updates %d, %s, %s sentences/s%n", r.epochs(),
        r.converged() ? " (converged)" : r.stoppedEarly() ? " (stopped early)" : "", r.mistakes(), r.updates(),
        Format.seconds(r.seconds()), Format.rate(r.examplesPerSecond()));
    if (validation.length > 0) {
      out.printf("validation token accuracy %s: the tagger of epoch %d%n", Format.percent(validation[best]),
          best + 1);
    }
    out.printf("trained in %s%n", Format.seconds(fit.seconds()));
    if (ev != null) {
      out.printf("test (%s): %s%n", test, ev.summary());
    }
    out.printf("tagger written to %s%n", model);
    return 0;
  }

  /** The first epoch (from 0) of the best validation accuracy, the one early stopping keeps; 0 without any. */
  private static int bestEpoch(double[] accuracy) {
    int best = 0;
    for (int e = 1; e < accuracy.length; e++) {
      if (accuracy[e] > accuracy[best]) {
        best = e;
      }
    }
    return best;
  }

  private Tagger tagger() throws IOException {
    Path model = given.get("--model");
    FileArgs.input("--model", model);
    Tagger t = TaggerFile.read(model);
    Tagger.Decoder d = given.get("--decoder");
    return d == null ? t : t.withDecoder(d);
  }

  private int eval() throws IOException {
    Path data = given.get("--data");
    FileArgs.input("--data", data);
    Tagger tagger = tagger();
    TaggedCorpus corpus = read(data);
    Evaluation ev = Evaluation.of(tagger, corpus);
    if (given.<Boolean>get("--json")) {
      Json j = new Json()
          .put("command", "tag eval")
          .put("model", given.<Path>get("--model").toString())
          .put("data", data.toString())
          .put("decoder", tagger.decoder().name())
          .put("accuracy", ev.tokenAccuracy());
      out.println(ev.into(j));
      return 0;
    }
    out.printf("%s on %s: %s%n", given.<Path>get("--model"), data, ev.summary());
    return 0;
  }

  private int predict() throws IOException {
    Path data = given.get("--data");
    Path output = given.get("--output");
    int threads = given.get("--threads");
    if (threads < 1) {
      throw new UsageException("--threads " + threads + ": expected at least 1");
    }
    boolean stdin = data.toString().equals("-");
    if (!stdin) {
      FileArgs.input("--data", data);
    }
    if (output != null) {
      FileArgs.output("--output", output, stdin ? new Path[0] : new Path[] {data});
    }
    Tagger tagger = tagger();
    try (InputStream in = stdin ? System.in : Files.newInputStream(data)) {
      Utf8Lines lines = new Utf8Lines(in, stdin ? "standard input" : data.toString());
      if (output == null) {
        tagLines(tagger, lines, out, threads);
        out.flush();
        return 0;
      }
      // Atomically: input that fails half-way (malformed UTF-8) leaves no half-tagged file.
      AtomicFile.write(output, stream -> {
        OutputSink sink = new OutputSink(stream);
        PrintWriter w = new PrintWriter(new BufferedWriter(new OutputStreamWriter(sink, StandardCharsets.UTF_8),
            1 << 16));
        tagLines(tagger, lines, w, threads);
        w.flush();
        if (w.checkError()) {
          IOException why = sink.failure();
          throw new IOException(output + ": write failed" + (why == null ? "" : " (" + why.getMessage() + ")"), why);
        }
      });
    }
    return 0;
  }

  /**
   * Reads batches of lines and tags each batch on {@code threads} threads, in chunks of
   * {@link #CHUNK} lines that the threads take in turn, each chunk into its own buffer; the
   * buffers are written in order. The batches overlap: while the threads tag one, this thread
   * writes the one before and reads the one after.
   */
  private static void tagLines(Tagger tagger, Utf8Lines r, PrintWriter sink, int threads) throws IOException {
    ForkJoinPool pool = new ForkJoinPool(threads);
    try {
      Batch next = new Batch();
      Batch tagged = null;
      ForkJoinTask<?> running = null;
      while (true) {
        // next is free: the batch before the running one was written and handed back.
        boolean more = next.read(r);
        if (running != null) {
          running.join();
          Batch done = tagged;
          tagged = null;
          running = null;
          if (more) {
            tagged = next;
            running = pool.submit(tagged.task(tagger));
          }
          done.write(sink);
          next = done;
        } else if (more) {
          tagged = next;
          running = pool.submit(tagged.task(tagger));
          next = new Batch();
        }
        if (!more) {
          return;
        }
      }
    } finally {
      pool.shutdown();
    }
  }

  /** The lines one chunk of a batch holds. */
  private static final int CHUNK = 256;

  /** A batch of lines and the tagged text of its chunks. */
  private static final class Batch {
    final List<String> lines = new ArrayList<>(BATCH);
    final StringBuilder[] parts = new StringBuilder[(BATCH + CHUNK - 1) / CHUNK];

    /** Reads up to BATCH lines; false when there was none. */
    boolean read(Utf8Lines r) throws IOException {
      lines.clear();
      for (String line; lines.size() < BATCH && (line = r.next()) != null; ) {
        lines.add(line);
      }
      return !lines.isEmpty();
    }

    Runnable task(Tagger tagger) {
      int n = lines.size();
      int chunks = (n + CHUNK - 1) / CHUNK;
      return () -> IntStream.range(0, chunks).parallel().forEach(p -> {
        StringBuilder b = parts[p];
        if (b == null) {
          b = parts[p] = new StringBuilder(CHUNK * 256);
        }
        b.setLength(0);
        for (int i = p * CHUNK, end = Math.min(n, i + CHUNK); i < end; i++) {
          tagger.tagLine(lines.get(i), b);
          b.append('\n');
        }
      });
    }

    void write(PrintWriter sink) {
      int chunks = (lines.size() + CHUNK - 1) / CHUNK;
      for (int p = 0; p < chunks; p++) {
        sink.append(parts[p]);
      }
    }
  }

  /** Token and sentence accuracy of a tagger on tagged sentences, on known and unknown words. */
  static final class Evaluation {
    long tokens;
    long correct;
    long known;
    long knownCorrect;
    int sentences;
    int sentencesCorrect;

    static Evaluation of(Tagger tagger, TaggedCorpus corpus) {
      int n = corpus.size();
      String[][] predicted = new String[n][];
      IntStream.range(0, n).parallel().forEach(s -> predicted[s] = tagger.tag(corpus.words(s)));
      Evaluation ev = new Evaluation();
      for (int s = 0; s < n; s++) {
        String[] words = corpus.words(s);
        String[] gold = corpus.tags(s);
        boolean all = true;
        for (int i = 0; i < gold.length; i++) {
          boolean ok = gold[i].equals(predicted[s][i]);
          boolean seen = tagger.knows(words[i]);
          ev.tokens++;
          ev.correct += ok ? 1 : 0;
          ev.known += seen ? 1 : 0;
          ev.knownCorrect += seen && ok ? 1 : 0;
          all &= ok;
        }
        ev.sentences++;
        ev.sentencesCorrect += all ? 1 : 0;
      }
      return ev;
    }

    double tokenAccuracy() {
      return tokens == 0 ? Double.NaN : (double) correct / tokens;
    }

    double sentenceAccuracy() {
      return sentences == 0 ? Double.NaN : (double) sentencesCorrect / sentences;
    }

    double knownAccuracy() {
      return known == 0 ? Double.NaN : (double) knownCorrect / known;
    }

    double unknownAccuracy() {
      long unknown = tokens - known;
      return unknown == 0 ? Double.NaN : (double) (correct - knownCorrect) / unknown;
    }

    Json into(Json j) {
      return j.put("tokens", tokens)
          .put("sentences", sentences)
          .put("token_accuracy", tokenAccuracy())
          .put("sentence_accuracy", sentenceAccuracy())
          .put("known_tokens", known)
          .put("known_accuracy", knownAccuracy())
          .put("unknown_tokens", tokens - known)
          .put("unknown_accuracy", unknownAccuracy());
    }

    String summary() {
      return String.format(java.util.Locale.ROOT, "token accuracy %s (%d tokens), sentence accuracy %s (%d sentences),"
          + " known words %s (%d), unknown words %s (%d)", Format.percent(tokenAccuracy()), tokens,
          Format.percent(sentenceAccuracy()), sentences, Format.percent(knownAccuracy()), known,
          Format.percent(unknownAccuracy()), tokens - known);
    }
  }
}
