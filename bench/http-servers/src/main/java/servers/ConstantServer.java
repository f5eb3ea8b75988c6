package servers;

import com.sun.net.httpserver.HttpServer;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerKeepAliveHandler;
import io.netty.handler.codec.http.HttpVersion;
import io.undertow.Undertow;
import io.undertow.util.Headers;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;

/**
 * One HTTP/1.1 server on 127.0.0.1 that reads each request's body and answers with the same small
 * JSON body, keep-alive, TCP_NODELAY, on the library named: {@code jdk} (com.sun.net.httpserver,
 * THREADS worker threads, as {@code perceptron serve} runs it), {@code jetty} (12, its default
 * thread pool, one selector per core), {@code undertow} (THREADS I/O threads, the handler on the
 * I/O thread), {@code netty} (THREADS event loops, aggregated requests). Prints its address as the
 * first line once it accepts connections, then serves until killed. The {@code jdk} server is
 * bench/scripts/HttpFloor.java's, compiled here with the others so that their start-up times
 * compare (a source-file launch would add the compiler's).
 *
 * <pre>
 * java -cp target/classes:$(cat target/classpath.txt) servers.ConstantServer LIBRARY [PORT] [THREADS]
 * </pre>
 */
public final class ConstantServer {
  private static final byte[] BODY = "{\"labels\":[\"0\"]}".getBytes(StandardCharsets.UTF_8);

  private ConstantServer() {}

  public static void main(String[] args) throws Exception {
    String library = args.length > 0 ? args[0] : "jdk";
    int port = args.length > 1 ? Integer.parseInt(args[1]) : 0;
    int threads = args.length > 2 ? Integer.parseInt(args[2]) : 2;
    int bound;
    switch (library) {
      case "jdk":
        bound = jdk(port, threads);
        break;
      case "jetty":
        bound = jetty(port, threads);
        break;
      case "undertow":
        bound = undertow(port, threads);
        break;
      case "netty":
        bound = netty(port, threads);
        break;
      default:
        throw new IllegalArgumentException("library must be jdk, jetty, undertow or netty, got " + library);
    }
    System.out.println("http://127.0.0.1:" + bound);
    System.out.flush();
  }

  private static int jdk(int port, int threads) throws Exception {
    System.setProperty("sun.net.httpserver.nodelay", "true");
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
    server.setExecutor(Executors.newFixedThreadPool(threads));
    server.createContext("/", ex -> {
      try (InputStream in = ex.getRequestBody()) {
        in.transferTo(OutputStream.nullOutputStream());
      }
      ex.getResponseHeaders().set("Content-Type", "application/json");
      ex.sendResponseHeaders(200, BODY.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(BODY);
      }
    });
    server.start();
    return server.getAddress().getPort();
  }

  private static int jetty(int port, int threads) throws Exception {
    Server server = new Server();
    ServerConnector connector = new ServerConnector(server, 1, threads, new HttpConnectionFactory());
    connector.setHost("127.0.0.1");
    connector.setPort(port);
    connector.setAcceptedTcpNoDelay(true);
    server.addConnector(connector);
    server.setHandler(new Handler.Abstract() {
      @Override
      public boolean handle(Request request, Response response, Callback callback) throws Exception {
        try (InputStream in = Content.Source.asInputStream(request)) {
          in.transferTo(OutputStream.nullOutputStream());
        }
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, BODY.length);
        response.write(true, ByteBuffer.wrap(BODY), callback);
        return true;
      }
    });
    server.start();
    return connector.getLocalPort();
  }

  private static int undertow(int port, int threads) {
    Undertow server = Undertow.builder()
        .addHttpListener(port, "127.0.0.1")
        .setIoThreads(threads)
        .setSocketOption(org.xnio.Options.TCP_NODELAY, true)
        .setHandler(exchange -> exchange.getRequestReceiver().receiveFullBytes((ex, data) -> {
          ex.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
          ex.getResponseSender().send(ByteBuffer.wrap(BODY));
        }))
        .build();
    server.start();
    return ((InetSocketAddress) server.getListenerInfo().get(0).getAddress()).getPort();
  }

  private static int netty(int port, int threads) throws InterruptedException {
    MultiThreadIoEventLoopGroup group = new MultiThreadIoEventLoopGroup(threads, NioIoHandler.newFactory());
    ServerBootstrap b = new ServerBootstrap()
        .group(group)
        .channel(NioServerSocketChannel.class)
        .childOption(ChannelOption.TCP_NODELAY, true)
        .childHandler(new ChannelInitializer<SocketChannel>() {
          @Override
          protected void initChannel(SocketChannel ch) {
            ch.pipeline().addLast(new HttpServerCodec(), new HttpServerKeepAliveHandler(),
                new HttpObjectAggregator(64 << 20), new SimpleChannelInboundHandler<FullHttpRequest>() {
                  @Override
                  protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
                    FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                        Unpooled.wrappedBuffer(BODY));
                    r.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json");
                    r.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, BODY.length);
                    ctx.writeAndFlush(r);
                  }

                  @Override
                  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                    ctx.close();
                  }
                });
          }
        });
    Channel channel = b.bind("127.0.0.1", port).sync().channel();
    return ((InetSocketAddress) channel.localAddress()).getPort();
  }
}
