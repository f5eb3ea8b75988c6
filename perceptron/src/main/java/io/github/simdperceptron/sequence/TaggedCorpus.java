package io.github.simdperceptron.sequence;

import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.io.internal.Utf8Lines;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Sentences of words, each word with its tag: the training and test data of a {@link Tagger}.
 * Words and tags are non-empty and hold no whitespace; a sentence has at least one word.
 *
 * <p>Two text formats are read (UTF-8):
 * <ul>
 *   <li>{@link Format#CONLL}: one token a line, its columns separated by tabs (or, on a line
 *       without a tab, by spaces): the first column is the word, the last the tag; a blank line
 *       ends a sentence; a line starting with {@code -DOCSTART-} ends one too and is skipped.</li>
 *   <li>{@link Format#SLASH}: one sentence a line, tokens separated by whitespace, each
 *       {@code word/TAG} with the tag after the last slash (the Brown corpus and the Penn
 *       Treebank's tagged files); blank lines are skipped.</li>
 * </ul>
 * A token without a tag, an empty word or tag, or malformed UTF-8 is a {@link FormatException}
 * naming the file, the line and the column.
 *
 * <p>A corpus holds each distinct word's characters once and, per token, the numbers of its word
 * and its tag (two ints), so that it costs a training run little beside the weights; the sentence
 * accessors make the strings.
 */
public final class TaggedCorpus {
  /** The text formats of tagged sentences. */
  public enum Format {
    /** One {@code word TAB ... TAB tag} line per token, a blank line between sentences. */
    CONLL,
    /** One sentence a line of {@code word/TAG} tokens. */
    SLASH
  }

  /** The distinct words (template {@link Features#WORD}), numbered in order of first appearance. */
  private final FeatureTable wordTable;
  /** The distinct tags, numbered in order of first appearance. */
  private final String[] tagNames;
  /** Token t's word entry in {@link #wordTable} and its tag's index in {@link #tagNames}. */
  private final int[] wordIds;
  private final int[] tagIds;
  /** Sentence s is tokens [sentencePtr[s], sentencePtr[s + 1]). */
  private final int[] sentencePtr;

  private TaggedCorpus(Builder b) {
    this.wordTable = b.wordTable;
    this.tagNames = b.tagNames.keySet().toArray(new String[0]);
    this.wordIds = Arrays.copyOf(b.wordIds, b.tokens);
    this.tagIds = Arrays.copyOf(b.tagIds, b.tokens);
    this.sentencePtr = Arrays.copyOf(b.sentencePtr, b.sentences + 1);
  }

  /**
   * The sentences as they are read: each distinct word's chars once (in a {@link FeatureTable}),
   * and per token two ints, its word's entry and its tag's index.
   */
  private static final class Builder {
    final FeatureTable wordTable = new FeatureTable();
    final Map<String, Integer> tagNames = new LinkedHashMap<>();
    int[] wordIds = new int[1024];
    int[] tagIds = new int[1024];
    int[] sentencePtr = new int[128];
    int tokens;
    int sentences;

    void add(char[] chars, int from, int to, String tag) {
      if (tokens == wordIds.length) {
        if (tokens == MAX_TOKENS) {
          throw new IllegalArgumentException("more than " + MAX_TOKENS + " tokens (the most a corpus holds)");
        }
        int n = (int) Math.min(MAX_TOKENS, 2L * tokens);
        wordIds = Arrays.copyOf(wordIds, n);
        tagIds = Arrays.copyOf(tagIds, n);
      }
      wordIds[tokens] = wordTable.add(Features.WORD, FeatureTable.hash(Features.WORD, chars, from, to), chars, from, to);
      Integer t = tagNames.get(tag);
      if (t == null) {
        t = tagNames.size();
        tagNames.put(tag, t);
      }
      tagIds[tokens++] = t;
    }

    void add(String word, String tag) {
      char[] c = word.toCharArray();
      add(c, 0, c.length, tag);
    }

    /** Ends the sentence of the tokens added since the last one ended; returns its length (0: none). */
    int flush() {
      int n = tokens - sentencePtr[sentences];
      if (n > 0) {
        if (sentences + 1 == sentencePtr.length) {
          sentencePtr = Arrays.copyOf(sentencePtr, 2 * sentencePtr.length);
        }
        sentencePtr[++sentences] = tokens;
      }
      return n;
    }

    TaggedCorpus build() {
      flush();
      return new TaggedCorpus(this);
    }
  }

  /** The most tokens a corpus holds (its per-token arrays are Java arrays). */
  private static final int MAX_TOKENS = Integer.MAX_VALUE - 16;

  /**
   * The sentences {@code words.get(i)} tagged {@code tags.get(i)} (copied); throws
   * {@link IllegalArgumentException} naming the sentence and the token when the lists differ in
   * length, a sentence is empty, its tags are not as many as its words, or a word or a tag is
   * empty or holds whitespace.
   */
  public static TaggedCorpus of(List<String[]> words, List<String[]> tags) {
    Objects.requireNonNull(words, "words");
    Objects.requireNonNull(tags, "tags");
    if (words.size() != tags.size()) {
      throw new IllegalArgumentException(words.size() + " sentences of words but " + tags.size() + " of tags");
    }
    Builder b = new Builder();
    for (int s = 0; s < words.size(); s++) {
      String[] ws = words.get(s);
      String[] ts = tags.get(s);
      if (ws.length == 0 || ws.length != ts.length) {
        throw new IllegalArgumentException("sentence " + s + ": " + ws.length + " words and " + ts.length
            + " tags (expected as many, at least one)");
      }
      for (int i = 0; i < ws.length; i++) {
        check(ws[i], "word", s, i);
        check(ts[i], "tag", s, i);
      }
      for (int i = 0; i < ws.length; i++) {
        b.add(ws[i], ts[i]);
      }
      b.flush();
    }
    return b.build();
  }

  private static void check(String token, String what, int s, int i) {
    if (token == null || token.isEmpty() || hasWhitespace(token)) {
      throw new IllegalArgumentException("sentence " + s + ", token " + i + ": " + what + " "
          + (token == null ? "null" : "'" + token + "'") + " (expected non-empty, without whitespace)");
    }
  }

  private static boolean hasWhitespace(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (Character.isWhitespace(s.charAt(i))) {
        return true;
      }
    }
    return false;
  }

  /** Reads a file in {@code format}; messages name the file. */
  public static TaggedCorpus read(Path path, Format format) throws IOException {
    Objects.requireNonNull(path, "path");
    try (InputStream in = Files.newInputStream(path)) {
      return read(in, path.toString(), format);
    }
  }

  /** Reads a stream in {@code format} (not closed); {@code source} names it in messages. */
  public static TaggedCorpus read(InputStream in, String source, Format format) throws IOException {
    Objects.requireNonNull(in, "in");
    Objects.requireNonNull(format, "format");
    Utf8Lines r = new Utf8Lines(in, source);
    Builder b = new Builder();
    char[] chars = new char[256];
    for (String text; (text = r.next()) != null; ) {
      long line = r.line();
      if (format == Format.SLASH) {
        if (chars.length < text.length()) {
          chars = new char[Math.max(text.length(), 2 * chars.length)];
        }
        text.getChars(0, text.length(), chars, 0);
        slashLine(text, chars, source, line, b);
        b.flush();
      } else if (!conllLine(text, source, line, b)) {
        b.flush();
      }
    }
    return b.build();
  }

  /** Adds a CoNLL token line's word and tag; false for a line that ends a sentence. */
  private static boolean conllLine(String text, String source, long line, Builder b) throws FormatException {
    if (text.isBlank() || text.startsWith("-DOCSTART-")) {
      return false;
    }
    boolean tabs = text.indexOf('\t') >= 0;
    String[] cols = tabs ? text.split("\t") : text.trim().split("\\s+");
    if (cols.length < 2) {
      throw FormatException.atLine(source, line, 1, text, "a token without a tag (expected word"
          + (tabs ? " TAB " : " ") + "tag)");
    }
    String word = cols[0];
    String tag = cols[cols.length - 1].trim();
    if (word.isEmpty() || hasWhitespace(word)) {
      throw FormatException.atLine(source, line, 1, word, "an empty word or one with spaces (expected word TAB tag)");
    }
    if (tag.isEmpty()) {
      throw FormatException.atLine(source, line, text.length(), text, "an empty tag (expected word TAB tag)");
    }
    b.add(word, tag);
    return true;
  }

  /** Adds the tokens of a slash line, whose chars are also in chars[0, text.length()). */
  private static void slashLine(String text, char[] chars, String source, long line, Builder b)
      throws FormatException {
    int len = text.length();
    int i = 0;
    while (i < len) {
      while (i < len && Character.isWhitespace(chars[i])) {
        i++;
      }
      if (i == len) {
        break;
      }
      int s = i;
      int slash = -1;
      while (i < len && !Character.isWhitespace(chars[i])) {
        if (chars[i] == '/') {
          slash = i;
        }
        i++;
      }
      if (slash < 0) {
        throw FormatException.atLine(source, line, s + 1, text.substring(s, i),
            "a token without a tag (expected word/TAG)");
      }
      if (slash == s || slash == i - 1) {
        throw FormatException.atLine(source, line, s + 1, text.substring(s, i), (slash == s ? "an empty word"
            : "an empty tag") + " (expected word/TAG)");
      }
      b.add(chars, s, slash, text.substring(slash + 1, i));
    }
  }

  /** The number of sentences. */
  public int size() {
    return sentencePtr.length - 1;
  }

  /** The number of tokens over all sentences. */
  public long tokens() {
    return wordIds.length;
  }

  /** The words of sentence i (a copy). */
  public String[] words(int i) {
    Objects.checkIndex(i, size());
    String[] out = new String[sentencePtr[i + 1] - sentencePtr[i]];
    for (int t = 0; t < out.length; t++) {
      out[t] = wordTable.key(wordIds[sentencePtr[i] + t]);
    }
    return out;
  }

  /** The tags of sentence i (a copy). */
  public String[] tags(int i) {
    Objects.checkIndex(i, size());
    String[] out = new String[sentencePtr[i + 1] - sentencePtr[i]];
    for (int t = 0; t < out.length; t++) {
      out[t] = tagNames[tagIds[sentencePtr[i] + t]];
    }
    return out;
  }

  /** The distinct words, entries numbered in order of first appearance; not to be added to. */
  FeatureTable wordTable() {
    return wordTable;
  }

  /** The distinct tags in order of first appearance (not a copy). */
  String[] tagNames() {
    return tagNames;
  }

  /** Token t's entry in {@link #wordTable()} (not a copy: not to be modified). */
  int[] wordIds() {
    return wordIds;
  }

  /** Token t's index in {@link #tagNames()} (not a copy: not to be modified). */
  int[] tagIds() {
    return tagIds;
  }

  /** Sentence s is tokens [sentencePtr[s], sentencePtr[s + 1]) (not a copy: not to be modified). */
  int[] sentencePtr() {
    return sentencePtr;
  }
}
