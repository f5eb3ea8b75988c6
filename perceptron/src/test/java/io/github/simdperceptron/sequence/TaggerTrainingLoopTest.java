package io.github.simdperceptron.sequence;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.simdperceptron.learn.Algorithm;
import io.github.simdperceptron.learn.TrainingOptions;
import io.github.simdperceptron.learn.TrainingReport;
import io.github.simdperceptron.learn.internal.TrainingLoop;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The structured perceptron in the one training loop: the validation split of sentences, early
 * stopping with patience on their token accuracy, the report, progress and cancellation.
 */
class TaggerTrainingLoopTest {
  private static final int MAX_EPOCHS = 40;
  private static final double FRACTION = 0.3;

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  private static TaggedCorpus sample() throws IOException {
    try (InputStream in = TaggerTrainingLoopTest.class.getResourceAsStream("/sequence/brown-sample.txt")) {
      return TaggedCorpus.read(in, "brown-sample.txt", TaggedCorpus.Format.SLASH);
    }
  }

  /** A rule that records the sentences the loop has its learner visit, one list per epoch. */
  private static final class Recording implements TrainingLoop.Rule<TagWeights> {
    final StructuredPerceptron learner;
    final List<List<Integer>> visits = new ArrayList<>();

    Recording(StructuredPerceptron learner) {
      this.learner = learner;
    }

    @Override
    public String name() {
      return learner.name();
    }

    @Override
    public void epochStarting() {
      visits.add(new ArrayList<>());
      learner.epochStarting();
    }

    @Override
    public int visit(int i) {
      visits.get(visits.size() - 1).add(i);
      return learner.visit(i);
    }

    @Override
    public TagWeights model() {
      return learner.model();
    }

    @Override
    public TagWeights finalModel() {
      return learner.finalModel();
    }

    @Override
    public double accuracy(TagWeights model, int[] examples) {
      return learner.accuracy(model, examples);
    }

    @Override
    public double trainingError(TagWeights model, int[] examples) {
      return learner.trainingError(model, examples);
    }
  }

  /** The tokens of the sentences given that the weights decode right, counted here, and the tokens. */
  private static long[] correctTokens(TagWeights m, boolean viterbi, Encoded data, int[] sentences) {
    Lattice lattice = new Lattice(m.kp);
    long correct = 0;
    long tokens = 0;
    for (int s : sentences) {
      int from = data.sentencePtr[s];
      int n = data.sentencePtr[s + 1] - from;
      int[][] ids = new int[n][];
      for (int t = 0; t < n; t++) {
        ids[t] = data.idsOf(from + t);
      }
      Encoded one = explicit(ids, Arrays.copyOfRange(data.gold, from, from + n));
      int[] out = new int[n];
      lattice.decode(m, viterbi, one.ids, one.tokenPtr, 0, n, out);
      for (int t = 0; t < n; t++) {
        correct += out[t] == data.gold[from + t] ? 1 : 0;
      }
      tokens += n;
    }
    return new long[] {correct, tokens};
  }

  /** One sentence of explicit ids. */
  private static Encoded explicit(int[][] ids, int[] gold) {
    return subset(new int[][][] {ids}, new int[][] {gold});
  }

  /** Sentences of explicit ids: sentence s's token t has ids[s][t] and tag gold[s][t]. */
  private static Encoded subset(int[][][] ids, int[][] gold) {
    int tokens = Arrays.stream(gold).mapToInt(g -> g.length).sum();
    int[] tokenPtr = new int[tokens + 1];
    int[] sentencePtr = new int[ids.length + 1];
    int[] tags = new int[tokens];
    List<Integer> all = new ArrayList<>();
    int t = 0;
    int longest = 0;
    for (int s = 0; s < ids.length; s++) {
      for (int i = 0; i < ids[s].length; i++, t++) {
        for (int id : ids[s][i]) {
          all.add(id);
        }
        tokenPtr[t + 1] = all.size();
        tags[t] = gold[s][i];
      }
      sentencePtr[s + 1] = t;
      longest = Math.max(longest, ids[s].length);
    }
    return new Encoded(all.stream().mapToInt(Integer::intValue).toArray(), tokenPtr, sentencePtr, tags, longest);
  }

  /** The sentences given of data, in that order, as explicit ids. */
  private static Encoded subset(Encoded data, int[] sentences) {
    int[][][] ids = new int[sentences.length][][];
    int[][] gold = new int[sentences.length][];
    for (int j = 0; j < sentences.length; j++) {
      int from = data.sentencePtr[sentences[j]];
      int n = data.sentencePtr[sentences[j] + 1] - from;
      ids[j] = new int[n][];
      for (int t = 0; t < n; t++) {
        ids[j][t] = data.idsOf(from + t);
      }
      gold[j] = Arrays.copyOfRange(data.gold, from, from + n);
    }
    return subset(ids, gold);
  }

