package io.github.simdperceptron.cli;

import static io.github.simdperceptron.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.cli.CliTest.Result;
import io.github.simdperceptron.io.ModelFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * perceptron serve under faults, on 127.0.0.1 and a free port: 10,000 malformed requests leave it
 * answering, its model unchanged and its heap bounded; a kill -9 while it learns under load leaves
 * the model file of the last save. Seeded; the seed is printed.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServeFaultTest {
  /** How much the heap after a full GC may grow over 10,000 malformed requests. */
  private static final long HEAP_BOUND = 32L << 20;

  @TempDir
  Path dir;

  private Path train(String name) {
    Path out = dir.resolve(name);
    Result r = run("train", "--data", LearnCliTest.THREE, "--model", out.toString(), "--epochs", "2", "--no-shuffle",
        "--algorithm", "averaged", "--multiclass", "direct", "--save-state");
    assertEquals(0, r.code(), r.err());
    return out;
  }

  private static List<String> lines(String file) throws IOException {
    return Files.readAllLines(Path.of(file)).stream().filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
  }

  /** A request with a body (Content-Length set unless given in extra headers). */
  private static byte[] request(String method, String path, String type, byte[] body, String extra) {
    String head = method + " " + path + " HTTP/1.1\r\nHost: x\r\n" + (type == null ? "" : "Content-Type: " + type
        + "\r\n") + (extra != null ? extra : "Content-Length: " + body.length + "\r\n") + "\r\n";
    byte[] h = head.getBytes(StandardCharsets.US_ASCII);
    byte[] all = new byte[h.length + body.length];
    System.arraycopy(h, 0, all, 0, h.length);
    System.arraycopy(body, 0, all, h.length, body.length);
    return all;
  }

  /** Sends bytes on a new connection, closes the sending side, returns all the server answers. */
  private static String exchange(int port, byte[] bytes) throws IOException {
    try (Socket s = new Socket("127.0.0.1", port)) {
      s.setSoTimeout(5000);
      OutputStream o = s.getOutputStream();
      try {
        o.write(bytes);
        o.flush();
        s.shutdownOutput();
      } catch (IOException e) {
        // The server may close before reading all it refuses.
      }
      try {
        return new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
      } catch (IOException e) {
        return "";
      }
    }
  }

  private static String get(int port, String path) throws IOException {
    String answer = exchange(port, ("GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n")
        .getBytes(StandardCharsets.US_ASCII));
    assertTrue(answer.startsWith("HTTP/1.1 200"), path + ": " + answer);
    return answer.substring(answer.indexOf("\r\n\r\n") + 4);
  }

  private static long heapAfterGc() {
    Runtime rt = Runtime.getRuntime();
    for (int k = 0; k < 3; k++) {
      System.gc();
    }
    return rt.totalMemory() - rt.freeMemory();
  }

  /** One malformed request of kind k (random parts from r). */
  private static byte[] malformed(int k, Random r, String row, String labelled, int d) {
    byte[] json = row.getBytes(StandardCharsets.US_ASCII);
    byte[] learn = labelled.getBytes(StandardCharsets.US_ASCII);
    switch (k) {
      case 0: {
        byte[] b = new byte[1 + r.nextInt(300)];
        r.nextBytes(b);
        return b;
      }
      case 1: {
        // A body shorter than its Content-Length: the client stops sending.
        byte[] cut = java.util.Arrays.copyOf(learn, r.nextInt(learn.length));
        byte[] whole = request("POST", "/learn", "application/json", cut, "Content-Length: " + learn.length + "\r\n");
        return whole;
      }
      case 2:
        return request("POST", r.nextBoolean() ? "/learn" : "/predict", "application/json", new byte[0],
            "Content-Length: " + (8193 + r.nextInt(1 << 30)) + "\r\n");
      case 3: {
        byte[] chunk = ("1000\r\n" + "7".repeat(0x1000) + "\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] b = new byte[chunk.length * 3];
        for (int c = 0; c < 3; c++) {
          System.arraycopy(chunk, 0, b, c * chunk.length, chunk.length);
        }
        return request("POST", "/predict", "application/json", b, "Transfer-Encoding: chunked\r\n");
      }
      case 4: {
        // Labelled JSON cut short, or with a byte changed: never a whole valid request to /learn.
        byte[] b = java.util.Arrays.copyOf(learn, r.nextInt(learn.length));
        if (b.length > 0 && r.nextBoolean()) {
          b[r.nextInt(b.length)] = (byte) "{}[],:\"x-.e".charAt(r.nextInt(11));
        }
        return request("POST", "/learn", "application/json", b, null);
      }
      case 5: {
        // Changed bytes of a row for /predict: refused or answered, never learnt.
        byte[] b = json.clone();
        for (int c = 1 + r.nextInt(3); c > 0; c--) {
          b[r.nextInt(b.length)] = (byte) r.nextInt(256);
        }
        return request("POST", "/predict", "application/json", b, null);
      }
      case 6: {
        // Binary bodies with a wrong header or length.
        int rows = r.nextInt(4) - 1;
        int dim = r.nextBoolean() ? d : r.nextInt(2 * d + 2) - 1;
        int floats = Math.max(0, rows * d + r.nextInt(3) - 1);
        boolean labels = r.nextBoolean();
        byte[] b = ServeCliTest.binary(rows, dim, labels ? new int[Math.max(0, rows)] : null, new float[floats]);
        if (rows >= 1 && dim == d && floats == rows * d) {
          b = java.util.Arrays.copyOf(b, b.length - 1);
        }
        return request("POST", labels ? "/learn" : "/predict", "application/octet-stream", b, null);
      }
      default: {
        String[] bad = {"GARBAGE\r\n\r\n", "POST /learn HTTP/1.1\r\nContent-Length: -5\r\n\r\n",
            "POST /learn HTTP/1.1\r\nContent-Length: x\r\n\r\n", "POST /learn HTTP/9.9\r\n\r\n",
            "GET /../../etc/passwd HTTP/1.1\r\n\r\n", "DELETE /model HTTP/1.1\r\nHost: x\r\n\r\n",
            "POST /learn HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 9\r\n\r\n1 0:x 99:",
            "POST /learn HTTP/1.1\r\nHost: x\r\nContent-Length: 6\r\n\r\n[1, 2]"};
        return bad[r.nextInt(bad.length)].getBytes(StandardCharsets.US_ASCII);
      }
    }
  }

  @Test
  void tenThousandMalformedRequestsLeaveItAnsweringUnchangedAndBounded() throws Exception {
    long seed = System.nanoTime();
    System.out.println("ServeFaultTest seed " + seed);
    Path m = train("m.bin");
    byte[] file = Files.readAllBytes(m);
    StringWriter out = new StringWriter();
    ServeCommand server = new ServeCommand(ServeCommand.options().parse(List.of("--model", m.toString(), "--port",
        "0", "--threads", "4", "--read-timeout", "1", "--grace", "1", "--max-body", "8192")), new PrintWriter(out,
        true), new PrintWriter(new StringWriter(), true));
    InetSocketAddress at = server.start();
    int port = at.getPort();
    try {
      List<String> test = lines(LearnCliTest.THREE_TEST);
      String row = "{\"scores\":true,\"rows\":[" + String.join(",", test.subList(0, 3).stream()
          .map(l -> "{" + sparse(l) + "}").toList()) + "]}";
      String labelled = "{\"rows\":[" + String.join(",", test.subList(0, 3).stream()
          .map(l -> "{" + sparse(l) + ",\"label\":\"" + l.trim().split("\\s+")[0] + "\"}").toList()) + "]}";
      String scores = exchange(port, request("POST", "/predict", "application/json", row.getBytes(
          StandardCharsets.US_ASCII), null));
      assertTrue(scores.startsWith("HTTP/1.1 200"), scores);
      String model = get(port, "/model");
      long heap = heapAfterGc();

      int total = 10_000;
      int clients = 3;
      AtomicInteger next = new AtomicInteger();
      Map<String, AtomicInteger> statuses = new ConcurrentHashMap<>();
      AtomicReference<Throwable> failed = new AtomicReference<>();
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < clients; t++) {
        Random r = new Random(seed + t);
        Thread c = new Thread(() -> {
          try {
            for (int i; (i = next.getAndIncrement()) < total; ) {
              String answer = exchange(port, malformed(i % 8, r, row, labelled, 30));
              String status = answer.length() >= 12 ? answer.substring(9, 12) : "closed";
              statuses.computeIfAbsent(status, s -> new AtomicInteger()).incrementAndGet();
            }
          } catch (Throwable e) {
            failed.compareAndSet(null, e);
          }
        });
        c.start();
        threads.add(c);
      }
      // Slow clients meanwhile: a request that never completes holds a thread until --read-timeout.
      List<Socket> slow = new ArrayList<>();
      for (int k = 0; k < 2; k++) {
        Socket s = new Socket("127.0.0.1", port);
        s.getOutputStream().write("POST /learn HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n{\"rows".getBytes(
            StandardCharsets.US_ASCII));
        slow.add(s);
      }
      for (Thread c : threads) {
        c.join(50_000);
      }
      for (Socket s : slow) {
        s.setSoTimeout(5000);
        int got;
        try {
          got = s.getInputStream().read();
        } catch (java.net.SocketTimeoutException e) {
          throw e;
        } catch (IOException e) {
          // Closed with a reset: the server left the request's bytes unread.
          got = -1;
        }
        assertEquals(-1, got, "a slow client is disconnected, unanswered");
        s.close();
      }
      if (failed.get() != null) {
        throw new AssertionError(failed.get());
      }
      System.out.println("ServeFaultTest statuses " + statuses);
      int answered = statuses.values().stream().mapToInt(AtomicInteger::get).sum();
      assertEquals(total, answered);
      assertTrue(!statuses.containsKey("500"), "no request broke the server: " + statuses);
      assertTrue(statuses.getOrDefault("400", new AtomicInteger()).get() > total / 4, statuses.toString());
      assertTrue(statuses.getOrDefault("413", new AtomicInteger()).get() >= total / 10, statuses.toString());

      assertTrue(get(port, "/health").contains("\"status\":\"ok\""));
      assertEquals(model, get(port, "/model"), "the model is unchanged");
      assertEquals(scores.substring(scores.indexOf("\r\n\r\n")), exchange(port, request("POST", "/predict",
          "application/json", row.getBytes(StandardCharsets.US_ASCII), null)).substring(scores.indexOf("\r\n\r\n")),
          "it predicts as before");
      long grew = heapAfterGc() - heap;
      assertTrue(grew < HEAP_BOUND, "the heap after GC grew by " + grew + " bytes");
    } finally {
      server.stop(null);
    }
    assertArrayEquals(file, Files.readAllBytes(m), "a server that learnt nothing leaves its file as it was");
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
      throw new AssertionError("the port is still open after stop");
    } catch (IOException expected) {
      // The port is free again.
    }
  }

  private static String sparse(String line) {
    String[] t = line.trim().split("\\s+");
    StringBuilder idx = new StringBuilder();
    StringBuilder val = new StringBuilder();
    for (int k = 1; k < t.length; k++) {
      String[] iv = t[k].split(":");
      idx.append(k > 1 ? "," : "").append(Integer.parseInt(iv[0]) - 1);
      val.append(k > 1 ? "," : "").append(iv[1]);
    }
    return "\"indices\":[" + idx + "],\"values\":[" + val + "]";
  }

  @Test
  void aKillDuringLearningLeavesTheLastSave() throws Exception {
    Path m = train("m.bin");
    Path out = dir.resolve("out.txt");
    Path err = dir.resolve("err.txt");
    List<String> test = lines(LearnCliTest.THREE_TEST);
    byte[] batch = String.join("\n", test).getBytes(StandardCharsets.US_ASCII);
    Process p = Launch.command().start(out, err, "serve", "--model", m.toString(), "--port", "0", "--threads", "2");
    AtomicBoolean learning = new AtomicBoolean(true);
    AtomicInteger learnt = new AtomicInteger();
    Thread load = null;
    byte[] lastSave = null;
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (Files.readString(out).lines().count() < 2 && System.nanoTime() < deadline && p.isAlive()) {
        Thread.sleep(20);
      }
      String first = Files.readString(out).lines().findFirst().orElse("");
      assertTrue(first.startsWith("http://127.0.0.1:"), first + Files.readString(err));
      int port = Integer.parseInt(first.substring(first.lastIndexOf(':') + 1));
      load = new Thread(() -> {
        try {
          while (learning.get()) {
            String a = exchange(port, request("POST", "/learn", "text/plain", batch, null));
            if (a.startsWith("HTTP/1.1 200")) {
              learnt.incrementAndGet();
            }
          }
        } catch (IOException e) {
          // The server was killed.
        }
      });
      load.start();
      for (int k = 0; k < 3; k++) {
        Thread.sleep(150);
        String saved = exchange(port, request("POST", "/save", null, new byte[0], null));
        assertTrue(saved.startsWith("HTTP/1.1 200"), saved);
        lastSave = Files.readAllBytes(m);
      }
      Thread.sleep(150);
      assertTrue(learnt.get() > 0, "learning under load");
      p.destroyForcibly();
      assertTrue(p.waitFor(20, TimeUnit.SECONDS));
    } finally {
      learning.set(false);
      p.destroyForcibly();
      if (load != null) {
        load.join(10_000);
      }
    }
    assertNotNull(lastSave);
    assertArrayEquals(lastSave, Files.readAllBytes(m), "the file is the last save");
    assertNotNull(ModelFile.read(m).state(), "it loads, with its training state");
    try (InputStream in = Files.newInputStream(m)) {
      assertTrue(in.readAllBytes().length > 0);
    }
  }
}
