package io.github.simdperceptron.cli;

import static io.github.simdperceptron.cli.CliTest.assertOneLineError;
import static io.github.simdperceptron.cli.CliTest.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.cli.CliTest.Result;
import io.github.simdperceptron.learn.Algorithm;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The option parser: syntax, types, defaults, the errors that name the option, and help. */
class OptionsTest {
  /** One option of every kind. */
  static Options spec() {
    return new Options("perceptron test", "A command to test the parser with.")
        .option("--file", Options.Type.PATH, "FILE", "a file").required()
        .option("--count", Options.Type.INT, "N", 10, "how many")
        .option("--seed", Options.Type.LONG, "S", 0L, "a seed")
        .option("--rate", Options.Type.FLOAT, "R", "a rate")
        .option("--fraction", Options.Type.DOUBLE, "F", "a fraction")
        .option("--name", Options.Type.TEXT, "NAME", "a name")
        .choice("--mode", "MODE", "a mode", TrainArgs.Multiclass.values(), "ovr or direct")
        .flag("--json", "print JSON")
        .negatable("--prefetch", true, "read ahead")
        .negatable("--header", null, "the first line is a header");
  }

  static Options parse(String... args) {
    return spec().parse(List.of(args));
  }

  /** Parsing {@code args} is refused with a message that holds {@code message}. */
  static void refused(String message, String... args) {
    UsageException e = assertThrows(UsageException.class, () -> parse(args), String.join(" ", args));
    assertTrue(e.getMessage().contains(message), e.getMessage());
  }

  @Test
  void valuesHaveTheirTypeAndOptionsNotGivenTheirDefault() {
    Options o = parse("--file", "d.svm", "--rate", "0.5", "--fraction", "0.25", "--name", "x", "--mode", "direct");
    assertEquals(Path.of("d.svm"), o.<Path>get("--file"));
    assertEquals(10, o.<Integer>get("--count"));
    assertEquals(0L, o.<Long>get("--seed"));
    assertEquals(0.5f, o.<Float>get("--rate"));
    assertEquals(0.25, o.<Double>get("--fraction"));
    assertEquals("x", o.<String>get("--name"));
    assertEquals(TrainArgs.Multiclass.direct, o.get("--mode"));
    assertFalse(o.<Boolean>get("--json"));
    assertTrue(o.<Boolean>get("--prefetch"));
    assertNull(o.get("--header"));
    assertTrue(o.given("--rate"));
    assertFalse(o.given("--count"));
    Options none = parse("--file", "d.svm");
    assertNull(none.get("--rate"));
    assertNull(none.get("--mode"));
    assertThrows(IllegalArgumentException.class, () -> none.get("--nope"));
  }

  @Test
  void aValueFollowsTheOptionOrAnEqualsSign() {
    Options o = parse("--file=d.svm", "--count=-3", "--seed", "-7", "--name=a=b", "--rate=1e3");
    assertEquals(Path.of("d.svm"), o.<Path>get("--file"));
    assertEquals(-3, o.<Integer>get("--count"));
    assertEquals(-7L, o.<Long>get("--seed"));
    assertEquals("a=b", o.<String>get("--name"));
    assertEquals(1000f, o.<Float>get("--rate"));
    assertEquals(Path.of("-"), parse("--file", "-").get("--file"), "- is standard input, not an option");
    assertEquals("--other", parse("--file", "f", "--name", "--other").get("--name"), "not an option of the command");
  }

  @Test
  void flagsTakeTrueOrFalseAndNegatableOnesTheirNoForm() {
    assertTrue(parse("--file", "f", "--json").<Boolean>get("--json"));
    assertTrue(parse("--file", "f", "--json=true").<Boolean>get("--json"));
    assertFalse(parse("--file", "f", "--json=FALSE").<Boolean>get("--json"));
    assertFalse(parse("--file", "f", "--no-prefetch").<Boolean>get("--prefetch"));
    assertTrue(parse("--file", "f", "--prefetch").<Boolean>get("--prefetch"));
    assertTrue(parse("--file", "f", "--no-prefetch=false").<Boolean>get("--prefetch"));
    assertEquals(Boolean.TRUE, parse("--file", "f", "--header").get("--header"));
    assertEquals(Boolean.FALSE, parse("--file", "f", "--no-header").get("--header"));
    refused("--json: 'yes' is not true or false", "--file", "f", "--json=yes");
    refused("unknown option --no-json", "--file", "f", "--no-json");
  }