  private static void assertSameWeights(TagWeights expected, TagWeights actual, String where) {
    for (float[][] pair : new float[][][] {{expected.w, actual.w}, {expected.trans, actual.trans},
        {expected.start, actual.start}, {expected.end, actual.end}}) {
      assertEquals(pair[0].length, pair[1].length, where);
      for (int j = 0; j < pair[0].length; j++) {
        assertEquals(Float.floatToRawIntBits(pair[0][j]), Float.floatToRawIntBits(pair[1][j]), where + ": weight " + j);
      }
    }
  }

  /**
   * A validation fraction holds sentences out of every epoch, measures their token accuracy after
   * each, stops {@code patience} epochs after the first best one and returns that epoch's weights:
   * the weights a run without validation on the training sentences alone makes in as many epochs
   * (the same seed, so the same order), bit for bit.
   */
  @Test
  void earlyStoppingHoldsSentencesOutAndKeepsTheBestEpoch() throws IOException {
    TaggedCorpus corpus = sample();
    int stoppedEarly = 0;
    for (Tagger.Settings settings : new Tagger.Settings[] {Tagger.Settings.defaults(),
        Tagger.Settings.defaults().hashBits(10).decoder(Tagger.Decoder.GREEDY)}) {
      Tagger.Prepared p = Tagger.prepare(corpus, settings);
      boolean viterbi = settings.decoder() == Tagger.Decoder.VITERBI;
      int n = p.data.sentences();
      int k = p.tags.length;
      int d = p.space.size();
      for (boolean averaged : new boolean[] {false, true}) {
        for (int patience = 1; patience <= 3; patience++) {
          long seed = 10 * patience + (averaged ? 1 : 0);
          String where = settings + (averaged ? " averaged" : " plain") + " patience " + patience + " seed " + seed;
          Recording rule = new Recording(new StructuredPerceptron(k, d, averaged, viterbi, p.data));
          TrainingLoop.Result<TagWeights> run = TrainingLoop.fit(rule, n, TrainingOptions.builder()
              .maxEpochs(MAX_EPOCHS).seed(seed).earlyStopping(FRACTION, patience).build());
          TrainingReport report = run.report();
          double[] accuracy = report.validationAccuracyPerEpoch();
          System.out.println(where + ": epochs " + report.epochs() + ", validation " + Arrays.toString(accuracy));

          // Every epoch visits the same sentences once each: all but round(n * fraction) held out.
          int held = (int) Math.round(n * FRACTION);
          assertEquals(report.epochs(), rule.visits.size(), where);
          assertEquals(report.epochs(), accuracy.length, where);
          int[] trained = rule.visits.get(0).stream().mapToInt(Integer::intValue).sorted().toArray();
          assertEquals(n - held, trained.length, where);
          for (List<Integer> epoch : rule.visits) {
            assertArrayEquals(trained, epoch.stream().mapToInt(Integer::intValue).sorted().toArray(), where);
          }
          int[] heldOut = java.util.stream.IntStream.range(0, n).filter(s -> Arrays.binarySearch(trained, s) < 0)
              .toArray();
          assertEquals(held, heldOut.length, where);

          // The returned weights' token accuracy on the held-out sentences, counted here, is the best one.
          double best = Arrays.stream(accuracy).max().getAsDouble();
          long[] counted = correctTokens(run.model(), viterbi, p.data, heldOut);
          assertEquals((double) counted[0] / counted[1], best, 0.0, where);
          int firstBest = 0;
          while (accuracy[firstBest] != best) {
            firstBest++;
          }
          if (report.stoppedEarly()) {
            stoppedEarly++;
            assertEquals(firstBest + 1 + patience, report.epochs(), where);
          } else {
            assertTrue(report.converged() || report.epochs() == MAX_EPOCHS, where);
            assertTrue(report.epochs() - firstBest - 1 < patience, where);
          }

          // A plain run on the training sentences alone, to the best epoch, makes the same weights.
          StructuredPerceptron plain = new StructuredPerceptron(k, d, averaged, viterbi, subset(p.data, trained));
          TrainingLoop.Result<TagWeights> rerun = TrainingLoop.fit(plain, trained.length,
              TrainingOptions.builder().maxEpochs(firstBest + 1).seed(seed).build());
          assertSameWeights(rerun.model(), run.model(), where + ", rerun to the best epoch");
          assertArrayEquals(rerun.report().mistakesPerEpoch(),
              Arrays.copyOf(report.mistakesPerEpoch(), firstBest + 1), where);
          // The report's training error is the returned weights' token error on the training sentences.
          long[] training = correctTokens(run.model(), viterbi, p.data, trained);
          assertEquals(1.0 - (double) training[0] / training[1], report.trainingError(), 1e-15, where);
        }
      }
    }
    assertTrue(stoppedEarly >= 6, stoppedEarly + " of 12 runs stopped early");
  }

