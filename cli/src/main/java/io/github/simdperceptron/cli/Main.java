package io.github.simdperceptron.cli;

import io.github.simdperceptron.io.internal.FormatException;
import io.github.simdperceptron.learn.internal.OptionException;
import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.function.Supplier;

/**
 * The {@code perceptron} command. Exit codes: 0 success, 1 the work failed (e.g. diff found a
 * disagreement, a write failed), 2 bad usage or bad input; failures print one line on stderr
 * naming what was wrong, and a stack trace only with {@code --debug}.
 */
public final class Main {
  /** The sub-commands, in the order help lists them. */
  private static final List<String> COMMANDS = List.of("demo", "train", "learn", "serve", "predict", "eval", "diff",
      "info", "tag", "separable", "plot");

  private Main() {}

  /** Runs the command on the process's standard streams and exits with its code. */
  public static void main(String[] args) {
    OutputSink stdout = new OutputSink(new FileOutputStream(FileDescriptor.out));
    // Line by line on a terminal (demo's table as it grows); in blocks into a file or a pipe.
    PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8),
        1 << 16), System.console() != null);
    System.exit(run(args, out, new PrintWriter(System.err, true), stdout::failure));
  }

  /** Runs the command with these streams; returns the exit code. */
  static int run(String[] args, PrintWriter out, PrintWriter err) {
    return run(args, out, err, () -> null);
  }

  /**
   * Runs the command; a failed write to {@code out} (a full disk, a closed pipe) makes a
   * successful run exit with 1, and {@code outFailure} says why when it knows.
   */
  static int run(String[] args, PrintWriter out, PrintWriter err, Supplier<IOException> outFailure) {
    boolean debug = Arrays.asList(args).contains("--debug");
    int code = execute(Arrays.asList(args), out, err, debug);
    if (out.checkError()) {
      IOException why = outFailure.get();
      err.println("perceptron: writing standard output failed" + (why == null || why.getMessage() == null ? ""
          : " (" + why.getMessage() + ")") + ": the output is incomplete");
      code = code == 0 ? 1 : code;
    }
    err.flush();
    return code;
  }

  /** Parses the command line and does what it asks: help, the version, or a sub-command's work. */
  private static int execute(List<String> args, PrintWriter out, PrintWriter err, boolean debug) {
    // The options before the sub-command's name are the command's own: --help, --version, --debug.
    int at = 0;
    while (at < args.size() && args.get(at).startsWith("-") && args.get(at).length() > 1) {
      at++;
    }
    Options top = new Options("perceptron");
    Options given = top;
    try {
      given.parse(args.subList(0, at));
      if (!given.<Boolean>get("--help") && !given.<Boolean>get("--version")) {
        if (at == args.size()) {
          throw new UsageException("a sub-command is required");
        }
        String name = args.get(at);
        if (!COMMANDS.contains(name)) {
          throw new UsageException("'" + name + "' is not a sub-command: " + Options.list(COMMANDS, "or"));
        }
        if (name.equals("tag")) {
          name = TagCommand.command(args.subList(at + 1, args.size()));
        }
        given = options(name);
        given.parse(args.subList(at + (name.startsWith("tag ") ? 2 : 1), args.size()));
      }
    } catch (UsageException e) {
      return failed(err, given.command(), e.getMessage() + " (see '" + given.command() + " --help')", e, debug, 2);
    }
    try {
      if (given.<Boolean>get("--help")) {
        out.print(given == top ? help() : given.help());
        return 0;
      }
      if (given.<Boolean>get("--version")) {
        out.println("perceptron " + version() + ", Java " + System.getProperty("java.version"));
        return 0;
      }
      return call(given.command().substring("perceptron ".length()), given, out, err);
    } catch (OutOfMemoryError | Exception e) {
      return failed(err, given.command(), message(e), e, debug, exitCode(e));
    }
  }

  /** Prints "COMMAND: MESSAGE" on {@code err}, and with {@code debug} the stack trace; returns {@code code}. */
  private static int failed(PrintWriter err, String command, String message, Throwable e, boolean debug, int code) {
    err.println(command + ": " + message);
    if (debug) {
      e.printStackTrace(err);
    }
    err.flush();
    return code;
  }

  /** The options of sub-command {@code name}, one of {@link #COMMANDS}. */
  static Options options(String name) {
    switch (name) {
      case "demo":
        return DemoCommand.options();
      case "train":
        return TrainCommand.options();
      case "learn":
        return LearnCommand.options();
      case "serve":
        return ServeCommand.options();
      case "predict":
        return PredictCommand.options();
      case "eval":
        return EvalCommand.options();
      case "diff":
        return DiffCommand.options();
      case "info":
        return InfoCommand.options();
      case "tag":
      case "tag train":
      case "tag eval":
      case "tag predict":
        return TagCommand.options(name);
      case "separable":
        return SeparableCommand.options();
      case "plot":
        return PlotCommand.options();
      default:
        throw new IllegalArgumentException("no sub-command " + name);
    }
  }

  /** Does the work of sub-command {@code name} with the values {@code given} holds; returns the exit code. */
  private static int call(String name, Options given, PrintWriter out, PrintWriter err) throws IOException {
    switch (name) {
      case "demo":
        return new DemoCommand(given, out).call();
      case "train":
        return new TrainCommand(given, out, err).call();
      case "learn":
        return new LearnCommand(given, out, err).call();
      case "serve":
        return new ServeCommand(given, out, err).call();
      case "predict":
        return new PredictCommand(given, out, err).call();
      case "eval":
        return new EvalCommand(given, out, err).call();
      case "diff":
        return new DiffCommand(given, out, err).call();
      case "info":
        return new InfoCommand(given, out).call();
      case "tag":
      case "tag train":
      case "tag eval":
      case "tag predict":
        return new TagCommand(name, given, out, err).call();
      case "separable":
        return new SeparableCommand(given, out, err).call();
      case "plot":
        return new PlotCommand(given, out, err).call();
      default:
        throw new IllegalArgumentException("no sub-command " + name);
    }
  }

  /** The help of the command itself: its sub-commands and its own options. */
  private static String help() {
    StringBuilder s = new StringBuilder("Usage: perceptron [-hV] [--debug] COMMAND [OPTION]...\n");
    Options.columns(s, "", 0,
        "Perceptron learners on JDK Vector API kernels, with a literal scalar reference to diff against.");
    s.append("\nCommands:\n");
    for (String name : COMMANDS) {
      Options.columns(s, "  " + name, 11, options(name).description()[0]);
    }
    s.append("\nOptions:\n");
    Options.appendStandardOptions(s);
    s.append('\n');
    Options.columns(s, "", 0, "'perceptron COMMAND --help' lists the options of a command.");
    Options.columns(s, "", 0,
        "Exit codes: 0 success, 1 failure of the work (e.g. a diff disagreement), 2 bad usage or input.");
    return s.toString();
  }

  static int exitCode(Throwable ex) {
    if (ex instanceof UsageException || ex instanceof FormatException || ex instanceof NoSuchFileException
        || ex instanceof AccessDeniedException || ex instanceof IllegalArgumentException
        || ex instanceof IllegalStateException) {
      return 2;
    }
    return 1;
  }

  static String message(Throwable ex) {
    if (ex instanceof NoSuchFileException) {
      return ((NoSuchFileException) ex).getFile() + ": no such file or directory";
    }
    if (ex instanceof AccessDeniedException) {
      return ((AccessDeniedException) ex).getFile() + ": permission denied";
    }
    if (ex instanceof FileSystemException) {
      FileSystemException f = (FileSystemException) ex;
      return f.getFile() + ": " + (f.getReason() != null ? f.getReason() : f.getClass().getSimpleName());
    }
    if (ex instanceof OutOfMemoryError) {
      long mb = Runtime.getRuntime().maxMemory() >> 20;
      return "out of memory" + (ex instanceof DataOutOfMemory ? " " + ex.getMessage() : " (" + ex.getMessage() + ")")
          + " in a heap of " + mb + " MB: give Java more, e.g. JAVA_OPTS=-Xmx" + Math.max(1, mb / 512) + "g"
          + " (README: how much memory a file needs)";
    }
    if (ex instanceof OptionException) {
      return TrainArgs.usage((OptionException) ex).getMessage();
    }
    String m = ex.getMessage();
    if (ex instanceof UsageException || ex instanceof WorkFailure || ex instanceof FormatException) {
      return m;
    }
    String kind = ex instanceof IOException ? "I/O error" : ex.getClass().getSimpleName();
    return m == null ? kind : kind.equals("IllegalArgumentException") || kind.equals("IllegalStateException")
        ? m.replace('\n', ' ') : kind + ": " + m.replace('\n', ' ');
  }

  /** The version Maven wrote into version.properties when it built the command. */
  static String version() throws IOException {
    Properties p = new Properties();
    try (InputStream in = Main.class.getResourceAsStream("version.properties")) {
      if (in == null) {
        throw new IOException("version.properties is missing from the build");
      }
      p.load(in);
    }
    return p.getProperty("version");
  }
}
