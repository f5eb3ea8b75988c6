package io.github.simdperceptron.cli;

import io.github.simdperceptron.io.FormatException;
import io.github.simdperceptron.learn.OptionException;
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
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The {@code perceptron} command. Exit codes: 0 success, 1 the work failed (e.g. diff found a
 * disagreement, a write failed), 2 bad usage or bad input; failures print one line on stderr
 * naming what was wrong, and a stack trace only with {@code --debug}.
 */
@Command(name = "perceptron", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
    description = "Perceptron learners on JDK Vector API kernels, with a literal scalar reference to diff against.",
    footer = {"", "Exit codes: 0 success, 1 failure of the work (e.g. a diff disagreement), 2 bad usage or input."})
public final class Main implements Runnable {
  @Option(names = "--debug", scope = ScopeType.INHERIT, description = "print the stack trace of a failure")
  boolean debug;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a sub-command is required");
  }

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
    CommandLine cl = new CommandLine(new Main());
    // Building a sub-command's model (reflection over its options) is a good part of a cold start:
    // when the first argument names one, only that one is built.
    Map<String, Supplier<Object>> commands = new LinkedHashMap<>();
    commands.put("demo", DemoCommand::new);
    commands.put("train", TrainCommand::new);
    commands.put("predict", PredictCommand::new);
    commands.put("eval", EvalCommand::new);
    commands.put("diff", DiffCommand::new);
    commands.put("info", InfoCommand::new);
    Supplier<Object> only = args.length > 0 ? commands.get(args[0]) : null;
    if (only != null) {
      cl.addSubcommand(args[0], only.get());
    } else {
      commands.forEach((name, command) -> cl.addSubcommand(name, command.get()));
    }
    cl.setOut(out);
    cl.setErr(err);
    cl.setParameterExceptionHandler((ex, a) -> {
      String name = ex.getCommandLine().getCommandSpec().qualifiedName();
      err.println(name + ": " + ex.getMessage() + " (see '" + name + " --help')");
      if (debug) {
        ex.printStackTrace(err);
      }
      err.flush();
      return CommandLine.ExitCode.USAGE;
    });
    cl.setExecutionExceptionHandler((ex, c, parsed) -> {
      int code = exitCode(ex);
      err.println(c.getCommandSpec().qualifiedName() + ": " + message(ex));
      if (debug) {
        ex.printStackTrace(err);
      }
      err.flush();
      return code;
    });
    int code;
    try {
      code = cl.execute(args);
    } catch (OutOfMemoryError e) {
      err.println("perceptron" + (args.length > 0 && !args[0].startsWith("-") ? " " + args[0] : "") + ": "
          + message(e));
      if (debug) {
        e.printStackTrace(err);
      }
      code = exitCode(e);
    }
    if (out.checkError()) {
      IOException why = outFailure.get();
      err.println("perceptron: writing standard output failed" + (why == null || why.getMessage() == null ? ""
          : " (" + why.getMessage() + ")") + ": the output is incomplete");
      code = code == 0 ? 1 : code;
    }
    err.flush();
    return code;
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
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() throws IOException {
      return new String[] {"perceptron " + version() + ", Java " + System.getProperty("java.version")};
    }

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
}
