package io.github.simdperceptron.io;

import io.github.simdperceptron.io.internal.BodyInput;
import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.io.internal.FramedFile;
import io.github.simdperceptron.kernel.internal.ClassScores;
import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.sequence.Tagger;
import io.github.simdperceptron.sequence.internal.TaggerAccess;
import java.io.ByteArrayInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UTFDataFormatException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * The tagger file, which holds a {@link Tagger}: the library's model-file frame (magic, version,
 * length, body, CRC32, atomic write) with its own magic {@code 89 54 41 47 47 0D 0A 1A} ("TAGG")
 * and version; docs/model-format.md gives the body byte by byte. Emission weights are stored
 * sparsely (per feature its non-zero tags and weights), the rest densely. Version 2 adds the known
 * words' rows of feature ids, which a reader of version 1 computes, one dictionary lookup per key
 * of every known word.
 *
 * <pre>{@code
 * TaggerFile.write(Path.of("tagger.bin"), fit.tagger());
 * Tagger tagger = TaggerFile.read(Path.of("tagger.bin"));
 * }</pre>
 */
public final class TaggerFile {
  /** The version written. */
  static final int VERSION = 2;
  /** The oldest version read. */
  static final int FIRST_VERSION = 1;
  static final byte[] MAGIC = {(byte) 0x89, 'T', 'A', 'G', 'G', '\r', '\n', 0x1A};
  private static final int MAX_TAGS = 65535;

  private TaggerFile() {}

  /** Writes the tagger to {@code path} atomically (written beside it, then renamed over it). */
  public static void write(Path path, Tagger tagger) throws IOException {
    write(Objects.requireNonNull(path, "path"), Objects.requireNonNull(tagger, "tagger"), UnaryOperator.identity(),
        VERSION);
  }

  /** Writes the tagger in format {@code version} (1 or 2; 1 for the tests of old files). */
  static void write(Path path, Tagger t, UnaryOperator<OutputStream> tap, int version) throws IOException {
    if (version < FIRST_VERSION || version > VERSION) {
      throw new IllegalArgumentException("version " + version);
    }
    TaggerAccess.Parts p = TaggerAccess.parts(t);
    if (p.tags.length > MAX_TAGS) {
      throw new IllegalArgumentException(p.tags.length + " tags (a tagger file holds at most " + MAX_TAGS + ")");
    }
    CountingSink counter = new CountingSink();
    DataOutputStream counting = new DataOutputStream(counter);
    body(p, counting, version);
    counting.flush();
    FramedFile.write(path, MAGIC, version, counter.count, tap, out -> body(p, out, version));
  }

  private static void body(TaggerAccess.Parts t, DataOutputStream out, int version) throws IOException {
    int k = t.tags.length;
    int kp = ClassScores.paddedClasses(k);
    out.writeUTF(t.algorithm.name());
    out.writeByte(t.decoder.ordinal());
    out.writeInt(t.hashBits);
    out.writeInt(t.cutoff);
    out.writeInt(TaggerAccess.templates());
    out.writeInt(k);
    for (String tag : t.tags) {
      out.writeUTF(tag);
    }
    TaggerAccess.Table dict = t.dictionary;
    out.writeInt(dict == null ? 0 : dict.size());
    if (version == 1) {
      for (int e = 0; dict != null && e < dict.size(); e++) {
        out.writeByte(dict.template(e));
        out.writeUTF(dict.key(e));
      }
      out.writeInt(t.words.size());
      for (int e = 0; e < t.words.size(); e++) {
        out.writeUTF(t.words.key(e));
      }
    } else {
      if (dict != null) {
        table(dict, out);
      }
      out.writeInt(t.words.size());
      table(t.words, out);
    }
    TaggerAccess.Weights e = t.emissions;
    out.writeInt(t.features);
    for (int f = 0; f < t.features; f++) {
      out.writeShort(e.nonZeros(f));
      for (int c = 0; c < k; c++) {
        float w = e.get(f, c);
        if (w != 0f) {
          out.writeShort(c);
          out.writeFloat(w);
        }
      }
    }
    for (int j = 0; j < k; j++) {
      for (int c = 0; c < k; c++) {
        out.writeFloat(t.transitions[j * kp + c]);
      }
    }
    for (int c = 0; c < k; c++) {
      out.writeFloat(t.start[c]);
    }
    for (int c = 0; c < k; c++) {
      out.writeFloat(t.end[c]);
    }
    if (version >= 2) {
      out.writeInt(TaggerAccess.rowLength());
      for (int id : t.rows) {
        out.writeInt(id);
      }
    }
  }

