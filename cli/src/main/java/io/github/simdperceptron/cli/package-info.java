/**
 * The {@code perceptron} command ({@link io.github.simdperceptron.cli.Main}, launched by
 * {@code bin/perceptron}): train, eval, predict, diff, info, separable, plot, demo and the tag
 * actions, one package-private class a sub-command, over the library's public API.
 *
 * <p>Vocabulary: a sub-command's options are declared once ({@code Options}) and give its help;
 * bad usage or bad input is exit code 2 with one line on stderr naming the option, the file and
 * the line; a failed piece of work is exit code 1; {@code --json} prints one object on stdout, and
 * a progress line is drawn on stderr only when it is a terminal. docs/command.md lists every
 * sub-command and option.
 */
package io.github.simdperceptron.cli;
