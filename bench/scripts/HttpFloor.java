import com.sun.net.httpserver.HttpServer;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/**
 * The HTTP floor of a machine: the JDK's built-in server, with TCP_NODELAY and THREADS threads (as
 * perceptron serve runs it), answering every request with the same small JSON body after reading
 * the request's body. Prints its address as the first line, then serves until killed.
 *
 * <pre>
 * java bench/scripts/HttpFloor.java [PORT (0: any free one)] [THREADS]
 * </pre>
 */
public class HttpFloor {
  public static void main(String[] args) throws Exception {
    int port = args.length > 0 ? Integer.parseInt(args[0]) : 0;
    int threads = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    System.setProperty("sun.net.httpserver.nodelay", "true");
    byte[] body = "{\"labels\":[\"0\"]}".getBytes(StandardCharsets.UTF_8);
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
    server.setExecutor(Executors.newFixedThreadPool(threads));
    server.createContext("/", ex -> {
      try (InputStream in = ex.getRequestBody()) {
        in.transferTo(OutputStream.nullOutputStream());
      }
      ex.getResponseHeaders().set("Content-Type", "application/json");
      ex.sendResponseHeaders(200, body.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(body);
      }
    });
    server.start();
    System.out.println("http://127.0.0.1:" + server.getAddress().getPort());
    System.out.flush();
  }
}
