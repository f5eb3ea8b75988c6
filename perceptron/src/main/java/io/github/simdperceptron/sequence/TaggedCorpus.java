package io.github.simdperceptron.sequence;

import io.github.simdperceptron.io.internal.FormatException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
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
 */
public final class TaggedCorpus {
  /** The text formats of tagged sentences. */
  public enum Format {
    /** One {@code word TAB ... TAB tag} line per token, a blank line between sentences. */
    CONLL,
    /** One sentence a line of {@code word/TAG} tokens. */
    SLASH
  }

  private final List<String[]> words;
  private final List<String[]> tags;
  private final long tokens;

  private TaggedCorpus(List<String[]> words, List<String[]> tags, long tokens) {
    this.words = words;
    this.tags = tags;
    this.tokens = tokens;
  }

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
    List<String[]> w = new ArrayList<>(words.size());
    List<String[]> t = new ArrayList<>(words.size());
    long n = 0;
    for (int s = 0; s < words.size(); s++) {
      String[] ws = words.get(s).clone();
      String[] ts = tags.get(s).clone();
      if (ws.length == 0 || ws.length != ts.length) {
        throw new IllegalArgumentException("sentence " + s + ": " + ws.length + " words and " + ts.length
            + " tags (expected as many, at least one)");
      }
      for (int i = 0; i < ws.length; i++) {
        check(ws[i], "word", s, i);
        check(ts[i], "tag", s, i);
      }
      w.add(ws);
      t.add(ts);
      n += ws.length;
    }
    return new TaggedCorpus(w, t, n);
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
    Lines r = new Lines(in);
    List<String[]> words = new ArrayList<>();
    List<String[]> tags = new ArrayList<>();
    List<String> w = new ArrayList<>();
    List<String> t = new ArrayList<>();
    // A corpus has few distinct tags: each is held once.
    Map<String, String> tagNames = new HashMap<>();
    long line = 0;
    long n = 0;
    while (true) {
      String text;
      try {
        text = r.next();
      } catch (CharacterCodingException e) {
        throw FormatException.atLine(source, line + 1, 0, null, "malformed UTF-8 (expected a UTF-8 text file)");
      }
      if (text == null) {
        break;
      }
      line++;
      if (line == 1 && text.startsWith("\uFEFF")) {
        text = text.substring(1);
      }
      if (format == Format.SLASH) {
        slashLine(text, source, line, w, t, tagNames);
      } else if (!conllLine(text, source, line, w, t, tagNames)) {
        n += flush(w, t, words, tags);
      }
      if (format == Format.SLASH) {
        n += flush(w, t, words, tags);
      }
    }
    n += flush(w, t, words, tags);
    return new TaggedCorpus(words, tags, n);
  }

  private static int flush(List<String> w, List<String> t, List<String[]> words, List<String[]> tags) {
    int n = w.size();
    if (n > 0) {
      words.add(w.toArray(new String[0]));
      tags.add(t.toArray(new String[0]));
      w.clear();
      t.clear();
    }
    return n;
  }

  /** Adds a CoNLL token line's word and tag; false for a line that ends a sentence. */
  private static boolean conllLine(String text, String source, long line, List<String> w, List<String> t,
      Map<String, String> tagNames) throws FormatException {
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
    w.add(word);
    t.add(tagNames.computeIfAbsent(tag, x -> x));
    return true;
  }

  private static void slashLine(String text, String source, long line, List<String> w, List<String> t,
      Map<String, String> tagNames) throws FormatException {
    int len = text.length();
    int i = 0;
    while (i < len) {
      while (i < len && Character.isWhitespace(text.charAt(i))) {
        i++;
      }
      if (i == len) {
        break;
      }
      int s = i;
      while (i < len && !Character.isWhitespace(text.charAt(i))) {
        i++;
      }
      String token = text.substring(s, i);
      int slash = token.lastIndexOf('/');
      if (slash < 0) {
        throw FormatException.atLine(source, line, s + 1, token, "a token without a tag (expected word/TAG)");
      }
      if (slash == 0 || slash == token.length() - 1) {
        throw FormatException.atLine(source, line, s + 1, token, (slash == 0 ? "an empty word" : "an empty tag")
            + " (expected word/TAG)");
      }
      w.add(token.substring(0, slash));
      t.add(tagNames.computeIfAbsent(token.substring(slash + 1), x -> x));
    }
  }

  /** The lines of a stream, split on bytes ({@code \n}, a {@code \r} before it dropped) and decoded one by one. */
  private static final class Lines {
    private final InputStream in;
    private final byte[] buf = new byte[1 << 16];
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    private byte[] line = new byte[256];
    private int pos;
    private int end;

    Lines(InputStream in) {
      this.in = in;
    }

    /** The next line, or null at the end. */
    String next() throws IOException {
      int len = 0;
      boolean any = false;
      while (true) {
        if (pos == end) {
          end = in.read(buf, 0, buf.length);
          pos = 0;
          if (end <= 0) {
            end = 0;
            if (!any) {
              return null;
            }
            break;
          }
        }
        any = true;
        byte b = buf[pos++];
        if (b == '\n') {
          break;
        }
        if (len == line.length) {
          line = Arrays.copyOf(line, 2 * len);
        }
        line[len++] = b;
      }
      if (len > 0 && line[len - 1] == '\r') {
        len--;
      }
      return utf8.decode(ByteBuffer.wrap(line, 0, len)).toString();
    }
  }

  /** The number of sentences. */
  public int size() {
    return words.size();
  }

  /** The number of tokens over all sentences. */
  public long tokens() {
    return tokens;
  }

  /** The words of sentence i (a copy). */
  public String[] words(int i) {
    return words.get(i).clone();
  }

  /** The tags of sentence i (a copy). */
  public String[] tags(int i) {
    return tags.get(i).clone();
  }

  String[] wordsOf(int i) {
    return words.get(i);
  }

  String[] tagsOf(int i) {
    return tags.get(i);
  }
}
