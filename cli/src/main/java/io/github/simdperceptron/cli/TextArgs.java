package io.github.simdperceptron.cli;

import io.github.simdperceptron.text.TextVectorizer;
import java.util.Locale;

/** The vectorizer options of {@code train} and {@code diff} on text data (docs/text.md). */
final class TextArgs {
  /** How feature counts become values, as the option spells them. */
  enum ValuesChoice { binary, count, log, tfidf }

  private final Integer ngrams;
  private final String charNgrams;
  private final Integer minCount;
  private final Integer hashBits;
  private final ValuesChoice values;
  private final Boolean l2;
  private final Boolean lowercase;
  private final Boolean punctuation;
  final boolean stream;
  final Integer window;

  TextArgs(Options given) {
    ngrams = given.get("--ngrams");
    charNgrams = given.get("--char-ngrams");
    minCount = given.get("--min-count");
    hashBits = given.get("--hash-bits");
    values = given.get("--values");
    l2 = given.get("--l2");
    lowercase = given.get("--lowercase");
    punctuation = given.get("--punctuation");
    stream = given.has("--stream") && (Boolean) given.get("--stream");
    window = given.has("--window") ? given.get("--window") : null;
  }

  /** Declares the vectorizer options in {@code options} (modified); {@code streaming} adds --stream and --window. */
  static void addOptions(Options options, boolean streaming) {
    options
        .option("--ngrams", Options.Type.INT, "N", "text: word n-grams of 1 to N words (default 2)")
        .option("--char-ngrams", Options.Type.TEXT, "MIN,MAX",
            "text: also character n-grams of MIN to MAX characters of each word (default none)")
        .option("--min-count", Options.Type.INT, "C",
            "text: keep the features seen at least C times in the training file (default 1)")
        .option("--hash-bits", Options.Type.INT, "B",
            "text: hash features into 2^B ids, no dictionary (default: a dictionary)")
        .choice("--values", "V", "a value", ValuesChoice.values(),
            "text: a feature's value: binary, count, log (1 + ln count) or tfidf (log times the feature's idf in the"
                + " training file) (default tfidf; log with --stream)")
        .negatable("--l2", null, "text: divide each document's values by their L2 norm (default) or not (--no-l2)")
        .negatable("--lowercase", null, "text: lower-case the words (default) or not (--no-lowercase)")
        .negatable("--punctuation", null,
            "text: keep punctuation and symbols as tokens (default) or let them separate words (--no-punctuation)");
    if (streaming) {
      options
          .flag("--stream", "text: re-read the file every epoch instead of holding it (needs --hash-bits)")
          .option("--window", Options.Type.INT, "W",
              "text, --stream: shuffle within windows of W documents (default 20000)");
    }
  }

  /** Whether any vectorizer option was given (they apply to text data only). */
  String anyGiven() {
    if (ngrams != null) {
      return "--ngrams";
    }
    if (charNgrams != null) {
      return "--char-ngrams";
    }
    if (minCount != null) {
      return "--min-count";
    }
    if (hashBits != null) {
      return "--hash-bits";
    }
    if (values != null) {
      return "--values";
    }
    if (l2 != null) {
      return "--l2";
    }
    if (lowercase != null) {
      return "--lowercase";
    }
    if (punctuation != null) {
      return "--punctuation";
    }
    if (stream) {
      return "--stream";
    }
    return window != null ? "--window" : null;
  }

  /** Whether the vectorizer options given all suit a streamed file (no dictionary option, no tfidf): streaming may apply. */
  boolean hashOnly() {
    return minCount == null && values != ValuesChoice.tfidf;
  }

  /** The hash bits of a streamed file: --hash-bits, or 20 when an automatic stream chose hashing. */
  int streamBits() {
    return hashBits != null ? hashBits : 20;
  }

  /**
   * The vectorizer of a streamed file: the options' own, hashing into 2^{@link #streamBits()} ids,
   * with log values unless --values says otherwise (tfidf, the default in memory, would need the
   * document frequencies of the whole file before the first epoch).
   */
  TextVectorizer streamVectorizer() {
    if (stream && hashBits == null) {
      throw new UsageException("--stream needs --hash-bits B: a file read anew each epoch has no dictionary");
    }
    if (values == ValuesChoice.tfidf) {
      throw new UsageException("--values tfidf counts the document frequencies of the whole file before training:"
          + " train in memory (without --stream), or --values log");
    }
    TextVectorizer v = vectorizerOf(streamBits());
    return values == null ? v.toBuilder().values(TextVectorizer.Values.LOG).build() : v;
  }

  /** The vectorizer the options ask for (not fitted when it keeps a dictionary). */
  TextVectorizer vectorizer() {
    return vectorizerOf(hashBits == null ? 0 : hashBits);
  }

  private TextVectorizer vectorizerOf(int bits) {
    TextVectorizer.Builder b = TextVectorizer.builder();
    try {
      if (ngrams != null) {
        b.ngrams(ngrams);
      }
      if (charNgrams != null) {
        String[] parts = charNgrams.split(",", -1);
        if (parts.length != 2 || !parts[0].matches("[0-9]+") || !parts[1].matches("[0-9]+")) {
          throw new UsageException("--char-ngrams " + charNgrams + ": expected MIN,MAX, e.g. 3,6");
        }
        b.charNgrams(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
      }
      if (bits != 0 || hashBits != null) {
        if (bits < 1) {
          throw new UsageException("--hash-bits " + hashBits + ": expected 1 to " + TextVectorizer.MAX_HASH_BITS);
        }
        b.hashBits(bits);
        if (minCount != null) {
          throw new UsageException("--min-count applies to a dictionary, and --hash-bits hashes (no dictionary)");
        }
      }
      if (minCount != null) {
        b.minCount(minCount);
      }
      if (values != null) {
        b.values(TextVectorizer.Values.valueOf(values.name().toUpperCase(Locale.ROOT)));
      }
      if (l2 != null) {
        b.l2(l2);
      }
      if (punctuation != null) {
        b.punctuation(punctuation);
      }
      if (lowercase != null) {
        b.lowercase(lowercase);
      }
    } catch (IllegalArgumentException e) {
      String m = e.getMessage();
      String option = m.startsWith("ngrams") ? "--ngrams " + ngrams : m.startsWith("charNgrams") ? "--char-ngrams "
          + charNgrams : m.startsWith("minCount") ? "--min-count " + minCount : m.startsWith("hashBits")
          ? "--hash-bits " + hashBits : "text option";
      throw new UsageException(option + ": " + m);
    }
    if (window != null && !stream) {
      throw new UsageException("--window applies to --stream");
    }
    if (window != null && window < 1) {
      throw new UsageException("--window " + window + ": expected a count >= 1");
    }
    return b.build();
  }
}
