package io.github.simdperceptron.spark;

/**
 * Hands a uid to a params object while its Spark superclasses are constructed: their params ask
 * for {@code uid()} before a Java constructor can assign a field, so the uid waits here, per thread.
 */
final class Uids {
  private static final ThreadLocal<String> PENDING = new ThreadLocal<>();

  private Uids() {}

  /** Parks uid for the constructor about to run on this thread; returns it. */
  static String enter(String uid) {
    if (uid == null) {
      throw new IllegalArgumentException("uid is null");
    }
    PENDING.set(uid);
    return uid;
  }

  /** The uid parked for the constructor running on this thread. */
  static String pending() {
    String uid = PENDING.get();
    if (uid == null) {
      throw new IllegalStateException("no uid parked for this constructor");
    }
    return uid;
  }

  /** Ends the construction: the uid is no longer parked. */
  static void leave() {
    PENDING.remove();
  }
}