  @Test
  void choicesAreNamedInAnyCase() {
    assertEquals(TrainArgs.Multiclass.ovr, parse("--file", "f", "--mode", "OVR").get("--mode"));
    refused("--mode: 'both' is not a mode (expected ovr or direct)", "--file", "f", "--mode", "both");
  }

  @Test
  void unknownOptionsAndArgumentsAreRefused() {
    refused("unknown option --bogus", "--file", "f", "--bogus");
    refused("unknown option --bogus", "--file", "f", "--bogus=3");
    refused("unknown option -x", "--file", "f", "-x");
    refused("unexpected argument 'extra': perceptron test takes options only", "--file", "f", "extra");
  }

  @Test
  void aMissingValueIsNamed() {
    refused("--count needs a value (N)", "--file", "f", "--count");
    refused("--file needs a value (FILE), not the option --json", "--file", "--json");
    refused("--file needs a value (FILE), not the option -h", "--file", "-h");
    refused("--name needs a value (NAME), not an empty one", "--file", "f", "--name=");
    refused("--file FILE is required", "--count", "3");
  }

  @Test
  void badNumbersNameTheOptionAndTheValue() {
    refused("--count: 'x' is not an integer", "--file", "f", "--count", "x");
    refused("--count: '1.5' is not an integer", "--file", "f", "--count=1.5");
    refused("--count: '99999999999' is out of range (-2147483648 to 2147483647)", "--file", "f", "--count",
        "99999999999");
    refused("--seed: '1e3' is not an integer", "--file", "f", "--seed", "1e3");
    refused("--rate: 'fast' is not a number", "--file", "f", "--rate", "fast");
    refused("--fraction: '1/2' is not a number", "--file", "f", "--fraction", "1/2");
    refused("--file: 'a\0b' is not a file name", "--file", "a\0b");
  }

  @Test
  void anOptionGivenTwiceIsRefused() {
    refused("--count is given twice; give it once", "--file", "f", "--count", "3", "--count=4");
    refused("--json is given twice", "--file", "f", "--json", "--json");
    refused("--[no-]prefetch is given twice", "--file", "f", "--prefetch", "--no-prefetch");
    refused("--file is given twice", "--file", "f", "--file", "f");
  }

  @Test
  void helpAndVersionStopTheParsing() {
    assertTrue(parse("--help", "--bogus").<Boolean>get("--help"), "nothing after --help is an error");
    assertTrue(parse("-h").<Boolean>get("--help"), "required options are not required for help");
    assertTrue(parse("-V").<Boolean>get("--version"));
    assertTrue(parse("--file", "f", "--version").<Boolean>get("--version"));
    assertTrue(parse("--debug", "--file", "f").<Boolean>get("--debug"));
    refused("unknown option --bogus", "--bogus", "--help");
  }

  @Test
  void helpListsEveryOptionWithItsLabelDescriptionAndDefault() {
    String help = spec().help();
    assertTrue(help.startsWith("Usage: perceptron test --file FILE [OPTION]...\nA command to test the parser with.\n"),
        help);
    for (String line : List.of("      --file FILE          a file", "      --count N            how many (default: 10)",
        "      --rate R             a rate", "      --mode MODE          ovr or direct", "      --json               print JSON",
        "      --[no-]prefetch      read ahead", "  -h, --help               show this help and exit",
        "  -V, --version            print the version and exit", "      --debug              print the stack trace")) {
      assertTrue(help.contains("\n" + line), line + " in\n" + help);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"demo", "train", "predict", "eval", "diff", "info"})
  void everySubCommandsHelpFitsEightyColumns(String sub) {
    for (String args : List.of(sub + " --help", sub + " -h", "--help")) {
      Result r = run(args.split(" "));
      assertEquals(0, r.code(), r.err());
      assertEquals("", r.err());
      r.out().lines().forEach(l -> assertTrue(l.length() <= 80, l));
    }
    assertTrue(run(sub, "-h").out().startsWith("Usage: perceptron " + sub));
    assertTrue(run("--help").out().contains("\n  " + sub + " "), sub);
  }