  /**
   * A table's entries in version 2 (after their count): the templates (u8 each), the hashes (i32
   * each), the key starts (count + 1 i32), the keys' chars (u16 each).
   */
  private static void table(TaggerAccess.Table table, DataOutputStream out) throws IOException {
    int n = table.size();
    out.write(table.templates(), 0, n);
    int[] hashes = table.hashes();
    for (int e = 0; e < n; e++) {
      out.writeInt(hashes[e]);
    }
    int[] starts = table.starts();
    for (int e = 0; e <= n; e++) {
      out.writeInt(starts[e]);
    }
    char[] pool = table.pool();
    for (int i = 0; i < starts[n]; i++) {
      out.writeChar(pool[i]);
    }
  }

  /**
   * A table of {@code n} entries (version 2, see {@link #table(TaggerAccess.Table, DataOutputStream)}),
   * its keys not hashed again: a hash that is not its key's makes the key unknown.
   */
  private static TaggerAccess.Table table(BodyInput in, String source, String what, int n) throws IOException {
    if ((long) n * 9 + 4 > in.remaining()) {
      throw truncated(source, n + " " + what);
    }
    byte[] templates = new byte[n];
    in.readFully(templates, 0, n);
    int[] hashes = new int[n];
    in.readInts(hashes, 0, n);
    int[] starts = new int[n + 1];
    in.readInts(starts, 0, n + 1);
    int chars = starts[n];
    if (chars < 0 || chars > in.remaining() / 2) {
      throw bad(source, what + ": " + chars + " chars of keys (expected 0 to the " + in.remaining() / 2
          + " the bytes left hold)");
    }
    char[] pool = new char[chars];
    in.readChars(pool, 0, chars);
    try {
      return TaggerAccess.table(n, templates, hashes, starts, pool);
    } catch (IllegalArgumentException e) {
      throw bad(source, what + ": " + e.getMessage());
    }
  }

  /**
   * Reads a tagger file of either version; a damaged, foreign or other-version file is a
   * {@code FormatException} (an {@link IOException}) naming the file and the byte.
   */
  public static Tagger read(Path path) throws IOException {
    Objects.requireNonNull(path, "path");
    if (Files.isDirectory(path)) {
      throw new FileSystemException(path.toString(), null, "is a directory, not a tagger file");
    }
    return read(() -> Files.newInputStream(path), Files.size(path), path.toString());
  }

  /** Reads a tagger file held in memory; source names it in messages (for the fuzz tests). */
  static Tagger read(byte[] bytes, String source) throws IOException {
    return read(() -> new ByteArrayInputStream(bytes), bytes.length, source);
  }

  private static Tagger read(FramedFile.Opener opener, long size, String source) throws IOException {
    int version = FramedFile.verify(opener, size, source, MAGIC, FIRST_VERSION, VERSION, "a tagger file");
    try (InputStream raw = opener.open()) {
      BodyInput in = new BodyInput(raw, size - 4);
      in.skip(FramedFile.PREAMBLE);
      return parse(in, source, version);
    } catch (UTFDataFormatException e) {
      throw bad(source, "a string that is not valid modified UTF-8 (" + e.getMessage() + ")");
    } catch (EOFException e) {
      throw FormatException.atByte(source, size, "truncated: the header describes more data than the file holds");
    }
  }

