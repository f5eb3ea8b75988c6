package io.github.simdperceptron.text;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.simdperceptron.reference.ReferenceText;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.SortedMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * {@link TextVectorizer} diffed against its literal twin {@link ReferenceText}: the same ids, the
 * same float bits and the same dimension for every document, on random Unicode text and on real
 * text (the repository's docs, and manual pages in several languages when the machine has them),
 * over a covering set of settings: every tokenization (lower-casing, punctuation, n-grams 1 to 3,
 * character n-grams none, (2, 4) and (1, 3)) with both a dictionary (minimum count 1 or 2) and
 * hashing (10 or 18 bits), and the values and L2 settings rotating through all six pairs for each
 * kind of feature ids. The dictionary is fitted on every other document, so the rest also holds
 * keys it drops. The stream reader of labelled lines ({@link TextFile#open}) is diffed the same
 * way, its labels against {@link ReferenceText#parseLine}. Replay a random run with
 * {@code -Dtests.seed=N}.
 */
class TextVectorizerTwinTest {

  private static final long SEED = seed();

  /** {@code -Dtests.seed} (decimal, or hex after 0x), else a random seed. */
  private static long seed() {
    String s = System.getProperty("tests.seed");
    if (s == null || s.isBlank()) {
      return new Random().nextLong();
    }
    s = s.trim();
    return s.startsWith("0x") || s.startsWith("0X") ? Long.parseUnsignedLong(s.substring(2), 16) : Long.parseLong(s);
  }
  private static final int MAX_REPORTED = 12;

  private record Config(boolean lowercase, boolean punctuation, int ngrams, int charMin, int charMax, int minCount,
      int bits, TextVectorizer.Values values, boolean l2) {

    TextVectorizer fast() {
      return TextVectorizer.builder().lowercase(lowercase).punctuation(punctuation).ngrams(ngrams)
          .charNgrams(charMin, charMax).minCount(minCount).hashBits(bits).values(values).l2(l2).build();
    }

    String twinValues() {
      return values.name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * 36 tokenizations x {dictionary, hashing} = 72 settings; the minimum count (1, 2), the hash
   * bits (10, 18) and the six values x L2 pairs rotate so that each appears with both kinds of ids
   * and with every tokenization factor.
   */
  private static List<Config> configs() {
    int[][] chars = {{0, 0}, {2, 4}, {1, 3}};
    TextVectorizer.Values[] values = TextVectorizer.Values.values();
    List<Config> configs = new ArrayList<>();
    int i = 0;
    for (boolean lowercase : new boolean[] {true, false}) {
      for (boolean punctuation : new boolean[] {false, true}) {
        for (int ngrams = 1; ngrams <= 3; ngrams++) {
          for (int[] c : chars) {
            for (boolean hashing : new boolean[] {false, true}) {
              int pair = (i / 2 + i / 12) % 6;
              int minCount = hashing ? 1 : 1 + (i / 2) % 2;
              int bits = hashing ? ((i / 2 + i / 6) % 2 == 0 ? 10 : 18) : 0;
              configs.add(new Config(lowercase, punctuation, ngrams, c[0], c[1], minCount, bits, values[pair % 3],
                  pair >= 3));
              i++;
            }
          }
        }
      }
    }
    return configs;
  }

  @Test
  void randomUnicodeText() {
    System.out.println("seed " + SEED + " (replay with -Dtests.seed=" + SEED + ")");
    Random r = new Random(SEED);
    List<String> docs = new ArrayList<>();
    for (int d = 0; d < 120; d++) {
      docs.add(randomText(r, d % 8 == 0 ? r.nextInt(4) : r.nextInt(90)));
    }
    diff("random Unicode text, seed " + SEED, docs);
  }

  @Test
  void realText() throws IOException {
    List<String> docs = new ArrayList<>();
    Path dir = Files.isDirectory(Path.of("docs")) ? Path.of("docs") : Path.of("..", "docs");
    List<Path> markdown;
    try (Stream<Path> s = Files.list(dir)) {
      markdown = s.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().collect(Collectors.toList());
    }
    assertTrue(markdown.size() >= 3, "the repository's docs/*.md under " + dir.toAbsolutePath());
    List<String> lines = new ArrayList<>();
    for (Path p : markdown) {
      lines.addAll(Files.readAllLines(p, StandardCharsets.UTF_8));
    }
    // every fortieth line keeps the run short while holding every file's vocabulary
    for (int i = 0; i < lines.size(); i += 40) {
      docs.add(lines.get(i));
    }
    for (String language : new String[] {"", "de", "ru", "ja", "zh_CN", "uk", "tr", "fr"}) {
      Path page = manPage(Path.of("/usr/share/man", language, "man1"));
      if (page != null) {
        List<String> manLines = gunzipLines(page);
        int n = Math.min(25, manLines.size());
        docs.addAll(manLines.subList(0, n));
        System.out.println("man page " + page + ": " + n + " lines");
      }
    }
    diff("real text", docs);
  }

  @Test
  void shortAndEmptyTexts() {
    List<String> docs = List.of("", " ", "a", "A", "a a", "\t", ".", "<", ">", "<>", "a<b>", "İ", "\u212A",
        "e\u0301", "\u0301", "😀", "\uD835\uDC00", "\u0130\u0130", "x x x x x x", "東京、東京。", "--", "a-b-a-b");
    diff("short texts", docs);
  }

  /** Case mappings that change a code point's UTF-8 length, and categories near the edges. */
  @Test
  void awkwardCodePoints() {
    List<String> docs = List.of(
        "\u023A\u023A \u2C6F \u0130stanbul \u212Aelvin \u2126hm \u1E9E \u01C5 \uFF21\uFF22",
        "\uD801\uDC00\uD801\uDC01 \uD801\uDC28",
        "x² ½ \u2160\u2161 ٣٤ ۵ \u0E51",
        "a\u00A0b\u200Dc\uFEFFd\u2028e\u0085f\u000Bg",
        "\u24B6\u24B7 \u00D7\u00F7 \u20AC5 \u02C6 \u00A8",
        "\u0378\uE000\uDB80\uDC00 z",
        "\u0915\u094D\u0937 \u0E01\u0E34 \u05D0\u05B0");
    diff("awkward code points", docs);
  }

  /**
   * Tf-idf values against the twin, fitted both ways: {@link TextVectorizer#fit} then
   * {@link TextVectorizer#transform} of every document (those not fitted on too), and
   * {@link TextFile#read} of the training documents as labelled lines (the corpus's rows, counted
   * and weighted in the reader's own pass); every third setting, L2 on and off, document
   * frequencies from {@link ReferenceText#documentFrequencies}. The saved and read vectorizer
   * gives the same rows.
   */
  @Test
  void tfidfAgreesWithTheTwin() throws IOException {
    System.out.println("seed " + SEED + " (replay with -Dtests.seed=" + SEED + ")");
    Random r = new Random(SEED ^ 0x7f1dfL);
    List<String> docs = new ArrayList<>();
    for (int d = 0; d < 100; d++) {
      docs.add(randomText(r, d % 8 == 0 ? r.nextInt(4) : r.nextInt(70)).replaceAll("[\n\r\u0000]", " "));
    }
    docs.addAll(List.of("a a a b", "a b c", "the the the", "x"));
    List<String> lines = new ArrayList<>();
    List<String> train = new ArrayList<>();
    for (int i = 0; i < docs.size(); i += 2) {
      String line = "__label__" + (i % 3) + " " + docs.get(i);
      lines.add(line);
      train.add(ReferenceText.parseLine(line).text());
    }
    byte[] file = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
    List<String> problems = new ArrayList<>();
    long nonZeros = 0;
    List<Config> all = configs();
    for (int k = 0; k < all.size(); k += 3) {
      Config c0 = all.get(k);
      Config c = new Config(c0.lowercase(), c0.punctuation(), c0.ngrams(), c0.charMin(), c0.charMax(), c0.minCount(),
          c0.bits(), TextVectorizer.Values.TFIDF, k % 2 == 0);
      Map<Long, Integer> dictionary = c.bits() == 0
          ? ReferenceText.dictionary(train, c.lowercase(), c.punctuation(), c.ngrams(), c.charMin(), c.charMax(),
              c.minCount())
          : null;
      SortedMap<Integer, Integer> df = ReferenceText.documentFrequencies(train, c.lowercase(), c.punctuation(),
          c.ngrams(), c.charMin(), c.charMax(), dictionary, c.bits());
      TextVectorizer fitted = c.fast().fit(train);
      TextCorpus corpus = TextFile.read(c.fast(), new ByteArrayInputStream(file), "tfidf.txt");
      java.io.ByteArrayOutputStream saved = new java.io.ByteArrayOutputStream();
      corpus.vectorizer().writeTo(new java.io.DataOutputStream(saved));
      TextVectorizer read = TextVectorizer.readFrom(new java.io.DataInputStream(
          new ByteArrayInputStream(saved.toByteArray())), saved.size());
      if (!fitted.equals(corpus.vectorizer()) || !read.equals(fitted) || saved.size() != fitted.sectionBytes()) {
        problems.add(c + ": fit, read and the saved section differ: " + fitted + ", " + corpus.vectorizer() + ", "
            + read);
      }
      for (String doc : docs) {
        SortedMap<Integer, Float> twin = ReferenceText.vector(doc, c.lowercase(), c.punctuation(), c.ngrams(),
            c.charMin(), c.charMax(), dictionary, c.bits(), "tfidf", c.l2(), df, train.size());
        nonZeros += twin.size();
        String difference = difference(fitted.transform(doc), twin);
        if (difference == null) {
          difference = difference(read.transform(doc), twin);
        }
        if (difference != null && problems.size() < MAX_REPORTED) {
          problems.add(c + " on " + escape(doc) + ": " + difference);
        }
      }
      io.github.simdperceptron.data.Dataset rows = corpus.data();
      for (int i = 0; i < train.size(); i++) {
        SortedMap<Integer, Float> twin = ReferenceText.vector(train.get(i), c.lowercase(), c.punctuation(),
            c.ngrams(), c.charMin(), c.charMax(), dictionary, c.bits(), "tfidf", c.l2(), df, train.size());
        float[] x = rows.denseRow(i);
        List<Integer> ids = new ArrayList<>();
        List<Float> values = new ArrayList<>();
        for (int j = 0; j < x.length; j++) {
          if (x[j] != 0) {
            ids.add(j);
            values.add(x[j]);
          }
        }
        int[] idx = ids.stream().mapToInt(Integer::intValue).toArray();
        float[] val = new float[values.size()];
        for (int j = 0; j < val.length; j++) {
          val[j] = values.get(j);
        }
        String difference = difference(new TextVectorizer.Row(idx, val), twin);
        if (difference != null && problems.size() < MAX_REPORTED) {
          problems.add(c + " read, line " + (i + 1) + " " + escape(lines.get(i)) + ": " + difference);
        }
      }
    }
    if (!problems.isEmpty()) {
      fail("tfidf against the twin, the first disagreements:\n" + String.join("\n", problems));
    }
    assertTrue(nonZeros > docs.size(), "the rows are mostly empty, the comparison proves little");
  }

  /**
   * The stream reader ({@link TextFile#open}), which splits labels from text and scans keys from
   * the bytes without {@link TextVectorizer#transform}, against {@link ReferenceText#parseLine}
   * then the twin's vector: fastText labels first, in the middle and several; tab-separated
   * labels; unlabelled and empty lines; line ends \n and \r\n; every third setting.
   */
  @Test
  void streamReaderAgreesWithTheTwin() throws IOException {
    System.out.println("seed " + SEED + " (replay with -Dtests.seed=" + SEED + ")");
    Random r = new Random(SEED ^ 0x5DEECE66DL);
    String[] names = {"sports", "news", "spört", "Ω", "7"};
    List<String> lines = new ArrayList<>();
    lines.add("__label__first hello world");
    List<String> docs = new ArrayList<>();
    for (int d = 0; d < 160; d++) {
      docs.add(randomText(r, r.nextInt(60)));
    }
    Path dir = Files.isDirectory(Path.of("docs")) ? Path.of("docs") : Path.of("..", "docs");
    List<String> readme = Files.readAllLines(dir.resolve("formats.md"), StandardCharsets.UTF_8);
    for (int i = 0; i < readme.size(); i += 4) {
      docs.add(readme.get(i));
    }
    for (int d = 0; d < docs.size(); d++) {
      String text = docs.get(d);
      String name = names[r.nextInt(names.length)];
      String line;
      switch (d % 6) {
        case 0:
          line = "__label__" + name + " " + text;
          break;
        case 1:
          line = "__label__" + name + "\t__label__" + names[r.nextInt(names.length)] + " " + text;
          break;
        case 2:
          int cut = text.indexOf(' ') < 0 ? text.length() : text.indexOf(' ');
          line = text.substring(0, cut) + " __label__" + name + " " + text.substring(cut);
          break;
        case 3:
          line = name + "\t" + text;
          break;
        case 4:
          line = d % 12 == 4 ? "" : text;
          break;
        default:
          line = "x" + text;
          break;
      }
      try {
        ReferenceText.parseLine(line);
      } catch (IllegalArgumentException e) {
        line = "x" + line;
      }
      lines.add(line);
    }
    StringBuilder file = new StringBuilder();
    for (int i = 0; i < lines.size(); i++) {
      file.append(lines.get(i)).append(i % 5 == 0 ? "\r\n" : "\n");
    }
    byte[] bytes = file.toString().getBytes(StandardCharsets.UTF_8);
    List<String> train = new ArrayList<>();
    for (int i = 0; i < lines.size(); i += 2) {
      train.add(ReferenceText.parseLine(lines.get(i)).text());
    }
    List<String> problems = new ArrayList<>();
    List<Config> configs = configs();
    long nonZeros = 0;
    for (int k = 0; k < configs.size(); k += 3) {
      Config c = configs.get(k);
      TextVectorizer fitted = c.fast().fit(train);
      Map<Long, Integer> dictionary = c.bits() == 0
          ? ReferenceText.dictionary(train, c.lowercase(), c.punctuation(), c.ngrams(), c.charMin(), c.charMax(),
              c.minCount())
          : null;
      try (TextFile.Reader reader = TextFile.open(fitted, new ByteArrayInputStream(bytes), "twin.txt")) {
        for (String line : lines) {
          assertTrue(reader.next(), c + ": the reader ended before " + escape(line));
          ReferenceText.Parsed parsed = ReferenceText.parseLine(line);
          List<String> labels = parsed.labels() == null ? List.of() : parsed.labels();
          SortedMap<Integer, Float> twin = ReferenceText.vector(parsed.text(), c.lowercase(), c.punctuation(),
              c.ngrams(), c.charMin(), c.charMax(), dictionary, c.bits(), c.twinValues(), c.l2());
          nonZeros += twin.size();
          String difference = labels.equals(reader.labels()) ? null
              : "labels " + reader.labels() + ", twin " + labels;
          if (difference == null) {
            int n = reader.nonZeros();
            difference = difference(new TextVectorizer.Row(Arrays.copyOf(reader.indices(), n),
                Arrays.copyOf(reader.values(), n)), twin);
          }
          if (difference != null && problems.size() < MAX_REPORTED) {
            problems.add(c + " line " + reader.line() + " " + escape(line) + ": " + difference);
          }
        }
        assertFalse(reader.next(), c + ": the reader has more lines than written");
      }
    }
    System.out.println("stream reader: " + lines.size() + " lines, " + nonZeros + " non-zeros compared");
    if (!problems.isEmpty()) {
      fail("stream reader against the twin, the first disagreements:\n" + String.join("\n", problems));
    }
    assertTrue(nonZeros > lines.size(), "the rows are mostly empty, the comparison proves little");
  }

  // ---------------------------------------------------------------- the diff

  private static void diff(String corpus, List<String> docs) {
    List<String> train = new ArrayList<>();
    for (int i = 0; i < docs.size(); i += 2) {
      train.add(docs.get(i));
    }
    List<String> problems = new ArrayList<>();
    int problemCount = 0;
    long rows = 0;
    long nonZeros = 0;
    for (Config c : configs()) {
      TextVectorizer fitted = c.fast().fit(train);
      Map<Long, Integer> dictionary = c.bits() == 0
          ? ReferenceText.dictionary(train, c.lowercase(), c.punctuation(), c.ngrams(), c.charMin(), c.charMax(),
              c.minCount())
          : null;
      int twinDimension = ReferenceText.dimension(dictionary, c.bits());
      if (fitted.dimension() != twinDimension) {
        problemCount++;
        if (problems.size() < MAX_REPORTED) {
          problems.add(c + ": dimension " + fitted.dimension() + ", twin " + twinDimension);
        }
      }
      for (String doc : docs) {
        TextVectorizer.Row row = fitted.transform(doc);
        SortedMap<Integer, Float> twin = ReferenceText.vector(doc, c.lowercase(), c.punctuation(), c.ngrams(),
            c.charMin(), c.charMax(), dictionary, c.bits(), c.twinValues(), c.l2());
        String difference = difference(row, twin);
        rows++;
        nonZeros += twin.size();
        if (difference != null) {
          problemCount++;
          if (problems.size() < MAX_REPORTED) {
            problems.add(c + " on " + escape(doc) + ": " + difference);
          }
        }
      }
    }
    System.out.println(corpus + ": " + docs.size() + " documents x " + configs().size() + " settings, " + rows
        + " rows, " + nonZeros + " non-zeros compared");
    if (problemCount > 0) {
      fail(corpus + ": " + problemCount + " disagreements with the twin, the first ones:\n"
          + String.join("\n", problems));
    }
    assertTrue(nonZeros > rows, corpus + ": the rows are mostly empty, the comparison proves little");
  }

  /** Null when the row equals the twin's vector (ids, and values bit for bit), else the first difference. */
  private static String difference(TextVectorizer.Row row, SortedMap<Integer, Float> twin) {
    int[] indices = row.indices();
    float[] values = row.values();
    int p = 0;
    for (Map.Entry<Integer, Float> e : twin.entrySet()) {
      if (p >= indices.length) {
        return "the row has " + indices.length + " non-zeros, the twin " + twin.size() + " (twin's next id "
            + e.getKey() + ")";
      }
      if (indices[p] != e.getKey()) {
        return "non-zero " + p + ": id " + indices[p] + ", twin " + e.getKey() + " (row " + indices.length
            + " non-zeros, twin " + twin.size() + ")";
      }
      if (Float.floatToIntBits(values[p]) != Float.floatToIntBits(e.getValue())) {
        return "id " + indices[p] + ": value " + values[p] + ", twin " + e.getValue();
      }
      p++;
    }
    if (p != indices.length) {
      return "the row has " + indices.length + " non-zeros, the twin " + twin.size() + " (row's next id "
          + indices[p] + ")";
    }
    return null;
  }

  /** The text with every code point outside printable ASCII as U+XXXX. */
  private static String escape(String s) {
    StringBuilder b = new StringBuilder("\"");
    s.codePoints().forEach(cp -> {
      if (cp >= 0x20 && cp < 0x7f) {
        b.appendCodePoint(cp);
      } else {
        b.append(String.format("<U+%04X>", cp));
      }
    });
    return b.append('"').toString();
  }

  // ---------------------------------------------------------------- corpora

  private static final String ASCII_PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

  /** Code points that stress the categories and case mappings; all valid, none a NUL. */
  private static final int[] SPECIAL = {
    0x0130, 0x212A, 0x2126, 0x1E9E, 0x01C5, 0x023A, 0x2C6F, 0xFF21, 0x24B6, 0x2160, 0x00B2, 0x00BD, 0x00A0,
    0x200D, 0xFEFF, 0x2028, 0x0085, 0x000B, 0x0378, 0xE000, 0x0660, 0x0669, 0x06F5, 0x0E51, 0x3001, 0x3002,
    0x0345, 0x03C2, 0x10400, 0x10428, 0x1F3FB, 0xFFFD, 0x02C6, 0x00D7, 0x20AC, 0x0915, 0x094D,
  };

  private static String randomText(Random r, int length) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < length; i++) {
      s.appendCodePoint(randomCodePoint(r));
    }
    return s.toString();
  }

  private static int randomCodePoint(Random r) {
    switch (r.nextInt(16)) {
      case 0: case 1: case 2:
        return (r.nextBoolean() ? 'a' : 'A') + r.nextInt(26);
      case 3:
        return '0' + r.nextInt(10);
      case 4: case 5:
        return r.nextInt(5) == 0 ? '\t' : ' ';
      case 6:
        return ASCII_PUNCTUATION.charAt(r.nextInt(ASCII_PUNCTUATION.length()));
      case 7:
        return 0xC0 + r.nextInt(0x40);
      case 8:
        return 0x391 + r.nextInt(0x3C9 - 0x391 + 1);
      case 9:
        return 0x410 + r.nextInt(0x40);
      case 10:
        return 0x4E00 + r.nextInt(0x5200);
      case 11:
        return 0x300 + r.nextInt(0x70);
      case 12:
        return 0x1F600 + r.nextInt(0x50);
      case 13:
        return 0x1D400 + r.nextInt(0x400);
      case 14:
        return SPECIAL[r.nextInt(SPECIAL.length)];
      default:
        // anything valid but a NUL or a surrogate: Latin-1 controls, unassigned and private use too
        int cp;
        do {
          cp = 1 + r.nextInt(0x10FFFF);
        } while (cp >= 0xD800 && cp <= 0xDFFF);
        return cp;
    }
  }

  /** A page of the section: ls, apropos or chage when present (translated in most languages), else the first; null when none. */
  private static Path manPage(Path section) throws IOException {
    if (!Files.isDirectory(section)) {
      return null;
    }
    for (String name : new String[] {"ls.1.gz", "apropos.1.gz", "chage.1.gz"}) {
      if (Files.isRegularFile(section.resolve(name))) {
        return section.resolve(name);
      }
    }
    try (Stream<Path> s = Files.list(section)) {
      return s.filter(p -> p.getFileName().toString().endsWith(".1.gz")).sorted().findFirst().orElse(null);
    }
  }

  private static List<String> gunzipLines(Path page) throws IOException {
    List<String> lines = new ArrayList<>();
    try (InputStream in = new GZIPInputStream(Files.newInputStream(page));
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE)))) {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        if (line.indexOf('\0') < 0) {
          lines.add(line);
        }
      }
    }
    return lines;
  }
}