  @Test
  void trainHelpShowsTheRequiredOptionsAndTheDefaults() {
    String help = run("train", "--help").out();
    assertTrue(help.startsWith("Usage: perceptron train --data FILE --model OUT [OPTION]...\n"), help);
    for (String option : List.of("--data FILE", "--test FILE", "--test-labels FILE", "--algorithm ALG",
        "--multiclass MODE", "--epochs N", "--seed S", "--no-shuffle", "--no-bias", "--margin TAU", "--vote-cap K",
        "--[no-]prefetch", "--validation-fraction F", "--patience P", "--model OUT", "--json", "--format FORMAT",
        "--delimiter C", "--[no-]header", "--label-column COL", "--zero-based", "--labels FILE")) {
      assertTrue(help.contains("\n      " + option + " ") || help.contains("\n      " + option + "\n"),
          option + " in\n" + help);
    }
    assertTrue(help.contains("at most N passes (default: 10)"), help);
    assertTrue(help.contains("(default: 5)"), help);
  }

  @Test
  void versionOnTheCommandAndOnEverySubCommand() {
    String version = run("--version").out();
    assertTrue(version.startsWith("perceptron "), version);
    assertEquals(version, run("-V").out());
    assertEquals(version, run("train", "--version").out());
    assertEquals(version, run("info", "-V").out());
  }

  @Test
  void parseErrorsAreOneLinePointingToHelp() {
    assertOneLineError(run("train", "--bogus"), 2, "perceptron train: unknown option --bogus",
        "(see 'perceptron train --help')");
    assertOneLineError(run("info", "--top"), 2, "perceptron info: --top needs a value (N)");
    assertOneLineError(run("info", "--top", "x"), 2, "perceptron info: --top: 'x' is not an integer");
    assertOneLineError(run("demo", "--epochs", "3", "--epochs", "4"), 2, "--epochs is given twice");
    assertOneLineError(run("train", "--data", "d"), 2, "--model OUT is required");
    assertOneLineError(run(), 2, "perceptron: a sub-command is required (see 'perceptron --help')");
    assertOneLineError(run("--bogus", "info"), 2, "perceptron: unknown option --bogus");
    assertOneLineError(run("frobnicate"), 2, "'frobnicate' is not a sub-command: demo, train, learn, serve, predict, eval,"
        + " diff, info, tag, separable or plot");
  }

  @Test
  void debugIsTakenBeforeAndAfterTheSubCommand() {
    assertEquals(0, run("--debug", "info", "--json").code());
    assertEquals(0, run("info", "--json", "--debug").code());
    Result r = run("--debug");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("\tat "), r.err());
  }

  @Test
  void trainingOptionsReachTheLearner() {
    TrainArgs t = CliTest.trainArgs("--data", "d", "--algorithm=Averaged", "--model", "m", "--epochs=3", "--seed",
        "-5", "--no-shuffle", "--no-bias", "--multiclass", "ovr");
    assertEquals(Algorithm.AVERAGED, t.algorithm);
    assertEquals(TrainArgs.Multiclass.ovr, t.multiclass);
    assertEquals(3, t.options().maxEpochs());
    assertEquals(-5L, t.options().seed());
    assertFalse(t.options().shuffle());
    assertFalse(t.options().bias());
    TrainArgs margin = CliTest.trainArgs("--data", "d", "--algorithm", "margin", "--model", "m", "--margin", "2.5");
    assertEquals(2.5f, margin.options().tau());
  }
}
