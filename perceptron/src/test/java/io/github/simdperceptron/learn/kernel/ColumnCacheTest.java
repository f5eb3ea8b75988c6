package io.github.simdperceptron.learn.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** The column cache keeps columns while its byte budget has room, and a released column's bytes return. */
class ColumnCacheTest {

  @Test
  void columnsAreKeptWhileTheByteBudgetHasRoom() {
    // Columns of 10 floats (40 bytes) under a budget of 100 bytes: two fit.
    ColumnCache cache = new ColumnCache(4, 10, 100);
    assertNull(cache.column(0));
    cache.admit(0);
    cache.admit(1);
    cache.admit(2);
    assertEquals(10, cache.column(0).length);
    assertNotNull(cache.column(1));
    assertNull(cache.column(2), "60 + 40 bytes over a budget of 100");
    float[] kept = cache.column(1);
    cache.admit(1);
    assertSame(kept, cache.column(1), "a row keeps its column, charged once");
    cache.release(0);
    assertNull(cache.column(0));
    cache.admit(2);
    assertNotNull(cache.column(2), "the released bytes make room");
    cache.admit(3);
    assertNull(cache.column(3));
  }

  @Test
  void aBudgetOfExactlyOneColumnHoldsOneAndTheDefaultIsAQuarterOfTheHeap() {
    ColumnCache cache = new ColumnCache(2, 10, 40);
    cache.admit(1);
    cache.admit(0);
    assertNotNull(cache.column(1));
    assertNull(cache.column(0));
    assertEquals(Runtime.getRuntime().maxMemory() / 4, KernelSettings.DEFAULT.cacheBudget());
    assertEquals(400, KernelSettings.DEFAULT.cacheBytes(400).cacheBudget());
    assertEquals(KernelSettings.PENDING, KernelSettings.DEFAULT.cacheBytes(400).pendingCap);
  }
}
