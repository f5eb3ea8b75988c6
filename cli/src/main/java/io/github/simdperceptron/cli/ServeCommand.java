package io.github.simdperceptron.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.github.simdperceptron.data.Dataset;
import io.github.simdperceptron.io.ModelFile;
import io.github.simdperceptron.learn.BinaryModel;
import io.github.simdperceptron.learn.LiveModel;
import io.github.simdperceptron.learn.Model;
import io.github.simdperceptron.learn.MulticlassModel;
import io.github.simdperceptron.learn.TrainingState;
import io.github.simdperceptron.text.TextVectorizer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code perceptron serve}: a resident HTTP/1.1 server over a model that keeps learning
 * (docs/online.md), or, when its learner cannot, that gives predictions only (/learn and /save
 * refused with 403). Predictions read the {@link LiveModel}'s last snapshot and never wait;
 * learning and saving are one writer at a time. Bad requests get a status and a one-line reason,
 * and the server goes on. SIGTERM (or SIGINT) stops accepting, lets the requests in flight end
 * (for at most --grace seconds), saves the model and exits with 0.
 *
 * <p>Longer than 600 lines because the routes, their request bodies and replies, and the stopping
 * all read the one server's state (the live model, its writer lock, the per-thread buffers, the
 * stop flag); the body forms themselves are parsed in {@link RequestRows}.
 */
final class ServeCommand {
  private static final ThreadLocal<Boolean> OVERFLOW = ThreadLocal.withInitial(() -> false);
  /** The largest --max-body: a body is read into one array. */
  /** The largest --max-body: one byte over it must still fit in an array (Integer.MAX_VALUE - 8). */
  private static final long MAX_BODY = Integer.MAX_VALUE - 9;

  private final Path model;
  private final String host;
  private final int port;
  private final int threads;
  private final long maxBody;
  private final int queue;
  private final int readTimeout;
  private final int grace;
  private final PrintWriter out;
  private final PrintWriter err;

  private ModelFile from;
  /** The model's vectorizer when it reads raw text, else null. */
  private TextVectorizer text;
  private boolean withState;
  /** The model learning, or null when it cannot learn (it serves predictions only). */
  private LiveModel live;
  /** Why the model cannot learn, or null. */
  private String readOnly;
  private LiveModel.Snapshot fixed;
  private HttpServer server;
  private ThreadPoolExecutor pool;
  private ExecutorService overflow;
  /** Requests handed to the pool and not yet answered (queued or running). */
  private final AtomicInteger inFlight = new AtomicInteger();
  private volatile boolean stopping;
  private boolean stopped;
  /** Serialises learning, saving and the last save. */
  private final Object writer = new Object();
  private final CountDownLatch done = new CountDownLatch(1);

  /** The options serve takes, in the order help lists them. */
  static Options options() {
    return new Options("perceptron serve",
        "Serves a model over HTTP/1.1 with JSON bodies: POST /predict, POST /learn (it keeps learning), POST /save,"
            + " GET /model, GET /health; saves the model on SIGTERM/SIGINT.")
        .option("--model", Options.Type.PATH, "M", "the model to serve, rewritten in place by /save and at the end"
            + " (with its training state when it has one); a model whose learner cannot go on one example at a"
            + " time (PLA, pocket, voted, kernel) gives predictions only").required()
        .option("--host", Options.Type.TEXT, "HOST", "127.0.0.1", "the address to listen on")
        .option("--port", Options.Type.INT, "P", 8080, "the port; 0 for any free one (the first line printed is the"
            + " address)")
        .option("--threads", Options.Type.INT, "N", 0, "threads answering requests (0: one per core)")
        .option("--queue", Options.Type.INT, "N", 1024, "requests waiting for a thread; beyond, 503 with Retry-After")
        .option("--max-body", Options.Type.LONG, "BYTES", 16L << 20, "the largest request body; larger is 413")
        .option("--read-timeout", Options.Type.INT, "S", 10, "seconds a request may take to arrive in full (and a"
            + " response to be taken); a slower client is disconnected")
        .option("--grace", Options.Type.INT, "S", 10, "on SIGTERM, seconds to let the requests in flight end before"
            + " saving");
  }