  private static Tagger parse(BodyInput in, String source, int version) throws IOException {
    String name = in.readUTF();
    Algorithm algorithm = Algorithm.byName(name);
    if (algorithm != Algorithm.PERCEPTRON && algorithm != Algorithm.AVERAGED) {
      throw bad(source, "algorithm " + FormatException.quote(name) + " (expected PERCEPTRON or AVERAGED)");
    }
    int decoder = in.readUnsignedByte();
    if (decoder >= Tagger.Decoder.values().length) {
      throw bad(source, "decoder " + decoder + " (expected 0 Viterbi or 1 greedy)");
    }
    int bits = in.readInt();
    int cutoff = in.readInt();
    int templates = in.readInt();
    if (bits < 0 || bits > 24 || cutoff < 1 || templates != TaggerAccess.templates()) {
      throw bad(source, "hash bits " + bits + ", cutoff " + cutoff + ", " + templates + " feature templates (expected"
          + " 0 to 24, at least 1, " + TaggerAccess.templates() + ")");
    }
    int k = in.readInt();
    if (k < 1 || k > MAX_TAGS) {
      throw bad(source, k + " tags (expected 1 to " + MAX_TAGS + ")");
    }
    String[] tags = new String[k];
    for (int c = 0; c < k; c++) {
      tags[c] = in.readUTF();
    }
    int entries = in.readInt();
    if (entries < 0 || (bits > 0 && entries != 0)) {
      throw bad(source, entries + " dictionary entries (expected " + (bits > 0 ? "none with hashing)" : ">= 0)"));
    }
    // An entry takes at least 3 bytes: the bound keeps a corrupt count from sizing the table.
    if (entries > in.remaining() / 3) {
      throw truncated(source, entries + " dictionary entries");
    }
    TaggerAccess.Table dict = bits > 0 ? null
        : version == 1 ? dictionaryV1(in, source, entries) : table(in, source, "dictionary entries", entries);
    int wordCount = in.readInt();
    if (wordCount < 0) {
      throw bad(source, wordCount + " known words (expected >= 0)");
    }
    if (wordCount > in.remaining() / 2) {
      throw truncated(source, wordCount + " known words");
    }
    TaggerAccess.Table words = version == 1 ? wordsV1(in, wordCount) : knownWords(in, source, wordCount);
    // Version 1 has no rows: they depend on the keys alone, made on another thread while the weights are read.
    KnownRows knownRows = version == 1 ? KnownRows.start(bits, dict, words) : null;
    int d = in.readInt();
    int features = bits > 0 ? 1 << bits : dict.size();
    if (d != features) {
      throw bad(source, d + " features (expected " + features + ")");
    }
    int kp = ClassScores.paddedClasses(k);
    float[] trans = new float[k * kp];
    float[] start = new float[kp];
    float[] end = new float[kp];
    TaggerAccess.WeightsBuilder emissions = TaggerAccess.weights(k, d);
    int[] nzTags = new int[k];
    float[] nzWeights = new float[k];
    for (int f = 0; f < d; f++) {
      int nonZero = in.readUnsignedShort();
      if (nonZero > k) {
        throw bad(source, "feature " + f + " has " + nonZero + " weights (expected at most " + k + ")");
      }
      int kept = 0;
      int last = -1;
      for (int i = 0; i < nonZero; i++) {
        int c = in.readUnsignedShort();
        float w = in.readFloat();
        if (c >= k || c <= last || !Float.isFinite(w)) {
          throw bad(source, "feature " + f + ": tag " + c + ", weight " + w + " (expected a tag below " + k
              + " after the feature's tags before it, and a finite weight)");
        }
        last = c;
        if (w != 0f) {
          nzTags[kept] = c;
          nzWeights[kept++] = w;
        }
      }
      emissions.feature(nzTags, nzWeights, kept);
    }
    for (int j = 0; j < k; j++) {
      for (int c = 0; c < k; c++) {
        trans[j * kp + c] = finite(in.readFloat(), source, "a transition weight");
      }
    }
    for (int c = 0; c < k; c++) {
      start[c] = finite(in.readFloat(), source, "a start weight");
    }
    for (int c = 0; c < k; c++) {
      end[c] = finite(in.readFloat(), source, "an end weight");
    }
    int[] rows = version == 1 ? null : rows(in, source, wordCount, d);
    if (in.remaining() > 0) {
      throw bad(source, "extra bytes after the " + (version == 1 ? "weights" : "known words' rows"));
    }
    return TaggerAccess.tagger(new TaggerAccess.Parts(algorithm, Tagger.Decoder.values()[decoder], cutoff, tags, bits,
        dict, words, d, emissions.build(), trans, start, end, version == 1 ? knownRows.rows() : rows));
  }

  /** A version-1 dictionary: n entries, each a template and a key, hashed into a new table. */
  private static TaggerAccess.Table dictionaryV1(BodyInput in, String source, int n) throws IOException {
    TaggerAccess.Table dict = TaggerAccess.table(n);
    for (int e = 0; e < n; e++) {
      int template = in.readUnsignedByte();
      int length = in.readUTFChars();
      char[] key = in.chars();
      if (template >= TaggerAccess.templates() || dict.add(template, key, length) != e) {
        throw bad(source, "dictionary entry " + e + " (template " + template + ", key "
            + FormatException.quote(new String(key, 0, length)) + ") is not a new key of a known template");
      }
    }
    return dict;
  }

