package io.github.simdperceptron.cli;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The options of one command and the values a command line gives them. An option takes a value
 * ({@code --epochs 5} or {@code --epochs=5}), converted to its type when the line is parsed, or is
 * a flag ({@code --json}, also {@code --json=true} or {@code =false}); a negatable flag also has
 * its {@code --no-} form ({@code --no-prefetch}). Each option may be given once. Every command
 * also takes {@code -h}/{@code --help}, {@code -V}/{@code --version} and {@code --debug}. A bad
 * command line is a {@link UsageException} naming the option and the value.
 */
final class Options {
  /** What an option's value is converted to; a flag takes none. */
  enum Type { TEXT, PATH, INT, LONG, FLOAT, DOUBLE, CHOICE, FLAG, NEGATABLE }

  private static final class Option {
    final String name;
    final String shortName;
    final Type type;
    final String label;
    final Object byDefault;
    final String description;
    boolean required;
    Enum<?>[] choices;
    String noun;

    Option(String name, String shortName, Type type, String label, Object byDefault, String description) {
      this.name = name;
      this.shortName = shortName;
      this.type = type;
      this.label = label;
      this.byDefault = byDefault;
      this.description = description;
    }

    boolean isFlag() {
      return type == Type.FLAG || type == Type.NEGATABLE;
    }

    /** The name as help shows it: "--epochs N", "--json", "--[no-]prefetch". */
    String display() {
      return type == Type.NEGATABLE ? "--[no-]" + name.substring(2) : isFlag() ? name : name + " " + label;
    }
  }

  private static final Option HELP = new Option("--help", "-h", Type.FLAG, null, false,
      "show this help and exit");
  private static final Option VERSION = new Option("--version", "-V", Type.FLAG, null, false,
      "print the version and exit");
  private static final Option DEBUG = new Option("--debug", null, Type.FLAG, null, false,
      "print the stack trace of a failure");
  private static final List<Option> STANDARD = List.of(HELP, VERSION, DEBUG);

  /** Help lines are wrapped to this many columns. */
  private static final int WIDTH = 80;

  /** Where option descriptions start in help. */
  private static final int DESCRIPTION_COLUMN = 27;

  private final String command;
  private final String[] description;
  private final List<Option> options = new ArrayList<>();
  private final Map<Option, Object> values = new HashMap<>();

  /** The options of {@code command} ("perceptron train"), which help describes with these paragraphs. */
  Options(String command, String... description) {
    this.command = command;
    this.description = description;
  }

  /** The command these options belong to, as messages name it: "perceptron train". */
  String command() {
    return command;
  }

  /** The paragraphs that describe the command. */
  String[] description() {
    return description.clone();
  }

  /** Adds an option that takes a value of {@code type} (TEXT to DOUBLE), shown as {@code label}; null when absent. */
  Options option(String name, Type type, String label, String description) {
    return option(name, type, label, null, description);
  }

  /** Adds an option that takes a value of {@code type} (TEXT to DOUBLE); {@code byDefault} when absent. */
  Options option(String name, Type type, String label, Object byDefault, String description) {
    options.add(new Option(name, null, type, label, byDefault, description));
    return this;
  }

  /**
   * Adds an option whose value is one of {@code choices}, by name in any case; {@code noun} says
   * what they are in messages ("an algorithm"). Null when absent.
   */
  Options choice(String name, String label, String noun, Enum<?>[] choices, String description) {
    Option o = new Option(name, null, Type.CHOICE, label, null, description);
    o.choices = choices.clone();
    o.noun = noun;
    options.add(o);
    return this;
  }

  /** Adds a flag: true when given, else false. */
  Options flag(String name, String description) {
    options.add(new Option(name, null, Type.FLAG, null, false, description));
    return this;
  }

  /** Adds a flag that {@code --no-NAME} turns off; {@code byDefault} (may be null) when neither is given. */
  Options negatable(String name, Boolean byDefault, String description) {
    options.add(new Option(name, null, Type.NEGATABLE, null, byDefault, description));
    return this;
  }

  /** Makes the option added last one that must be given. */
  Options required() {
    options.get(options.size() - 1).required = true;
    return this;
  }

