#!/usr/bin/env bash
# LuceneDotBenchmark one length at a time, the kernel and Lucene one after the other, which of them
# goes first alternating from one length to the next; each JMH run keeps the benchmark's own
# settings (3 forks x 5 x 0.5 s warm-up + 8 x 0.5 s). A plain run measures every kernel fork
# first and every Lucene fork minutes later, so a machine whose speed drifts (a shared host)
# tilts the ratio; here the two sides of one length are measured back to back. Run it twice with
# FIRST = 0 and 1 and compare the two sides of each length within a pass.
#
# usage: bench/scripts/lucene-dot-interleaved.sh OUT_DIR FIRST SIZE...
#   FIRST 0: the kernel goes first at the first length, 1: Lucene does
#   e.g. bench/scripts/lucene-dot-interleaved.sh /tmp/ld-a 0 16 31 64 100 256 784 1000 1024 4095 4096 16384 65535 65536
# needs: bench/target/benchmarks.jar (mvn -B -q package -DskipTests -Dfuzz.skip=true -pl bench -am),
#        Temurin 25 at /usr/lib/jvm/temurin-25-jdk-amd64 (Lucene 10 needs Java 21 or newer)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
java=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
out="$1"
k="$2"
shift 2
mkdir -p "$out"
for n in "$@"; do
  if [ $((k % 2)) -eq 0 ]; then order="kernel lucene"; else order="lucene kernel"; fi
  for m in $order; do
    "$java" --add-modules jdk.incubator.vector -jar "$root/bench/target/benchmarks.jar" "LuceneDotBenchmark.$m\$" \
      -p size="$n" -rf json -rff "$out/$m-$n.json" > "$out/$m-$n.txt" 2>&1
    grep -E "^LuceneDotBenchmark" "$out/$m-$n.txt"
  done
  k=$((k + 1))
done
