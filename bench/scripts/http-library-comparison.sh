#!/usr/bin/env bash
# The HTTP server libraries a resident `perceptron serve` could use, side by side on this machine:
# each serves a constant JSON body after reading the request's body (bench/http-servers,
# ConstantServer: the JDK's com.sun.net.httpserver as perceptron serve runs it, Jetty 12, Undertow,
# Netty), keep-alive, TCP_NODELAY, 2 worker/I-O threads. For each library and round (the libraries
# interleaved, ROUNDS rounds):
#   start-up   wall time from launching the JVM to the first 200 answer (curl every 10 ms)
#   floor      wrk -t 2 -c 64 for SECONDS, POST of one Fashion-MNIST-sized row (serve-load.lua),
#              after 2 s of the same load to warm the JIT
# Prints the median and range per library and the classpath size; the raw wrk lines stay in
# WORK_DIR/http-libraries/. Helidon SE 4 is left out: it needs Java 21, the command runs on 17.
#
# usage: bench/scripts/http-library-comparison.sh [WORK_DIR] [SECONDS] [ROUNDS]
# needs: Debian packages wrk, curl, python3 (installed when missing); Maven fetches the libraries
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
. "$root/bench/scripts/debian-packages.sh"
install_missing wrk curl python3
work="${1:-/tmp/http-libraries}"
seconds="${2:-10}"
rounds="${3:-3}"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
out="$work/http-libraries"
mkdir -p "$out"
servers="$root/bench/http-servers"
mvn -B -q -f "$servers/pom.xml" package -DskipTests
cp="$servers/target/classes:$(cat "$servers/target/classpath.txt")"

# One row of 784 values as perceptron serve's /predict takes it (sparse, 3 decimals), seeded.
python3 - "$out/row.json" <<'PY'
import json, random, sys
r = random.Random(42)
idx = sorted(r.sample(range(784), 392))
json.dump({"indices": idx, "values": [round(r.random(), 3) for _ in idx]}, open(sys.argv[1], "w"))
PY

pid=""
cleanup() {
  if [ -n "$pid" ]; then
    kill "$pid" 2>/dev/null || true
  fi
}
trap cleanup EXIT

ms_now() {
  echo $(($(date +%s%N) / 1000000))
}

results="$out/results.tsv"
printf 'library\tround\tstartup_ms\trequests_per_s\tp50_us\tp99_us\terrors\n' >"$results"
for ((round = 1; round <= rounds; round++)); do
  for lib in jdk jetty undertow netty; do
    log="$out/$lib-$round.out"
    t0="$(ms_now)"
    "$java" -cp "$cp" servers.ConstantServer "$lib" 0 2 >"$log" 2>"$log.err" &
    pid=$!
    url=""
    for ((i = 0; i < 3000; i++)); do
      if [ -z "$url" ] && [ -s "$log" ]; then
        url="$(head -n 1 "$log")"
      fi
      if [ -n "$url" ] && [ "$(curl -s -o /dev/null -w '%{http_code}' -X POST --data-binary @"$out/row.json" \
          "$url/predict" || true)" = 200 ]; then
        break
      fi
      sleep 0.01
    done
    t1="$(ms_now)"
    if [ -z "$url" ]; then
      echo "http-library-comparison: $lib did not start: $(cat "$log.err")" >&2
      exit 1
    fi
    SERVE_BODY="$out/row.json" SERVE_TYPE=application/json timeout 40 wrk -t 2 -c 64 -d 2s --timeout 5s \
      -s "$root/bench/scripts/serve-load.lua" "$url/predict" >/dev/null
    SERVE_BODY="$out/row.json" SERVE_TYPE=application/json timeout $((seconds + 30)) wrk -t 2 -c 64 \
      -d "${seconds}s" --timeout 5s --latency -s "$root/bench/scripts/serve-load.lua" "$url/predict" \
      >"$out/$lib-$round.wrk"
    kill "$pid"
    wait "$pid" 2>/dev/null || true
    pid=""
    line="$(grep '^RESULT' "$out/$lib-$round.wrk")"
    f() { sed -n "s/.* $1=\([0-9]*\).*/\1/p" <<<"$line"; }
    printf '%s\t%d\t%d\t%d\t%d\t%d\t%d\n' "$lib" "$round" $((t1 - t0)) \
      $(($(f requests) * 1000000 / $(f duration_us))) "$(f p50_us)" "$(f p99_us)" \
      $(($(f status_errors) + $(f socket_errors))) >>"$results"
  done
done

python3 - "$results" "$servers/target/classpath.txt" <<'PY'
import csv, os, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
jars = open(sys.argv[2]).read().strip().split(":")
def size(prefix):
    return sum(os.path.getsize(j) for j in jars if f"/{prefix}" in j) / 1e6
deps = {"jdk": 0.0, "jetty": size("org/eclipse/jetty/"), "undertow": size("io/undertow/") + size("org/jboss/"),
        "netty": size("io/netty/")}
floor = statistics.median(int(r["requests_per_s"]) for r in rows if r["library"] == "jdk")
print(f"{'library':<9} {'requests/s (median, range)':<28} {'vs jdk':>7} {'start-up ms (median, range)':<28} {'p99 us':>8} {'jars MB':>8}")
for lib in ["jdk", "jetty", "undertow", "netty"]:
    rs = [r for r in rows if r["library"] == lib]
    q = sorted(int(r["requests_per_s"]) for r in rs)
    s = sorted(int(r["startup_ms"]) for r in rs)
    p99 = statistics.median(int(r["p99_us"]) for r in rs)
    err = sum(int(r["errors"]) for r in rs)
    print(f"{lib:<9} {statistics.median(q):>8.0f} ({q[0]}-{q[-1]}){'':<6} {statistics.median(q) / floor:>7.2f} "
          f"{statistics.median(s):>6.0f} ({s[0]}-{s[-1]}){'':<12} {p99:>8.0f} {deps[lib]:>8.1f}"
          + (f"  {err} errors" if err else ""))
PY
echo "java $("$java" -version 2>&1 | head -n 1), $(nproc) cores, $seconds s a run, $rounds rounds; raw output in $out"
