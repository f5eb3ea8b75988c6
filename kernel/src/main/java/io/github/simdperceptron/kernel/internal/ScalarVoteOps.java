package io.github.simdperceptron.kernel.internal;

/** The scalar implementation: the entries outermost, the lanes of each entry side by side. */
final class ScalarVoteOps implements VoteOps {

  @Override
  public void run(VoteEntries entries, int from, int to, double[] dots, double[] s, double[] vote) {
    int[] rows = entries.rows;
    float[] signs = entries.signs;
    double[] counts = entries.counts;
    boolean biasSteps = entries.biasSteps;
    final int w = VotePasses.BLOCK;
    for (int e = from; e < to; e++) {
      int r = rows[e];
      double y = signs[r];
      double c = counts[e];
      for (int b = 0, at = r * w; b < w; b++) {
        double m = s[b] + y * dots[at + b];
        if (biasSteps) {
          m += y;
        }
        s[b] = m;
        vote[b] += m > 0 ? c : -c;
      }
    }
  }

  @Override
  public void runInt(IntVoteEntries entries, int from, int to, int[] steps, int[] s, int[] vote) {
    int[] rows = entries.rows;
    int[] counts = entries.counts;
    final int w = VotePasses.BLOCK;
    for (int e = from; e < to; e++) {
      int c = counts[e];
      for (int b = 0, at = rows[e] * w; b < w; b++) {
        int m = s[b] + steps[at + b];
        s[b] = m;
        vote[b] += m > 0 ? c : -c;
      }
    }
  }

  @Override
  public void addCounts(byte[][] columns, int count, int length, byte[] sums) {
    for (int r = 0; r < length; r++) {
      int sum = sums[r];
      for (int k = 0; k < count; k++) {
        sum += columns[k][r];
      }
      sums[r] = (byte) sum;
    }
  }
}