  ServeCommand(Options given, PrintWriter out, PrintWriter err) {
    model = given.get("--model");
    host = given.get("--host");
    port = given.<Integer>get("--port");
    int t = given.<Integer>get("--threads");
    threads = t == 0 ? Runtime.getRuntime().availableProcessors() : t;
    queue = given.<Integer>get("--queue");
    maxBody = given.<Long>get("--max-body");
    readTimeout = given.<Integer>get("--read-timeout");
    grace = given.<Integer>get("--grace");
    this.out = out;
    this.err = err;
    if (port < 0 || port > 65535) {
      throw new UsageException("--port " + port + ": expected a port in [0, 65535]");
    }
    if (t < 0 || queue < 0 || maxBody < 1 || maxBody > MAX_BODY || readTimeout < 1 || grace < 0) {
      throw new UsageException(t < 0 ? "--threads " + t + ": expected a count >= 0" : queue < 0 ? "--queue " + queue
          + ": expected a count >= 0" : maxBody < 1 || maxBody > MAX_BODY ? "--max-body " + maxBody
          + ": expected a size in [1, " + MAX_BODY + "]" : readTimeout < 1 ? "--read-timeout " + readTimeout
          + ": expected seconds >= 1" : "--grace " + grace + ": expected seconds >= 0");
    }
  }

  /** Serves until a signal stops the server, then saves; returns the exit code. */
  int call() throws IOException {
    start();
    Thread hook = new Thread(() -> {
      boolean saved = stop("stopped by a signal");
      Runtime.getRuntime().halt(saved ? 0 : 1);
    });
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      done.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return 0;
  }