  /** Version-1 known words: n keys, hashed into a new table. */
  private static TaggerAccess.Table wordsV1(BodyInput in, int n) throws IOException {
    TaggerAccess.Table words = TaggerAccess.table(n);
    for (int e = 0; e < n; e++) {
      int length = in.readUTFChars();
      char[] word = in.chars();
      words.add(TaggerAccess.wordTemplate(), word, length);
    }
    return words;
  }

  /** Version-2 known words: a table ({@link #table(BodyInput, String, String, int)}) of words alone. */
  private static TaggerAccess.Table knownWords(BodyInput in, String source, int n) throws IOException {
    TaggerAccess.Table words = table(in, source, "known words", n);
    for (int e = 0; e < n; e++) {
      if (words.template(e) != TaggerAccess.wordTemplate()) {
        throw bad(source, "known word " + e + " has template " + words.template(e) + " (expected "
            + TaggerAccess.wordTemplate() + ")");
      }
    }
    return words;
  }

  /**
   * The known words' rows of a version-2 file: the row length, then {@code words} rows of feature
   * ids, each below d or -1 (a key the features leave out). They are checked to be ids of the
   * features, not made again from the keys.
   */
  private static int[] rows(BodyInput in, String source, int words, int d) throws IOException {
    int row = in.readInt();
    if (row != TaggerAccess.rowLength()) {
      throw bad(source, "known words' rows of " + row + " ids (expected " + TaggerAccess.rowLength() + ")");
    }
    if ((long) words * row > in.remaining() / 4) {
      throw truncated(source, words + " known words' rows");
    }
    int[] rows = new int[words * row];
    in.readInts(rows, 0, rows.length);
    for (int i = 0; i < rows.length; i++) {
      if (rows[i] < -1 || rows[i] >= d) {
        throw bad(source, "known word " + i / row + ": id " + rows[i] + " (expected -1 or an id below " + d + ")");
      }
    }
    return rows;
  }

  /** A count that the bytes left cannot hold: the body was cut short by a faulty writer. */
  private static FormatException truncated(String source, String what) {
    return bad(source, what + " do not fit in the bytes left");
  }

  /** The known words' rows ({@link TaggerAccess#rows}), made on a thread of their own. */
  private static final class KnownRows extends Thread {
    private final int bits;
    private final TaggerAccess.Table dictionary;
    private final TaggerAccess.Table words;
    private int[] rows;
    private Throwable failure;

    private KnownRows(int bits, TaggerAccess.Table dictionary, TaggerAccess.Table words) {
      super("tagger-known-rows");
      setDaemon(true);
      this.bits = bits;
      this.dictionary = dictionary;
      this.words = words;
    }

    static KnownRows start(int bits, TaggerAccess.Table dictionary, TaggerAccess.Table words) {
      KnownRows t = new KnownRows(bits, dictionary, words);
      t.start();
      return t;
    }

    @Override
    public void run() {
      try {
        rows = TaggerAccess.rows(bits, dictionary, words);
      } catch (RuntimeException | Error e) {
        failure = e;
      }
    }

    /** The rows, once made; rethrows what making them threw. */
    int[] rows() {
      boolean interrupted = false;
      while (true) {
        try {
          super.join();
          break;
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
      if (failure instanceof Error) {
        throw (Error) failure;
      }
      if (failure != null) {
        throw (RuntimeException) failure;
      }
      return rows;
    }
  }

  private static float finite(float w, String source, String what) throws FormatException {
    if (!Float.isFinite(w)) {
      throw bad(source, what + " is " + w + " (expected a finite float)");
    }
    return w;
  }

  /** A body that the checksum accepted but this version cannot read: written by a faulty writer. */
  private static FormatException bad(String source, String problem) {
    return FormatException.atByte(source, FramedFile.PREAMBLE, "tagger body: " + problem);
  }

  /** Counts the bytes written to it, for the length in the header. */
  private static final class CountingSink extends OutputStream {
    long count;

    @Override
    public void write(int b) {
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      count += len;
    }
  }
}
