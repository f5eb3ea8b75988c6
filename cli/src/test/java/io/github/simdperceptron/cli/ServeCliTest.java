package io.github.simdperceptron.cli;

import static io.github.simdperceptron.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.cli.CliTest.Result;
import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.DataFormat;
import io.github.simdperceptron.io.ModelFile;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.TrainingState;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * perceptron serve on 127.0.0.1, any free port: every endpoint, every bad request, a slow client,
 * overload, readers during learning, /learn against perceptron learn and train --resume (bytes),
 * and the save at the end (in process, and after a SIGTERM to a real process).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServeCliTest {
  @TempDir
  Path dir;

  private final List<ServeCommand> servers = new ArrayList<>();
  private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).build();

  private record Served(ServeCommand server, URI uri, StringWriter out) {}

  @AfterEach
  void stopAll() {
    for (ServeCommand s : servers) {
      s.stop(null);
    }
  }

  private Path train(String name, String... more) {
    Path out = dir.resolve(name);
    List<String> args = new ArrayList<>(List.of("train", "--data", LearnCliTest.THREE, "--model", out.toString(),
        "--epochs", "2", "--no-shuffle", "--algorithm", "averaged", "--multiclass", "direct"));
    args.addAll(Arrays.asList(more));
    Result r = run(args.toArray(String[]::new));
    assertEquals(0, r.code(), r.err());
    return out;
  }

  private Served serve(Path model, String... more) throws IOException {
    List<String> args = new ArrayList<>(Arrays.asList(more));
    List<String> defaults = List.of("--model", model.toString(), "--port", "0", "--threads", "2", "--read-timeout", "1",
        "--grace", "2");
    for (int k = 0; k < defaults.size(); k += 2) {
      if (!args.contains(defaults.get(k))) {
        args.addAll(defaults.subList(k, k + 2));
      }
    }
    StringWriter out = new StringWriter();
    ServeCommand s = new ServeCommand(ServeCommand.options().parse(args), new PrintWriter(out, true),
        new PrintWriter(new StringWriter(), true));
    InetSocketAddress at = s.start();
    servers.add(s);
    assertEquals("http://127.0.0.1:" + at.getPort(), out.toString().lines().findFirst().orElse(""));
    return new Served(s, URI.create("http://127.0.0.1:" + at.getPort()), out);
  }

  private HttpResponse<String> post(Served s, String path, String type, String body) throws Exception {
    return client.send(HttpRequest.newBuilder(s.uri.resolve(path)).timeout(Duration.ofSeconds(10))
        .header("Content-Type", type).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> get(Served s, String path) throws Exception {
    return client.send(HttpRequest.newBuilder(s.uri.resolve(path)).timeout(Duration.ofSeconds(10)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static List<String> lines(String file) throws IOException {
    return Files.readAllLines(Path.of(file)).stream().filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
  }

  /** A libsvm line as a JSON row with 0-based indices, the values' text as written, and its label. */
  private static String jsonRow(String line) {
    String[] t = line.trim().split("\\s+");
    StringBuilder idx = new StringBuilder();
    StringBuilder val = new StringBuilder();
    for (int k = 1; k < t.length; k++) {
      String[] iv = t[k].split(":");
      idx.append(k > 1 ? "," : "").append(Integer.parseInt(iv[0]) - 1);
      val.append(k > 1 ? "," : "").append(iv[1]);
    }
    return "{\"indices\":[" + idx + "],\"values\":[" + val + "],\"label\":\"" + t[0] + "\"}";
  }

  private static List<String> strings(String json, String key) {
    Matcher m = Pattern.compile("\"" + key + "\":\\[([^\\]]*)\\]").matcher(json);
    assertTrue(m.find(), key + " in " + json);
    return Arrays.stream(m.group(1).split(",")).map(s -> s.replace("\"", "")).toList();
  }

  private static void assertError(HttpResponse<String> r, int status, String... parts) {
    assertEquals(status, r.statusCode(), r.body());
    assertEquals(1, r.body().lines().count(), r.body());
    assertTrue(r.body().startsWith("{\"error\":"), r.body());
    for (String p : parts) {
      assertTrue(r.body().contains(p), r.body());
    }
  }

  private static byte[] gzipped(String text) throws IOException {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(bytes)) {
      z.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return bytes.toByteArray();
  }

  /** Sends raw bytes on a new connection and returns the status line the server answers with. */
  private static String raw(URI uri, byte[]... parts) throws IOException {
    try (Socket s = new Socket(uri.getHost(), uri.getPort())) {
      s.setSoTimeout(5000);
      OutputStream o = s.getOutputStream();
      try {
        for (byte[] p : parts) {
          o.write(p);
        }
        o.flush();
      } catch (IOException e) {
        // The server may close the connection before reading every byte it refuses.
      }
      return new String(s.getInputStream().readNBytes(12), StandardCharsets.US_ASCII);
    }
  }

  @Test
  void everyEndpointAnswers() throws Exception {
    Path m = train("m.bin", "--save-state");
    Model model = ModelFile.read(m).model();
    Served s = serve(m);
    HttpResponse<String> health = get(s, "/health");
    assertEquals(200, health.statusCode());
    assertTrue(health.body().contains("\"status\":\"ok\""), health.body());

    List<String> test = lines(LearnCliTest.THREE_TEST);
    Path file = dir.resolve("test.svm");
    Files.write(file, test);
    Result predicted = run("predict", "--model", m.toString(), "--data", file.toString());
    assertEquals(0, predicted.code(), predicted.err());
    List<String> expected = predicted.out().lines().toList();
    assertEquals(expected, strings(post(s, "/predict", "text/plain", String.join("\n", test)).body(), "labels"));
    String rows = String.join(",", test.stream().map(ServeCliTest::jsonRow).toList());
    HttpResponse<String> json = post(s, "/predict", "application/json", "{\"rows\":[" + rows + "]}");
    assertEquals(200, json.statusCode(), json.body());
    assertEquals(expected, strings(json.body(), "labels"));
    assertEquals(expected.subList(0, 1), strings(post(s, "/predict", "application/json", jsonRow(test.get(0))).body(),
        "labels"));

    Dataset data = DataFormat.libsvm().open(file).readAll();
    float[] x = Arrays.copyOf(data.denseRow(0), model.dimension());
    StringBuilder dense = new StringBuilder();
    for (float v : x) {
      dense.append(dense.length() > 0 ? "," : "").append(v);
    }
    HttpResponse<String> scored = post(s, "/predict?scores=true", "application/json", "[" + dense + "]");
    assertEquals(scoresText(model, new float[][] {x}), scoresOf(scored.body()));
    assertEquals(expected.subList(0, 1), strings(scored.body(), "labels"));

    HttpResponse<String> info = get(s, "/model");
    assertEquals(200, info.statusCode());
    assertTrue(info.body().contains("\"learner\":\"MULTICLASS(AVERAGED)\"") && info.body().contains(
        "\"dimension\":" + model.dimension()), info.body());

    HttpResponse<String> learnt = post(s, "/learn", "text/plain", String.join("\n", test.subList(0, 5)));
    assertEquals(200, learnt.statusCode(), learnt.body());
    assertTrue(learnt.body().startsWith("{\"examples\":5,\"mistakes\":"), learnt.body());
    byte[] before = Files.readAllBytes(m);
    HttpResponse<String> saved = post(s, "/save", "text/plain", "");
    assertEquals(200, saved.statusCode(), saved.body());
    assertTrue(!Arrays.equals(before, Files.readAllBytes(m)), "the five examples are saved");
    assertTrue(ModelFile.read(m).state() != null, "saved with its training state");
  }

  @Test
  void badRequestsGetAStatusAndOneLineAndTheServerGoesOn() throws Exception {
    Path m = train("m.bin", "--save-state");
    byte[] model = Files.readAllBytes(m);
    Served s = serve(m, "--max-body", "1000");
    String row = jsonRow(lines(LearnCliTest.THREE_TEST).get(0));
    String good = post(s, "/predict", "application/json", row).body();

    assertError(post(s, "/predict", "application/json", "{\"rows\": [[1, 2,, 3]]}"), 400, "line 1, column 17",
        "byte 17");
    assertError(post(s, "/predict", "application/json", "{\"rows\":\n [ {\"indices\": [1] \"values\": [2]}]}"), 400,
        "line 2, column 20", "expected ',' or '}'");
    assertError(post(s, "/predict", "application/json", "[1, 2, 3]"), 400, "row 0: 3 values, the model has 30");
    assertError(post(s, "/predict", "application/json", "{\"indices\": [30], \"values\": [1]}"), 400,
        "index 30 is not in [0, 30)");
    assertError(post(s, "/predict", "text/plain", "1 1:2\n1 31:1\n"), 400, "request:2", "feature 31");
    assertError(post(s, "/predict", "application/json", "{\"rows\": [], \"scores\": true}"), 400, "no rows");
    assertError(post(s, "/learn", "application/json", "{\"indices\": [1], \"values\": [2], \"label\": 9}"), 400,
        "class '9'");
    assertError(post(s, "/learn", "application/json", "{\"indices\": [1], \"values\": [2]}"), 400, "row 0 has no label");
    assertError(post(s, "/predict", "application/json", "{\"rows\": [" + "[1],".repeat(300) + "[1]]}"), 413,
        "over the limit of 1000");
    assertError(get(s, "/predict"), 405, "must be POST");
    assertError(post(s, "/health", "text/plain", ""), 405, "must be GET");
    assertError(get(s, "/nothing"), 404, "no such path");

    assertEquals("HTTP/1.1 413", raw(s.uri, ("POST /predict HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        + "Content-Length: 1000000000\r\n\r\n").getBytes(StandardCharsets.US_ASCII)));
    byte[] chunk = ("200\r\n" + "1".repeat(512) + "\r\n").getBytes(StandardCharsets.US_ASCII);
    assertEquals("HTTP/1.1 413", raw(s.uri, ("POST /predict HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        .getBytes(StandardCharsets.US_ASCII), chunk, chunk, chunk));
    // A chunked body under the limit (its length not known in advance) is read whole.
    String small = "{\"indices\": [1], \"values\": [2]}";
    assertEquals("HTTP/1.1 200", raw(s.uri, ("POST /predict HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        + "Transfer-Encoding: chunked\r\n\r\n" + Integer.toHexString(small.length()) + "\r\n" + small + "\r\n0\r\n\r\n")
        .getBytes(StandardCharsets.US_ASCII)));
    // A gzip stream is not inflated: --max-body bounds what a request can make the server hold.
    HttpResponse<String> gzip = client.send(HttpRequest.newBuilder(s.uri.resolve("/predict")).timeout(Duration.ofSeconds(10))
        .header("Content-Type", "text/plain").POST(HttpRequest.BodyPublishers.ofByteArray(gzipped("1 1:2\n"))).build(),
        HttpResponse.BodyHandlers.ofString());
    assertError(gzip, 400, "gzip");

    assertEquals(200, get(s, "/health").statusCode());
    assertEquals(good, post(s, "/predict", "application/json", row).body(), "the model answers as before");
    assertArrayEquals(model, Files.readAllBytes(m), "no bad request changed the model");
    s.server.stop(null);
    assertArrayEquals(model, Files.readAllBytes(m), "a server that learnt nothing leaves the file as it was");
  }

  private HttpResponse<String> postBytes(Served s, String path, byte[] body) throws Exception {
    return client.send(HttpRequest.newBuilder(s.uri.resolve(path)).timeout(Duration.ofSeconds(10))
        .header("Content-Type", "application/octet-stream").POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** The binary body of docs/online.md: rows, dimension, the class indices (when given), the rows' floats. */
  static byte[] binary(int rows, int d, int[] classes, float[] values) {
    java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(8 + (classes == null ? 0 : 4 * classes.length)
        + 4 * values.length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    b.putInt(rows).putInt(d);
    if (classes != null) {
      for (int c : classes) {
        b.putInt(c);
      }
    }
    for (float v : values) {
      b.putFloat(v);
    }
    return b.array();
  }

  @Test
  void binaryBodiesPredictAndLearnAsTextDoes() throws Exception {
    Path m = train("m.bin", "--save-state");
    Path byText = dir.resolve("text.bin");
    Path byBinary = dir.resolve("binary.bin");
    Files.copy(m, byText);
    Files.copy(m, byBinary);
    Model model = ModelFile.read(m).model();
    int d = model.dimension();
    List<String> test = lines(LearnCliTest.THREE_TEST);
    Dataset data = DataFormat.libsvm().open(new java.io.ByteArrayInputStream(String.join("\n", test)
        .getBytes(StandardCharsets.UTF_8)), "t").readAll();
    int n = data.size();
    float[] x = new float[n * d];
    int[] classes = new int[n];
    for (int i = 0; i < n; i++) {
      System.arraycopy(data.denseRow(i), 0, x, i * d, data.dimension());
      classes[i] = model.labels().names().indexOf(data.labels().name(data.classOf(i)));
      assertTrue(classes[i] >= 0);
    }
    Served text = serve(byText);
    Served bin = serve(byBinary);
    List<String> expected = strings(post(text, "/predict", "text/plain", String.join("\n", test)).body(), "labels");
    HttpResponse<String> predicted = postBytes(bin, "/predict", binary(n, d, null, x));
    assertEquals(200, predicted.statusCode(), predicted.body());
    assertEquals(expected, strings(predicted.body(), "labels"));

    assertError(postBytes(bin, "/predict", new byte[] {1, 0, 0, 0}), 400, "binary body: 4 bytes");
    assertError(postBytes(bin, "/predict", binary(1, d + 1, null, new float[d + 1])), 400, "dimension " + (d + 1)
        + ", the model has " + d);
    assertError(postBytes(bin, "/predict", binary(0, d, null, new float[0])), 400, "0 rows");
    assertError(postBytes(bin, "/predict", binary(2, d, null, new float[d])), 400, "expected " + (8 + 8 * d));
    assertError(postBytes(bin, "/learn", binary(1, d, null, new float[d])), 400, "with their class indices");
    assertError(postBytes(bin, "/learn", binary(1, d, new int[] {7}, new float[d])), 400, "class index 7 is not in");
    float[] nan = new float[2 * d];
    nan[d + 3] = Float.NaN;
    assertError(postBytes(bin, "/predict", binary(2, d, null, nan)), 400, "row 1, feature 3: NaN is not a finite");
    assertEquals(expected, strings(postBytes(bin, "/predict", binary(n, d, null, x)).body(), "labels"));

    int half = 23;
    HttpResponse<String> a = postBytes(bin, "/learn", binary(half, d, Arrays.copyOf(classes, half),
        Arrays.copyOf(x, half * d)));
    assertEquals(200, a.statusCode(), a.body());
    HttpResponse<String> b = postBytes(bin, "/learn", binary(n - half, d, Arrays.copyOfRange(classes, half, n),
        Arrays.copyOfRange(x, half * d, n * d)));
    assertEquals(200, b.statusCode(), b.body());
    HttpResponse<String> c = post(text, "/learn", "text/plain", String.join("\n", test));
    assertEquals(200, c.statusCode(), c.body());
    assertEquals((long) CliTest.number(c.body(), "progressive_mistakes"), (long) CliTest.number(b.body(),
        "progressive_mistakes"));
    text.server.stop(null);
    bin.server.stop(null);
    assertArrayEquals(Files.readAllBytes(byText), Files.readAllBytes(byBinary), "binary /learn = libsvm /learn");
  }

  /** The uint8 body of docs/online.md: rows, dimension, scale, the class indices (when given), a byte a value. */
  static byte[] binaryU8(int rows, int d, float scale, int[] classes, byte[] values) {
    java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(12 + (classes == null ? 0 : 4 * classes.length)
        + values.length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    b.putInt(rows).putInt(d).putFloat(scale);
    if (classes != null) {
      for (int c : classes) {
        b.putInt(c);
      }
    }
    return b.put(values).array();
  }

  private HttpResponse<String> postBytes(Served s, String path, String type, byte[] body) throws Exception {
    return client.send(HttpRequest.newBuilder(s.uri.resolve(path)).timeout(Duration.ofSeconds(10))
        .header("Content-Type", type).POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static final String U8 = "application/octet-stream; values=u8";

  @Test
  void uint8BodiesPredictAsTheirFloatsAndRefuseWhatIsWrong() throws Exception {
    long seed = System.nanoTime();
    System.out.println("ServeCliTest uint8 seed " + seed);
    java.util.Random rnd = new java.util.Random(seed);
    Path m = train("m.bin", "--save-state");
    byte[] model = Files.readAllBytes(m);
    Served s = serve(m);
    int d = ModelFile.read(m).model().dimension();
    int n = 40;
    float scale = 0.5f + rnd.nextFloat();
    byte[] q = new byte[n * d];
    float[] x = new float[n * d];
    for (int p = 0; p < q.length; p++) {
      q[p] = (byte) (rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(256));
      x[p] = (q[p] & 0xff) * scale;
    }
    HttpResponse<String> floats = postBytes(s, "/predict?scores=true", binary(n, d, null, x));
    HttpResponse<String> bytes = postBytes(s, "/predict?scores=true", U8, binaryU8(n, d, scale, null, q));
    assertEquals(200, bytes.statusCode(), bytes.body());
    assertEquals(floats.body(), bytes.body(), "a uint8 row is the row of its values times the scale");
    String labels = floats.body().substring(0, floats.body().indexOf(",\"scores\":")) + "}";
    assertEquals(labels, postBytes(s, "/predict", U8, binaryU8(n, d, scale, null, q)).body(),
        "the labels alone as they are printed beside the scores");
    assertEquals(floats.body(), postBytes(s, "/predict?scores=true", "Application/Octet-Stream; Values=\"u8\"",
        binaryU8(n, d, scale, null, q)).body(), "the parameter as RFC 9110 allows it");
    assertEquals(floats.body(), postBytes(s, "/predict?scores=true", "application/octet-stream; values=f32",
        binary(n, d, null, x)).body(), "values=f32 is the default");

    assertError(postBytes(s, "/predict", U8, new byte[10]), 400, "binary uint8 body: 10 bytes", "the scale");
    for (float bad : new float[] {0f, -1f, Float.NaN, Float.POSITIVE_INFINITY, Float.MAX_VALUE / 100}) {
      assertError(postBytes(s, "/predict", U8, binaryU8(1, d, bad, null, new byte[d])), 400, "scale " + bad);
    }
    assertError(postBytes(s, "/predict", U8, binaryU8(1, d + 1, scale, null, new byte[d + 1])), 400,
        "dimension " + (d + 1) + ", the model has " + d);
    assertError(postBytes(s, "/predict", U8, binaryU8(0, d, scale, null, new byte[0])), 400, "0 rows");
    assertError(postBytes(s, "/predict", U8, binaryU8(2, d, scale, null, new byte[d])), 400,
        "expected " + (12 + 2 * d) + " for 2 rows of " + d + " uint8");
    assertError(postBytes(s, "/learn", U8, binaryU8(1, d, scale, null, new byte[d])), 400, "with their class indices");
    assertError(postBytes(s, "/learn", U8, binaryU8(1, d, scale, new int[] {-1}, new byte[d])), 400,
        "row 0: class index -1 is not in");
    assertError(postBytes(s, "/predict", "application/octet-stream; values=f16", binaryU8(1, d, scale, null,
        new byte[d])), 400, "values=f16 is not f32 or u8");
    assertEquals(floats.body(), postBytes(s, "/predict?scores=true", U8, binaryU8(n, d, scale, null, q)).body(),
        "the server answers as before");
    s.server.stop(null);
    assertArrayEquals(model, Files.readAllBytes(m), "no refused request changed the model");
  }

  /**
   * A libsvm line of a row of values (1-based indices, the non-zeros, each float as Java prints
   * it, which reads back as the same float).
   */
  private static String libsvmLine(String label, float[] x, int from, int d) {
    StringBuilder b = new StringBuilder(label);
    for (int j = 0; j < d; j++) {
      if (x[from + j] != 0) {
        b.append(' ').append(j + 1).append(':').append(x[from + j]);
      }
    }
    return b.toString();
  }

  @Test
  void everyBodyFormLearnsAsLearnAndTrainResumeDoByteForByte() throws Exception {
    long seed = System.nanoTime();
    System.out.println("ServeCliTest body forms seed " + seed);
    java.util.Random rnd = new java.util.Random(seed);
    int d = 45;
    int first = 300;
    int n = 200;
    float scale = 1 / 255f;
    String[] names = {"0", "3", "9"};
    byte[] q = new byte[(first + n) * d];
    float[] x = new float[q.length];
    String[] label = new String[first + n];
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < first + n; i++) {
      float[] s = new float[names.length];
      for (int j = 0; j < d; j++) {
        q[i * d + j] = (byte) (rnd.nextInt(2) == 0 ? 0 : rnd.nextInt(256));
        x[i * d + j] = (q[i * d + j] & 0xff) * scale;
        s[j % names.length] += x[i * d + j] * (j % 7 - 3);
      }
      int c = rnd.nextInt(10) == 0 ? rnd.nextInt(names.length) : s[0] > s[1] ? (s[0] > s[2] ? 0 : 2) : s[1] > s[2] ? 1 : 2;
      label[i] = names[c];
      lines.add(libsvmLine(label[i], x, i * d, d));
    }
    Path trainFile = dir.resolve("first.svm");
    Path streamFile = dir.resolve("stream.svm");
    Files.write(trainFile, lines.subList(0, first));
    Files.write(streamFile, lines.subList(first, first + n));
    Path start = dir.resolve("start.bin");
    Result t = run("train", "--data", trainFile.toString(), "--model", start.toString(), "--epochs", "2",
        "--no-shuffle", "--algorithm", "averaged", "--multiclass", "direct", "--save-state");
    assertEquals(0, t.code(), t.err());
    Path byLearn = dir.resolve("learn.bin");
    Path byServe = dir.resolve("serve.bin");
    Files.copy(start, byLearn);
    Files.copy(start, byServe);
    Result l = run("learn", "--model", byLearn.toString(), "--data", streamFile.toString());
    assertEquals(0, l.code(), l.err());
    Result r = run("train", "--resume", start.toString(), "--data", streamFile.toString(), "--model",
        dir.resolve("resumed.bin").toString(), "--epochs", "1", "--save-state");
    assertEquals(0, r.code(), r.err());

    Model model = ModelFile.read(start).model();
    int[] classes = new int[n];
    for (int i = 0; i < n; i++) {
      classes[i] = model.labels().indexOf(label[first + i]);
    }
    float[] rows = Arrays.copyOfRange(x, first * d, (first + n) * d);
    // A negative zero is a zero: left out of the row as a file's missing feature is.
    for (int p = 0; p < 60 * d; p += 7) {
      if (rows[p] == 0) {
        rows[p] = -0f;
      }
    }
    Served s = serve(byServe);
    long mistakes = 0;
    List<HttpResponse<String>> answers = new ArrayList<>();
    answers.add(postBytes(s, "/learn", binary(60, d, Arrays.copyOf(classes, 60), Arrays.copyOf(rows, 60 * d))));
    answers.add(postBytes(s, "/learn", U8, binaryU8(1, d, scale, Arrays.copyOfRange(classes, 60, 61),
        Arrays.copyOfRange(q, (first + 60) * d, (first + 61) * d))));
    answers.add(postBytes(s, "/learn", U8, binaryU8(79, d, scale, Arrays.copyOfRange(classes, 61, 140),
        Arrays.copyOfRange(q, (first + 61) * d, (first + 140) * d))));
    StringBuilder json = new StringBuilder("{\"rows\":[");
    for (int i = 140; i < 170; i++) {
      json.append(i > 140 ? "," : "").append('[');
      for (int j = 0; j < d; j++) {
        json.append(j > 0 ? "," : "").append(x[(first + i) * d + j]);
      }
      json.append(']');
    }
    json.append("],\"labels\":[");
    for (int i = 140; i < 170; i++) {
      // Numbers as the model may not spell them ("3.0" is the class "3").
      json.append(i > 140 ? "," : "").append(label[first + i]).append(i % 2 == 0 ? ".0" : "");
    }
    answers.add(post(s, "/learn", "application/json", json.append("]}").toString()));
    answers.add(post(s, "/learn", "text/plain", String.join("\n", lines.subList(first + 170, first + n))));
    for (HttpResponse<String> a : answers) {
      assertEquals(200, a.statusCode(), a.body());
      mistakes += (long) CliTest.number(a.body(), "mistakes");
    }
    assertEquals(n, (long) CliTest.number(answers.get(answers.size() - 1).body(), "learnt"));
    s.server.stop(null);
    assertTrue(l.out().contains("(" + mistakes + " mistakes)"), l.out() + " / " + mistakes);
    assertTrue(mistakes > 0, "the stream has examples the model gets wrong: " + mistakes);
    assertArrayEquals(Files.readAllBytes(byLearn), Files.readAllBytes(byServe), "serve's /learn = learn");
    assertArrayEquals(Files.readAllBytes(dir.resolve("resumed.bin")), Files.readAllBytes(byServe),
        "serve's /learn = train --resume");
  }

  /** A JSON string of text. */
  private static String quoted(String text) {
    return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  @Test
  void aModelOfRawTextPredictsAndLearnsText() throws Exception {
    java.util.Random rnd = new java.util.Random(48);
    Path train = dir.resolve("train.txt");
    Files.write(train, TextCliTest.documents(rnd, 300, true, new ArrayList<>()), StandardCharsets.UTF_8);
    List<String> labels = new ArrayList<>();
    List<String> docs = TextCliTest.documents(rnd, 40, true, labels);
    Path test = dir.resolve("test.txt");
    Files.write(test, docs, StandardCharsets.UTF_8);
    Path m = dir.resolve("text.bin");
    Result t = run("train", "--data", train.toString(), "--model", m.toString(), "--algorithm", "averaged",
        "--multiclass", "direct", "--epochs", "2", "--no-shuffle", "--save-state");
    assertEquals(0, t.code(), t.err());
    Result p = run("predict", "--model", m.toString(), "--data", test.toString());
    assertEquals(0, p.code(), p.err());
    List<String> expected = p.out().lines().toList();
    Result sc = run("predict", "--model", m.toString(), "--data", test.toString(), "--scores");
    assertEquals(0, sc.code(), sc.err());

    Served s = serve(m);
    assertEquals(expected, strings(post(s, "/predict", "text/plain", String.join("\n", docs)).body(), "labels"));
    List<String> texts = docs.stream().map(l -> String.join(" ", Arrays.stream(l.split(" "))
        .filter(w -> !w.startsWith("__label__")).toList())).toList();
    String json = "{\"text\":[" + String.join(",", texts.stream().map(ServeCliTest::quoted).toList()) + "]}";
    assertEquals(expected, strings(post(s, "/predict", "application/json", json).body(), "labels"));
    HttpResponse<String> one = post(s, "/predict", "application/json", "{\"text\":" + quoted(texts.get(0))
        + ",\"scores\":true}");
    assertEquals(expected.subList(0, 1), strings(one.body(), "labels"));
    List<Float> want = Arrays.stream(sc.out().lines().findFirst().orElseThrow().split(" ")).map(Float::valueOf)
        .toList();
    List<Float> got = Arrays.stream(scoresOf(one.body()).replaceAll("[\\[\\]]", "").split(",")).map(Float::valueOf)
        .toList();
    assertEquals(want, got, "the scores predict --scores prints");

    assertError(post(s, "/learn", "text/plain", "no label here\n"), 400, "row 0 has no label");
    assertError(post(s, "/learn", "text/plain", "__label__topic0 __label__topic1 two labels\n"), 400,
        "request:1: several labels");
    assertError(post(s, "/predict", "application/json", "{\"text\": 3}"), 400, "must be a document (a string)");
    assertError(post(s, "/learn", "application/json", "{\"text\": [\"a\", \"b\"], \"labels\": [\"__label__topic0\"]}"),
        400, "1 labels for 2 documents");
    HttpResponse<String> a = post(s, "/learn", "text/plain", String.join("\n", docs.subList(0, 20)));
    assertEquals(200, a.statusCode(), a.body());
    String labelled = "{\"text\":[" + String.join(",", texts.subList(20, 40).stream().map(ServeCliTest::quoted)
        .toList()) + "],\"labels\":[" + String.join(",", labels.subList(20, 40).stream().map(ServeCliTest::quoted)
        .toList()) + "]}";
    HttpResponse<String> b = post(s, "/learn", "application/json", labelled);
    assertEquals(200, b.statusCode(), b.body());
    assertEquals(40, (long) CliTest.number(b.body(), "learnt"));
    assertEquals(200, post(s, "/save", "text/plain", "").statusCode());
    ModelFile saved = ModelFile.read(m);
    assertTrue(saved.text() != null && saved.state() != null, "saved with its vectorizer and its state");
    Result again = run("predict", "--model", m.toString(), "--data", test.toString());
    assertEquals(0, again.code(), again.err());
    assertEquals(expected.size(), again.out().lines().count());
    assertEquals(strings(post(s, "/predict", "text/plain", String.join("\n", docs)).body(), "labels"),
        again.out().lines().toList(), "the saved model predicts as the server does");
  }

  @Test
  void aModelThatCannotLearnGivesPredictionsOnly() throws Exception {
    // The pocket learner needs the whole training set: an online pass does not continue it.
    java.util.Random rnd = new java.util.Random(7);
    Path train = dir.resolve("train.txt");
    Files.write(train, TextCliTest.documents(rnd, 200, true, new ArrayList<>()), StandardCharsets.UTF_8);
    List<String> docs = TextCliTest.documents(rnd, 20, true, new ArrayList<>());
    Path test = dir.resolve("test.txt");
    Files.write(test, docs, StandardCharsets.UTF_8);
    Path m = dir.resolve("pa.bin");
    Result t = run("train", "--data", train.toString(), "--model", m.toString(), "--epochs", "2", "--algorithm",
        "pocket");
    assertEquals(0, t.code(), t.err());
    byte[] before = Files.readAllBytes(m);
    Result p = run("predict", "--model", m.toString(), "--data", test.toString());
    assertEquals(0, p.code(), p.err());
    Result info = run("info", "--json", "--model", m.toString());
    assertEquals(0, info.code(), info.err());

    Served s = serve(m);
    assertTrue(s.out.toString().contains("; predictions only: --model " + m), s.out.toString());
    assertEquals(p.out().lines().toList(), strings(post(s, "/predict", "text/plain", String.join("\n", docs)).body(),
        "labels"));
    assertError(post(s, "/learn", "text/plain", docs.get(0)), 403, "predictions only", "got POCKET");
    assertError(post(s, "/save", "text/plain", ""), 403, "predictions only");
    String described = get(s, "/model").body();
    assertTrue(described.startsWith(info.out().strip().substring(0, info.out().strip().length() - 1)), described);
    s.server.stop(null);
    assertTrue(s.out.toString().contains("learnt 0 examples"), s.out.toString());
    assertArrayEquals(before, Files.readAllBytes(m), "the file is as it was");
  }

  @Test
  void aSlowClientTimesOutWhileOthersAreServed() throws Exception {
    // The slow client holds a thread for its read timeout, 3 s; five requests answered well within
    // it show that the others were served meanwhile (with room for a busy test machine).
    Served s = serve(train("m.bin"), "--read-timeout", "3");
    try (Socket slow = new Socket("127.0.0.1", s.uri.getPort())) {
      slow.setSoTimeout(8000);
      slow.getOutputStream().write(("POST /predict HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
          + "Content-Length: 100\r\n\r\n{\"rows\": [").getBytes(StandardCharsets.US_ASCII));
      slow.getOutputStream().flush();
      long t0 = System.nanoTime();
      for (int i = 0; i < 5; i++) {
        assertEquals(200, get(s, "/health").statusCode());
      }
      assertTrue(System.nanoTime() - t0 < TimeUnit.MILLISECONDS.toNanos(2500), "served while the slow client waits");
      int got;
      try {
        got = slow.getInputStream().read();
      } catch (java.net.SocketTimeoutException e) {
        throw e;
      } catch (IOException e) {
        got = -1;
      }
      assertEquals(-1, got, "the slow client is disconnected, unanswered");
      long waited = System.nanoTime() - t0;
      assertTrue(waited < TimeUnit.SECONDS.toNanos(6), "disconnected after " + waited / 1_000_000 + " ms");
    }
    assertEquals(200, get(s, "/health").statusCode());
  }

  @Test
  void aFullQueueAnswers503WithRetryAfter() throws Exception {
    Served s = serve(train("m.bin"), "--threads", "1", "--queue", "1");
    byte[] partial = ("POST /predict HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n[1")
        .getBytes(StandardCharsets.US_ASCII);
    byte[] whole = "GET /health HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    try (Socket busy = new Socket("127.0.0.1", s.uri.getPort());
        Socket waiting = new Socket("127.0.0.1", s.uri.getPort());
        Socket refused = new Socket("127.0.0.1", s.uri.getPort())) {
      for (Socket k : List.of(busy, waiting, refused)) {
        k.setSoTimeout(8000);
      }
      busy.getOutputStream().write(partial);
      Thread.sleep(300);
      waiting.getOutputStream().write(whole);
      Thread.sleep(200);
      refused.getOutputStream().write(whole);
      String answer = head(refused.getInputStream());
      assertTrue(answer.startsWith("HTTP/1.1 503") && answer.toLowerCase(java.util.Locale.ROOT)
          .contains("retry-after: 1"), answer);
      busy.getOutputStream().write(("]" + " ".repeat(97)).getBytes(StandardCharsets.US_ASCII));
      assertTrue(head(busy.getInputStream()).startsWith("HTTP/1.1 400"), "[1] has one value, not 30");
      String later = new String(waiting.getInputStream().readNBytes(12), StandardCharsets.US_ASCII);
      assertEquals("HTTP/1.1 200", later, "the waiting request is answered once the thread is free");
    }
  }

  @Test
  void readersDuringLearningSeeOnlyWholeBatches() throws Exception {
    Path m = train("m.bin", "--save-state");
    List<String> test = lines(LearnCliTest.THREE_TEST);
    int batch = 10;
    // The scores each whole-batch model gives the probe rows, from the library's pass.
    TrainingState state = ModelFile.read(m).state();
    TrainingState.Pass pass = state.pass();
    Dataset data = DataFormat.libsvm().open(new java.io.ByteArrayInputStream(String.join("\n", test)
        .getBytes(StandardCharsets.UTF_8)), "t").readAll();
    float[][] probes = {Arrays.copyOf(data.denseRow(3), 30), new float[30]};
    probes[1][4] = 2;
    probes[1][17] = -1;
    List<String> expected = new ArrayList<>();
    for (int i = 0; i <= test.size(); i++) {
      if (i % batch == 0 || i == test.size()) {
        expected.add(scoresText(pass.model(), probes));
      }
      if (i < test.size()) {
        pass.learn(data, i);
      }
    }
    StringBuilder body = new StringBuilder("{\"scores\":true,\"rows\":[");
    for (int p = 0; p < probes.length; p++) {
      body.append(p > 0 ? "," : "").append("[");
      for (int j = 0; j < 30; j++) {
        body.append(j > 0 ? "," : "").append(probes[p][j]);
      }
      body.append("]");
    }
    body.append("]}");

    Served s = serve(m);
    AtomicReference<String> wrong = new AtomicReference<>();
    AtomicInteger answers = new AtomicInteger();
    java.util.concurrent.atomic.AtomicBoolean learning = new java.util.concurrent.atomic.AtomicBoolean(true);
    List<Thread> readers = new ArrayList<>();
    for (int t = 0; t < 2; t++) {
      Thread reader = new Thread(() -> {
        try {
          while (learning.get()) {
            String got = post(s, "/predict", "application/json", body.toString()).body();
            Matcher sc = Pattern.compile("\"scores\":(\\[\\[.*\\]\\])").matcher(got);
            if (!sc.find() || !expected.contains(sc.group(1))) {
              wrong.compareAndSet(null, got);
            }
            answers.incrementAndGet();
          }
        } catch (Exception e) {
          wrong.compareAndSet(null, e.toString());
        }
      });
      reader.start();
      readers.add(reader);
    }
    for (int from = 0; from < test.size(); from += batch) {
      HttpResponse<String> r = post(s, "/learn", "text/plain", String.join("\n", test.subList(from,
          Math.min(test.size(), from + batch))));
      assertEquals(200, r.statusCode(), r.body());
      Thread.sleep(20);
    }
    learning.set(false);
    for (Thread reader : readers) {
      reader.join(10_000);
    }
    assertNull(wrong.get(), "a prediction came from no whole-batch model");
    assertTrue(answers.get() > 0);
    assertEquals(expected.get(expected.size() - 1), scoresOf(post(s, "/predict", "application/json",
        body.toString()).body()));
  }

  /** The status line and headers of a response. */
  private static String head(InputStream in) throws IOException {
    StringBuilder b = new StringBuilder();
    while (b.length() < 4 || !b.substring(b.length() - 4).equals("\r\n\r\n")) {
      int c = in.read();
      if (c < 0) {
        break;
      }
      b.append((char) c);
    }
    return b.toString();
  }

  private static String scoresOf(String json) {
    Matcher sc = Pattern.compile("\"scores\":(\\[\\[.*\\]\\])").matcher(json);
    assertTrue(sc.find(), json);
    return sc.group(1);
  }

  /** The scores of the rows as serve writes them (the JSON writer's floats). */
  private static String scoresText(Model model, float[][] rows) {
    List<List<Float>> all = new ArrayList<>();
    for (float[] x : rows) {
      float[] out = new float[model.scoreCount()];
      model.scores(x, out);
      List<Float> row = new ArrayList<>();
      for (float v : out) {
        row.add(v);
      }
      all.add(row);
    }
    String json = new Json().put("scores", all).toString();
    return json.substring("{\"scores\":".length(), json.length() - 1);
  }

  @Test
  void learningThroughServeEqualsLearnAndTrainResumeByteForByte() throws Exception {
    Path start = train("start.bin", "--save-state");
    Path byLearn = dir.resolve("learn.bin");
    Path byServe = dir.resolve("serve.bin");
    Files.copy(start, byLearn);
    Files.copy(start, byServe);
    Result l = run("learn", "--model", byLearn.toString(), "--data", LearnCliTest.THREE_TEST);
    assertEquals(0, l.code(), l.err());
    Result r = run("train", "--resume", start.toString(), "--data", LearnCliTest.THREE_TEST, "--model",
        dir.resolve("resumed.bin").toString(), "--epochs", "1", "--save-state");
    assertEquals(0, r.code(), r.err());

    List<String> test = lines(LearnCliTest.THREE_TEST);
    Served s = serve(byServe);
    long mistakes = 0;
    int half = 37;
    HttpResponse<String> a = post(s, "/learn", "text/plain", String.join("\n", test.subList(0, half)));
    assertEquals(200, a.statusCode(), a.body());
    mistakes += (long) CliTest.number(a.body(), "mistakes");
    String rows = String.join(",", test.subList(half, test.size()).stream().map(ServeCliTest::jsonRow).toList());
    HttpResponse<String> b = post(s, "/learn", "application/json", "{\"rows\":[" + rows + "]}");
    assertEquals(200, b.statusCode(), b.body());
    mistakes += (long) CliTest.number(b.body(), "mistakes");
    assertEquals(test.size(), (long) CliTest.number(b.body(), "learnt"));
    s.server.stop(null);
    assertTrue(s.out.toString().contains("learnt " + test.size() + " examples"), s.out.toString());
    assertTrue(l.out().contains("(" + mistakes + " mistakes)"), l.out() + " / " + mistakes);
    assertArrayEquals(Files.readAllBytes(byLearn), Files.readAllBytes(byServe), "serve's /learn = learn");
    assertArrayEquals(Files.readAllBytes(dir.resolve("resumed.bin")), Files.readAllBytes(byServe),
        "serve's /learn = train --resume");
  }

  @Test
  void aSigtermFinishesSavesAndExitsWithZero() throws Exception {
    Path m = train("m.bin", "--save-state");
    Path start = dir.resolve("start.bin");
    Files.copy(m, start);
    List<String> twelve = lines(LearnCliTest.THREE_TEST).subList(0, 12);
    Path out = dir.resolve("out.txt");
    Path err = dir.resolve("err.txt");
    Process p = Launch.command().start(out, err, "serve", "--model", m.toString(), "--port", "0", "--threads", "2");
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (Files.readString(out).lines().count() < 2 && System.nanoTime() < deadline && p.isAlive()) {
        Thread.sleep(20);
      }
      String first = Files.readString(out).lines().findFirst().orElse("");
      assertTrue(first.startsWith("http://127.0.0.1:"), first + Files.readString(err));
      Served s = new Served(null, URI.create(first), null);
      HttpResponse<String> r = post(s, "/learn", "text/plain", String.join("\n", twelve));
      assertEquals(200, r.statusCode(), r.body());
      p.toHandle().destroy();
      assertTrue(p.waitFor(30, TimeUnit.SECONDS));
      assertEquals(0, p.exitValue(), Files.readString(err));
    } finally {
      p.destroyForcibly();
    }
    assertTrue(Files.readString(err).contains("stopped by a signal"), Files.readString(err));
    Path file = dir.resolve("twelve.svm");
    Files.write(file, twelve);
    Path resumed = dir.resolve("resumed.bin");
    Result r = run("train", "--resume", start.toString(), "--data", file.toString(), "--model", resumed.toString(),
        "--epochs", "1", "--save-state");
    assertEquals(0, r.code(), r.err());
    assertArrayEquals(Files.readAllBytes(resumed), Files.readAllBytes(m), "the saved file is the complete model");
  }
}
