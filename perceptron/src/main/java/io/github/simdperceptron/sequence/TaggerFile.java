package io.github.simdperceptron.sequence;

import io.github.simdperceptron.io.internal.BodyInput;
import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.kernel.internal.ClassScores;
import io.github.simdperceptron.io.internal.FramedFile;
import io.github.simdperceptron.learn.Algorithm;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UTFDataFormatException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;

/**
 * The tagger file: the library's model-file frame ({@link FramedFile}: magic, version, length,
 * body, CRC32, atomic write) with its own magic {@code 89 54 41 47 47 0D 0A 1A} ("TAGG") and
 * version; docs/model-format.md gives the body byte by byte. Emission weights are stored sparsely
 * (per feature its non-zero tags and weights), the rest densely.
 */
final class TaggerFile {
  static final int VERSION = 1;
  static final byte[] MAGIC = {(byte) 0x89, 'T', 'A', 'G', 'G', '\r', '\n', 0x1A};
  private static final int MAX_TAGS = 65535;

  private TaggerFile() {}

  static void write(Path path, Tagger t) throws IOException {
    write(path, t, UnaryOperator.identity());
  }

  static void write(Path path, Tagger t, UnaryOperator<OutputStream> tap) throws IOException {
    if (t.tags.length > MAX_TAGS) {
      throw new IllegalArgumentException(t.tags.length + " tags (a tagger file holds at most " + MAX_TAGS + ")");
    }
    CountingSink counter = new CountingSink();
    DataOutputStream counting = new DataOutputStream(counter);
    body(t, counting);
    counting.flush();
    FramedFile.write(path, MAGIC, VERSION, counter.count, tap, out -> body(t, out));
  }

  private static void body(Tagger t, DataOutputStream out) throws IOException {
    TagWeights m = t.weights;
    out.writeUTF(t.algorithm.name());
    out.writeByte(t.decoder.ordinal());
    out.writeInt(t.space.bits);
    out.writeInt(t.cutoff);
    out.writeInt(Features.TEMPLATES);
    out.writeInt(m.k);
    for (String tag : t.tags) {
      out.writeUTF(tag);
    }
    FeatureTable dict = t.space.table;
    out.writeInt(dict == null ? 0 : dict.size());
    for (int e = 0; dict != null && e < dict.size(); e++) {
      out.writeByte(dict.template(e));
      out.writeUTF(dict.key(e));
    }
    out.writeInt(t.words.size());
    for (int e = 0; e < t.words.size(); e++) {
      out.writeUTF(t.words.key(e));
    }
    Emissions e = t.emissions;
    out.writeInt(e.d);
    for (int f = 0; f < e.d; f++) {
      out.writeShort(e.nonZeros(f));
      for (int c = 0; c < e.k; c++) {
        float w = e.get(f, c);
        if (w != 0f) {
          out.writeShort(c);
          out.writeFloat(w);
        }
      }
    }
    for (int j = 0; j < m.k; j++) {
      for (int c = 0; c < m.k; c++) {
        out.writeFloat(m.trans[j * m.kp + c]);
      }
    }
    for (int c = 0; c < m.k; c++) {
      out.writeFloat(m.start[c]);
    }
    for (int c = 0; c < m.k; c++) {
      out.writeFloat(m.end[c]);
    }
  }

  static Tagger read(Path path) throws IOException {
    if (Files.isDirectory(path)) {
      throw new FileSystemException(path.toString(), null, "is a directory, not a tagger file");
    }
    long size = Files.size(path);
    String source = path.toString();
    FramedFile.verify(() -> Files.newInputStream(path), size, source, MAGIC, VERSION, "a tagger file");
    try (InputStream raw = Files.newInputStream(path)) {
      BodyInput in = new BodyInput(raw, size - 4);
      in.skip(FramedFile.PREAMBLE);
      return parse(in, source);
    } catch (UTFDataFormatException e) {
      throw bad(source, "a string that is not valid modified UTF-8 (" + e.getMessage() + ")");
    } catch (EOFException e) {
      throw FormatException.atByte(source, size, "truncated: the header describes more data than the file holds");
    }
  }

  private static Tagger parse(BodyInput in, String source) throws IOException {
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
    if (bits < 0 || bits > 24 || cutoff < 1 || templates != Features.TEMPLATES) {
      throw bad(source, "hash bits " + bits + ", cutoff " + cutoff + ", " + templates + " feature templates (expected"
          + " 0 to 24, at least 1, " + Features.TEMPLATES + ")");
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
    FeatureTable dict = bits > 0 ? null : new FeatureTable(entries);
    for (int e = 0; e < entries; e++) {
      int template = in.readUnsignedByte();
      int n = in.readUTFChars();
      char[] key = in.chars();
      if (template >= Features.TEMPLATES
          || dict.add(template, FeatureTable.hash(template, key, 0, n), key, 0, n) != e) {
        throw bad(source, "dictionary entry " + e + " (template " + template + ", key "
            + FormatException.quote(new String(key, 0, n)) + ") is not a new key of a known template");
      }
    }
    int wordCount = in.readInt();
    if (wordCount < 0) {
      throw bad(source, wordCount + " known words (expected >= 0)");
    }
    if (wordCount > in.remaining() / 2) {
      throw truncated(source, wordCount + " known words");
    }
    FeatureTable words = new FeatureTable(wordCount);
    for (int e = 0; e < wordCount; e++) {
      int n = in.readUTFChars();
      char[] word = in.chars();
      words.add(Features.WORD, FeatureTable.hash(Features.WORD, word, 0, n), word, 0, n);
    }
    FeatureSpace space = bits > 0 ? FeatureSpace.hashed(bits) : FeatureSpace.dictionary(dict);
    // The known words' rows depend on the keys alone: made on another thread while the weights are read.
    KnownRows knownRows = KnownRows.start(space, words);
    int d = in.readInt();
    if (d != space.size()) {
      throw bad(source, d + " features (expected " + space.size() + ")");
    }
    int kp = ClassScores.paddedClasses(k);
    TagWeights m = new TagWeights(k, d, null, new float[k * kp], new float[kp], new float[kp]);
    Emissions.Builder emissions = new Emissions.Builder(k, d);
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
        m.trans[j * m.kp + c] = finite(in.readFloat(), source, "a transition weight");
      }
    }
    m.boundRows();
    for (int c = 0; c < k; c++) {
      m.start[c] = finite(in.readFloat(), source, "a start weight");
    }
    for (int c = 0; c < k; c++) {
      m.end[c] = finite(in.readFloat(), source, "an end weight");
    }
    if (in.remaining() > 0) {
      throw bad(source, "extra bytes after the weights");
    }
    return new Tagger(algorithm, Tagger.Decoder.values()[decoder], cutoff, tags, space, words, m, emissions.build(),
        knownRows.rows());
  }

  /** A count that the bytes left cannot hold: the body was cut short by a faulty writer. */
  private static FormatException truncated(String source, String what) {
    return bad(source, what + " do not fit in the bytes left");
  }

  /** The known words' rows ({@link Features#rows}), made on a thread of their own. */
  private static final class KnownRows extends Thread {
    private final FeatureSpace space;
    private final FeatureTable words;
    private int[] rows;
    private Throwable failure;

    private KnownRows(FeatureSpace space, FeatureTable words) {
      super("tagger-known-rows");
      setDaemon(true);
      this.space = space;
      this.words = words;
    }

    static KnownRows start(FeatureSpace space, FeatureTable words) {
      KnownRows t = new KnownRows(space, words);
      t.start();
      return t;
    }

    @Override
    public void run() {
      try {
        rows = Features.rows(space, words);
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