  /** Loads the model and starts the server; returns the address it listens on, printed as the first line. */
  InetSocketAddress start() throws IOException {
    from = ModelFile.read(model);
    withState = from.state() != null;
    text = from.text();
    try {
      live = LiveModel.of(LearnCommand.continuableText("--model", model, from));
    } catch (UsageException e) {
      readOnly = e.getMessage();
    } catch (IllegalArgumentException e) {
      readOnly = LearnCommand.notOnline("--model", model, e).getMessage();
    }
    fixed = new LiveModel.Snapshot(from.model(), 0, 0);
    // Without TCP_NODELAY a keep-alive client waits for the delayed ACK on every response.
    System.setProperty("sun.net.httpserver.nodelay", "true");
    // The JDK's server reads these once, when its first server is made in the process.
    System.setProperty("sun.net.httpserver.maxReqTime", Integer.toString(readTimeout));
    System.setProperty("sun.net.httpserver.maxRspTime", Integer.toString(readTimeout));
    BlockingQueue<Runnable> waiting = queue == 0 ? new SynchronousQueue<>() : new ArrayBlockingQueue<>(queue);
    overflow = Executors.newSingleThreadExecutor(r -> daemon(r, "perceptron-serve-overflow"));
    AtomicInteger n = new AtomicInteger();
    pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.SECONDS, waiting,
        r -> daemon(r, "perceptron-serve-" + n.incrementAndGet()),
        (r, p) -> overflow.execute(() -> {
          OVERFLOW.set(true);
          try {
            r.run();
          } finally {
            OVERFLOW.set(false);
          }
        }));
    try {
      server = HttpServer.create(new InetSocketAddress(host, port), 0);
    } catch (IOException | java.nio.channels.UnresolvedAddressException e) {
      throw new IOException("--host " + host + " --port " + port + ": cannot listen there (" + (e.getMessage() == null
          ? e.getClass().getSimpleName() : e.getMessage()) + ")", e);
    }
    server.setExecutor(r -> {
      inFlight.incrementAndGet();
      pool.execute(() -> {
        try {
          r.run();
        } finally {
          inFlight.decrementAndGet();
        }
      });
    });
    server.createContext("/", this::handle);
    server.start();
    InetSocketAddress at = server.getAddress();
    String h = at.getAddress().getHostAddress();
    out.println("http://" + (h.contains(":") ? "[" + h + "]" : h) + ":" + at.getPort());
    Model m = snapshot().model();
    out.println("serving " + model + " (" + from.algorithm().toLowerCase(java.util.Locale.ROOT) + ", "
        + m.dimension() + " features, " + m.labels().size() + " classes) with " + threads + " threads"
        + (readOnly == null ? "" : "; predictions only: " + readOnly));
    out.flush();
    return at;
  }

  private static Thread daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }

  /**
   * Stops once: refuses new requests, lets those in flight end (at most --grace seconds), closes
   * the server, ends the pass and saves the model when it learnt an example (else the file stays
   * as it was); prints what was learnt ({@code why}: on stderr too). Returns false when saving failed.
   */
  synchronized boolean stop(String why) {
    if (stopped) {
      return true;
    }
    stopped = true;
    stopping = true;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(grace);
    while (inFlight.get() > 0 && System.nanoTime() < deadline) {
      try {
        Thread.sleep(5);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    server.stop(0);
    pool.shutdownNow();
    overflow.shutdownNow();
    boolean saved = true;
    boolean learnt;
    synchronized (writer) {
      learnt = snapshot().examples() > 0;
      try {
        if (live != null) {
          TrainingState end = live.finish();
          if (learnt) {
            save(end);
          }
        }
      } catch (IOException | RuntimeException e) {
        err.println("perceptron serve: saving " + model + " failed: " + Main.message(e));
        saved = false;
      }
    }
    LiveModel.Snapshot s = snapshot();
    String file = !learnt ? model + " is unchanged" : saved ? "model saved to " + model : model + " is not saved";
    out.printf("learnt %d examples, progressive accuracy %s (%d mistakes), %s%n", s.examples(),
        s.examples() == 0 ? "-" : Format.percent(1 - s.mistakes() / (double) s.examples()), s.mistakes(), file);
    out.flush();
    if (why != null) {
      err.println("perceptron serve: " + why + "; " + file);
    }
    err.flush();
    done.countDown();
    return saved;
  }

  private void save(TrainingState state) throws IOException {
    ModelFile file = ModelFile.of(state);
    file = text == null ? file : file.withText(text);
    ModelFile.write(model, withState ? file : file.withoutState());
  }

  /** A request that gets an error status and a one-line reason. */
  private static final class Refusal extends Exception {
    private static final long serialVersionUID = 1L;
    final int status;

    Refusal(int status, String message) {
      super(message);
      this.status = status;
    }
  }

  private void handle(HttpExchange ex) throws IOException {
    try {
      if (OVERFLOW.get() || stopping) {
        ex.getResponseHeaders().set("Retry-After", "1");
        throw new Refusal(503, stopping ? "the server is stopping" : "overloaded: " + threads + " threads busy and "
            + queue + " requests waiting");
      }
      URI uri = ex.getRequestURI();
      String path = uri.getPath();
      String method = ex.getRequestMethod();
      switch (path) {
        case "/predict" -> reply(ex, 200, predict(ex, body(ex, method, "POST"), uri.getQuery()));
        case "/learn" -> reply(ex, 200, learn(ex, body(ex, method, "POST")));
        case "/save" -> {
          body(ex, method, "POST");
          reply(ex, 200, saveNow());
        }
        case "/model" -> {
          only(ex, method, "GET");
          reply(ex, 200, describe());
        }
        case "/health" -> {
          only(ex, method, "GET");
          LiveModel.Snapshot s = snapshot();
          reply(ex, 200, new Json().put("status", "ok").put("examples", s.examples()).toString());
        }
        default -> throw new Refusal(404, "no such path: " + path + " (POST /predict, /learn, /save; GET /model,"
            + " /health)");
      }
    } catch (Refusal r) {
      if (r.status == 413 || r.status == 503) {
        ex.getResponseHeaders().set("Connection", "close");
      }
      reply(ex, r.status, new Json().put("error", r.getMessage().replace('\n', ' ')).toString());
    } catch (IOException e) {
      // The client went away or was too slow: nobody to answer.
      ex.close();
    } catch (RuntimeException e) {
      reply(ex, 500, new Json().put("error", Main.message(e)).toString());
    } finally {
      release();
    }
  }

  private static void only(HttpExchange ex, String method, String allowed) throws Refusal {
    if (!method.equals(allowed)) {
      ex.getResponseHeaders().set("Allow", allowed);
      throw new Refusal(405, method + " " + ex.getRequestURI().getPath() + ": the method must be " + allowed);
    }
  }

  /** What one thread reuses, request after request: the body's bytes and the rows read from them. */
  private static final class Buffers {
    byte[] body = new byte[8192];
    int length;
    final RequestRows rows = new RequestRows();
    int[] classes = new int[1024];
    int[] ix = new int[1024];
    float[] vx = new float[1024];

    /** Room for n classes. */
    int[] classes(int n) {
      if (classes.length < n) {
        classes = new int[n];
      }
      return classes;
    }

    float[] dense = new float[0];

    /** A dense row of d floats (its values left from before). */
    float[] dense(int d) {
      if (dense.length < d) {
        dense = new float[d];
      }
      return dense;
    }

    /** Room for a sparse row of k non-zeros in ix and vx. */
    void sparse(int k) {
      if (ix.length < k) {
        ix = new int[k];
        vx = new float[k];
      }
    }
  }

  private static final ThreadLocal<Buffers> BUFFERS = ThreadLocal.withInitial(Buffers::new);
  /** A body buffer above this size is dropped after its request rather than kept by the thread. */
  private static final int KEPT_BODY = 8 << 20;

  /**
   * Reads the request's body, at most --max-body bytes (a Content-Length above it is refused before
   * reading), into the thread's buffer.
   */
  private Buffers body(HttpExchange ex, String method, String allowed) throws IOException, Refusal {
    only(ex, method, allowed);
    String length = ex.getRequestHeaders().getFirst("Content-Length");
    long n = -1;
    if (length != null) {
      try {
        n = Long.parseLong(length.trim());
      } catch (NumberFormatException e) {
        throw new Refusal(400, "Content-Length " + length + " is not a number");
      }
      if (n < 0) {
        throw new Refusal(400, "Content-Length " + length + " is negative");
      }
      if (n > maxBody) {
        throw new Refusal(413, "the body of " + n + " bytes is over the limit of " + maxBody + " (--max-body)");
      }
    }
    Buffers b = BUFFERS.get();
    if (n > b.body.length) {
      b.body = new byte[(int) n];
    }
    InputStream in = ex.getRequestBody();
    int total = 0;
    if (n >= 0) {
      // The length is known and the buffer holds it: read exactly that (the server's stream
      // reports a body that ends early).
      while (total < n) {
        int r = in.read(b.body, total, (int) n - total);
        if (r < 0) {
          break;
        }
        total += r;
      }
    } else {
      // Chunked: grow up to one byte over the limit, which tells that the body is over it.
      long cap = maxBody + 1;
      while (true) {
        if (total >= cap) {
          throw new Refusal(413, "the body is over the limit of " + maxBody + " bytes (--max-body)");
        }
        if (total == b.body.length) {
          b.body = Arrays.copyOf(b.body, (int) Math.min(cap, Math.max(8192, 2L * total)));
        }
        int r = in.read(b.body, total, (int) Math.min(b.body.length, cap) - total);
        if (r < 0) {
          break;
        }
        total += r;
      }
    }
    b.length = total;
    return b;
  }

  /** Reads the body's rows into the thread's buffers; classes: the model's, for a binary /learn body. */
  private RequestRows rows(HttpExchange ex, Buffers b, Model m, boolean labelled) throws Refusal {
    String type = ex.getRequestHeaders().getFirst("Content-Type");
    type = type == null ? "" : type.toLowerCase(java.util.Locale.ROOT);
    RequestRows rows = b.rows;
    try {
      if (type.startsWith("text/plain")) {
        if (text != null) {
          rows.textLines(b.body, b.length, text);
        } else {
          rows.libsvm(b.body, b.length, m.dimension());
        }
      } else if (type.startsWith("application/octet-stream")) {
        rows.binary(b.body, b.length, m.dimension(), labelled ? m.labels() : null, values(type));
      } else {
        rows.json(b.body, b.length, m.dimension(), text);
      }
    } catch (RequestRows.Bad e) {
      throw new Refusal(400, e.getMessage());
    }
    return rows;
  }

  /**
   * The values of a binary body, from its Content-Type's {@code values} parameter (lower-cased):
   * {@code f32} (the default) or {@code u8}.
   */
  private static RequestRows.Values values(String type) throws RequestRows.Bad {
    for (String p : type.split(";")) {
      String[] kv = p.split("=", 2);
      if (kv.length == 2 && kv[0].trim().equals("values")) {
        String v = kv[1].trim().replace("\"", "");
        return switch (v) {
          case "f32" -> RequestRows.Values.F32;
          case "u8" -> RequestRows.Values.U8;
          default -> throw new RequestRows.Bad("Content-Type " + type + ": values=" + v + " is not f32 or u8");
        };
      }
    }
    return RequestRows.Values.F32;
  }

  /** After a request: forgets its rows, drops the buffers a large one grew. */
  private static void release() {
    Buffers b = BUFFERS.get();
    b.rows.release();
    if (b.body.length > KEPT_BODY) {
      b.body = new byte[8192];
    }
    if (b.classes.length > KEPT_BODY / 4 || b.ix.length > KEPT_BODY / 4 || b.dense.length > KEPT_BODY / 4) {
      b.classes = new int[1024];
      b.ix = new int[1024];
      b.vx = new float[1024];
      b.dense = new float[0];
    }
  }

  private byte[] predict(HttpExchange ex, Buffers b, String query) throws Refusal {
    Model m = snapshot().model();
    RequestRows rows = rows(ex, b, m, false);
    boolean scores = rows.scores || (query != null && Arrays.asList(query.split("&")).contains("scores=true"));
    int n = rows.size();
    int d = m.dimension();
    int[] classes = b.classes(n);
    float[] dense = null;
    if (rows.allDense()) {
      m.predictClasses(rows.denseRows(), n, classes);
    } else {
      for (int i = 0; i < n; i++) {
        int nnz = rows.nonZeros(i);
        if (nnz < 0) {
          dense = b.dense(d);
          rows.denseRow(i, dense);
          classes[i] = m.predictClass(dense);
        } else {
          b.sparse(nnz);
          classes[i] = m.predictClass(b.ix, b.vx, rows.sparseRow(i, b.ix, b.vx));
        }
      }
    }
    if (!scores) {
      return labelsJson(m.labels(), classes, n);
    }
    List<String> labels = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      labels.add(classes[i] < 0 ? null : m.labels().name(classes[i]));
    }
    float[] s = new float[m.scoreCount()];
    List<List<Float>> all = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      int nnz = rows.nonZeros(i);
      if (nnz >= 0 && m instanceof MulticlassModel mc) {
        // The pass the row's label came from (and predict's for raw text), without a dense copy.
        b.sparse(nnz);
        mc.scores(b.ix, b.vx, rows.sparseRow(i, b.ix, b.vx), s);
      } else if (nnz >= 0 && m instanceof BinaryModel bm) {
        b.sparse(nnz);
        rows.sparseRow(i, b.ix, b.vx);
        s[0] = bm.score(Arrays.copyOf(b.ix, nnz), Arrays.copyOf(b.vx, nnz));
      } else {
        dense = b.dense(d);
        rows.denseRow(i, dense);
        m.scores(dense, s);
      }
      List<Float> row = new ArrayList<>(s.length);
      for (float x : s) {
        row.add(x);
      }
      all.add(row);
    }
    return new Json().put("labels", labels).put("scores", all).toString().getBytes(StandardCharsets.UTF_8);
  }

  /** The classes' names as JSON strings, for the labels they were made of. */
  private record QuotedLabels(io.github.simdperceptron.data.Labels labels, byte[][] quoted) {}

  private volatile QuotedLabels quoted;

  /**
   * {@code {"labels": [...]}} of the first n classes (an index into labels, or -1 for none: null),
   * as {@link Json} prints it, from each class name's JSON made once.
   */
  private byte[] labelsJson(io.github.simdperceptron.data.Labels labels, int[] classes, int n) {
    QuotedLabels q = quoted;
    if (q == null || q.labels() != labels) {
      byte[][] names = new byte[labels.size()][];
      for (int c = 0; c < names.length; c++) {
        names[c] = Json.quoted(labels.name(c)).getBytes(StandardCharsets.UTF_8);
      }
      q = new QuotedLabels(labels, names);
      quoted = q;
    }
    byte[][] names = q.quoted();
    byte[] none = "null".getBytes(StandardCharsets.US_ASCII);
    byte[] open = "{\"labels\":[".getBytes(StandardCharsets.US_ASCII);
    int size = open.length + 2 + Math.max(0, n - 1);
    for (int i = 0; i < n; i++) {
      size += classes[i] < 0 ? none.length : names[classes[i]].length;
    }
    byte[] out = new byte[size];
    System.arraycopy(open, 0, out, 0, open.length);
    int at = open.length;
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        out[at++] = ',';
      }
      byte[] name = classes[i] < 0 ? none : names[classes[i]];
      System.arraycopy(name, 0, out, at, name.length);
      at += name.length;
    }
    out[at++] = ']';
    out[at] = '}';
    return out;
  }

  /** The model predictions read now: the last batch's, or the file's when it cannot learn. */
  private LiveModel.Snapshot snapshot() {
    return live == null ? fixed : live.snapshot();
  }

  private void learning() throws Refusal {
    if (live == null) {
      throw new Refusal(403, "this server gives predictions only: " + readOnly);
    }
  }

  private String learn(HttpExchange ex, Buffers b) throws Refusal {
    learning();
    Model m = live.snapshot().model();
    RequestRows rows = rows(ex, b, m, true);
    try {
      rows.requireLabels(m.labels());
    } catch (RequestRows.Bad e) {
      throw new Refusal(400, e.getMessage());
    }
    int n = rows.size();
    Dataset batch = rows.dataset(m.labels());
    long mistakes;
    LiveModel.Snapshot s;
    synchronized (writer) {
      try {
        mistakes = live.learn(batch);
      } catch (IllegalArgumentException e) {
        throw new Refusal(400, e.getMessage().replace("batch: ", ""));
      } catch (IllegalStateException e) {
        throw new Refusal(503, "the server is stopping");
      }
      s = live.snapshot();
    }
    return new Json().put("examples", n).put("mistakes", mistakes).put("learnt", s.examples())
        .put("progressive_mistakes", s.mistakes()).toString();
  }

  private String saveNow() throws Refusal {
    learning();
    LiveModel.Snapshot s;
    synchronized (writer) {
      try {
        save(live.checkpoint());
      } catch (IOException e) {
        throw new Refusal(500, "saving " + model + " failed: " + Main.message(e));
      }
      s = live.snapshot();
    }
    return new Json().put("saved", model.toString()).put("learnt", s.examples()).toString();
  }

  private String describe() {
    LiveModel.Snapshot s = snapshot();
    ModelFile now = live == null ? from
        : new ModelFile(s.model(), from.algorithm(), from.bias(), from.options(), text);
    return new ModelSummary(now, 10).json().put("model", model.toString()).put("learnt", s.examples())
        .put("progressive_mistakes", s.mistakes()).toString();
  }

  private static void reply(HttpExchange ex, int status, String json) throws IOException {
    reply(ex, status, json.getBytes(StandardCharsets.UTF_8));
  }

  private static void reply(HttpExchange ex, int status, byte[] b) throws IOException {
    ex.getResponseHeaders().set("Content-Type", "application/json");
    ex.sendResponseHeaders(status, b.length);
    try (OutputStream o = ex.getResponseBody()) {
      o.write(b);
    }
  }
}