  /**
   * Reads {@code args} into this object's values (modified): every element is an option, and
   * every option this object knows. Parsing stops at {@code --help} or {@code --version}, which
   * is all the command then does, so neither a later mistake nor a missing required option is an
   * error.
   */
  Options parse(List<String> args) {
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      String name = nameOf(arg);
      Option o = find(name);
      if (o == null) {
        throw new UsageException(arg.startsWith("-") && arg.length() > 1 ? "unknown option " + name
            : "unexpected argument '" + arg + "': " + command + " takes options only");
      }
      if (values.containsKey(o)) {
        throw new UsageException((o.isFlag() ? o.display() : o.name) + " is given twice; give it once");
      }
      Object value;
      if (o.isFlag()) {
        boolean on = name.equals(arg) || bool(name, arg.substring(name.length() + 1));
        value = on != (o.type == Type.NEGATABLE && !name.equals(o.name));
      } else if (!name.equals(arg)) {
        value = convert(o, arg.substring(name.length() + 1));
      } else if (i + 1 < args.size() && find(nameOf(args.get(i + 1))) == null) {
        value = convert(o, args.get(++i));
      } else {
        throw new UsageException(o.name + " needs a value (" + o.label + ")"
            + (i + 1 < args.size() ? ", not the option " + args.get(i + 1) : ""));
      }
      values.put(o, value);
      if (o == HELP || o == VERSION) {
        return this;
      }
    }
    List<String> missing = new ArrayList<>();
    for (Option o : options) {
      if (o.required && !values.containsKey(o)) {
        missing.add(o.display());
      }
    }
    if (!missing.isEmpty()) {
      throw new UsageException(list(missing, "and") + (missing.size() == 1 ? " is" : " are") + " required");
    }
    return this;
  }

  /**
   * The value of option {@code name} as its type: String (TEXT), Path, Integer, Long, Float,
   * Double, the chosen enum constant, or Boolean for a flag; its default when it was not given.
   */
  @SuppressWarnings("unchecked")
  <T> T get(String name) {
    Option o = declared(name);
    return (T) (values.containsKey(o) ? values.get(o) : o.byDefault);
  }

  /** Whether this command declares option {@code name}. */
  boolean has(String name) {
    return find(name) != null;
  }

  /** Whether the command line gave option {@code name}. */
  boolean given(String name) {
    return values.containsKey(declared(name));
  }

  /** The help: usage line, description, and every option with its description and default. */
  String help() {
    StringBuilder s = new StringBuilder("Usage: ").append(command);
    for (Option o : options) {
      if (o.required) {
        s.append(' ').append(o.display());
      }
    }
    s.append(" [OPTION]...\n");
    for (String paragraph : description) {
      columns(s, "", 0, paragraph);
    }
    s.append("\nOptions:\n");
    for (Option o : options) {
      row(s, o);
    }
    appendStandardOptions(s);
    return s.toString();
  }

  /** Appends to {@code s} (modified) the help of the options every command takes: help, version, debug. */
  static void appendStandardOptions(StringBuilder s) {
    for (Option o : STANDARD) {
      row(s, o);
    }
  }

  private static void row(StringBuilder s, Option o) {
    String names = (o.shortName == null ? "      " : "  " + o.shortName + ", ") + o.display();
    boolean showDefault = o.byDefault != null && !o.isFlag();
    columns(s, names, DESCRIPTION_COLUMN, o.description + (showDefault ? " (default: " + o.byDefault + ")" : ""));
  }

  /**
   * Appends to {@code s} (modified) {@code left}, then {@code text} from {@code column} on, on the
   * next line when {@code left} reaches it, wrapped to 80 columns at spaces.
   */
  static void columns(StringBuilder s, String left, int column, String text) {
    s.append(left);
    int at = left.length();
    if (at > 0 && at > column - 2) {
      s.append('\n');
      at = 0;
    }
    s.append(" ".repeat(column - at));
    at = column;
    boolean lineStart = true;
    for (String word : text.split(" ")) {
      if (!lineStart && at + 1 + word.length() > WIDTH) {
        s.append('\n').append(" ".repeat(column));
        at = column;
        lineStart = true;
      }
      if (!lineStart) {
        s.append(' ');
        at++;
      }
      s.append(word);
      at += word.length();
      lineStart = false;
    }
    s.append('\n');
  }

  /** "a", "a or b", "a, b or c" (with {@code last} "or"). */
  static String list(List<String> items, String last) {
    int n = items.size();
    return n == 1 ? items.get(0)
        : String.join(", ", items.subList(0, n - 1)) + " " + last + " " + items.get(n - 1);
  }

  /** The option part of an argument: {@code --epochs} of {@code --epochs=5}. */
  private static String nameOf(String arg) {
    int eq = arg.startsWith("--") ? arg.indexOf('=') : -1;
    return eq < 0 ? arg : arg.substring(0, eq);
  }

  private Option find(String name) {
    for (List<Option> list : List.of(options, STANDARD)) {
      for (Option o : list) {
        if (name.equals(o.name) || name.equals(o.shortName)
            || o.type == Type.NEGATABLE && name.equals("--no-" + o.name.substring(2))) {
          return o;
        }
      }
    }
    return null;
  }

  private Option declared(String name) {
    Option o = find(name);
    if (o == null) {
      throw new IllegalArgumentException(command + " has no option " + name);
    }
    return o;
  }

  private static boolean bool(String name, String text) {
    if (!text.equalsIgnoreCase("true") && !text.equalsIgnoreCase("false")) {
      throw new UsageException(name + ": '" + text + "' is not true or false");
    }
    return text.equalsIgnoreCase("true");
  }

  private static Object convert(Option o, String text) {
    if (text.isEmpty()) {
      throw new UsageException(o.name + " needs a value (" + o.label + "), not an empty one");
    }
    try {
      switch (o.type) {
        case PATH:
          return Path.of(text);
        case INT:
          return Integer.parseInt(text);
        case LONG:
          return Long.parseLong(text);
        case FLOAT:
          return Float.parseFloat(text);
        case DOUBLE:
          return Double.parseDouble(text);
        case CHOICE:
          return choose(o, text);
        default:
          return text;
      }
    } catch (NumberFormatException e) {
      boolean integer = o.type == Type.INT || o.type == Type.LONG;
      throw new UsageException(o.name + ": '" + text + "' is " + (!integer ? "not a number"
          : !text.matches("[-+]?[0-9]+") ? "not an integer" : o.type == Type.INT
          ? "out of range (" + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE + ")"
          : "out of range (" + Long.MIN_VALUE + " to " + Long.MAX_VALUE + ")"));
    } catch (InvalidPathException e) {
      throw new UsageException(o.name + ": '" + text + "' is not a file name (" + e.getReason() + ")");
    }
  }

  private static Enum<?> choose(Option o, String text) {
    List<String> names = new ArrayList<>();
    for (Enum<?> c : o.choices) {
      if (c.name().equalsIgnoreCase(text)) {
        return c;
      }
      names.add(c.name().toLowerCase(Locale.ROOT));
    }
    throw new UsageException(o.name + ": '" + text + "' is not " + o.noun + " (expected " + list(names, "or") + ")");
  }
}