  /**
   * Without validation the report is the fit's: mistakes, updates and the progress listener's
   * counts are the mistaken sentences, every sentence is visited once an epoch, the update log
   * names the updating sentences, and the training error is the plain tagger's token error on the
   * corpus (its weights are integers, so decoding the ids and tagging the words agree).
   */
  @Test
  void theReportProgressAndUpdateLogOfATagger() throws IOException {
    TaggedCorpus corpus = sample();
    List<int[]> heard = new ArrayList<>();
    TrainingOptions options = TrainingOptions.builder().maxEpochs(30).seed(5).updateLog(true)
        .progress((epoch, mistakes, updates, rate) -> heard.add(new int[] {epoch, mistakes, updates})).build();
    Tagger.Fit fit = Tagger.fit(Algorithm.PERCEPTRON, corpus, options, Tagger.Settings.defaults());
    TrainingReport r = fit.report();
    int[] sentences = fit.mistakenSentencesPerEpoch();
    assertEquals("STRUCTURED(PERCEPTRON)", r.algorithm());
    assertEquals(fit.epochs(), r.epochs());
    assertArrayEquals(sentences, r.mistakesPerEpoch());
    assertArrayEquals(sentences, r.updatesPerEpoch());
    assertEquals((long) r.epochs() * corpus.size(), r.visits());
    assertEquals(0, r.validationAccuracyPerEpoch().length);
    assertFalse(r.stoppedEarly());
    assertTrue(r.converged(), "the sample is learnt in under 30 epochs: " + Arrays.toString(sentences));
    assertEquals(0, sentences[sentences.length - 1]);
    for (int e = 0; e + 1 < sentences.length; e++) {
      assertTrue(sentences[e] > 0, "only the last epoch is clean");
    }
    assertEquals(r.epochs(), heard.size());
    for (int e = 0; e < heard.size(); e++) {
      assertArrayEquals(new int[] {e + 1, sentences[e], sentences[e]}, heard.get(e));
    }
    int[] log = r.updateLog();
    assertEquals(r.updates(), log.length);
    assertTrue(Arrays.stream(log).allMatch(s -> s >= 0 && s < corpus.size()));
    assertTrue(Double.isNaN(r.radius()) && Double.isNaN(r.margin()));
    long wrong = 0;
    for (int s = 0; s < corpus.size(); s++) {
      String[] tags = fit.tagger().tag(corpus.words(s));
      String[] gold = corpus.tags(s);
      for (int t = 0; t < gold.length; t++) {
        wrong += tags[t].equals(gold[t]) ? 0 : 1;
      }
    }
    assertEquals((double) wrong / corpus.tokens(), r.trainingError(), 1e-15);
    assertEquals(0.0, r.trainingError(), "a converged plain perceptron tags its training sentences right");
  }

  @Test
  void anInterruptedFitStopsInTheEpochItWasIn() throws IOException {
    TaggedCorpus corpus = sample();
    TrainingOptions options = TrainingOptions.builder().maxEpochs(5).progress((epoch, mistakes, updates, rate) -> {
      if (epoch == 2) {
        Thread.currentThread().interrupt();
      }
    }).build();
    CancellationException e = assertThrows(CancellationException.class,
        () -> Tagger.fit(Algorithm.AVERAGED, corpus, options, Tagger.Settings.defaults()));
    assertTrue(e.getMessage().contains("epoch 3, visit 1 of " + corpus.size()), e.getMessage());
    assertTrue(Thread.interrupted(), "the interrupt status is kept");
  }

  @Test
  void aFractionThatLeavesNoSentenceIsRefused() throws IOException {
    TaggedCorpus corpus = sample();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Tagger.fit(Algorithm.AVERAGED,
        corpus, TrainingOptions.builder().earlyStopping(0.999, 2).build(), Tagger.Settings.defaults()));
    assertTrue(e.getMessage().contains("leaves no training example"), e.getMessage());
  }
}
