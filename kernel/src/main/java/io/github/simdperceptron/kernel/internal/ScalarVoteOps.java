package io.github.simdperceptron.kernel.internal;

/** The scalar implementation: the entries outermost, the lanes of each entry side by side. */
final class ScalarVoteOps implements VoteOps {

  @Override
  public void run(int[] rows, float[] signs, double[] counts, int from, int to, double[] dots, boolean biasSteps,
      double[] s, double[] vote) {
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
  public void runInt(int[] rows, int[] counts, int from, int to, int[] steps, int[] s, int[] vote) {
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
