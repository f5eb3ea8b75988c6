#!/usr/bin/env bash
# perceptron serve under load on loopback, beside the HTTP floor of the machine in the same run:
# HttpFloor.java (the JDK's built-in server with TCP_NODELAY and 2 threads, a constant body) and
# `perceptron serve --threads 2` on the Fashion-MNIST averaged multi-class model (784 features, 10
# classes, trained here once with --save-state). Runs, each bounded in time:
#   floor      wrk -t 2 -c 64, single-row POST /predict, keep-alive, against the floor
#   predict    the same against perceptron serve (requests/s; ratio to the floor)
#   p99        hey at half the predict rate (-c 16, -q per worker), keep-alive: its p50 and p99
#              (wrk2 is not in Debian; wrk's own latency is at full load, not at a fixed rate)
#   batch      wrk -t 2 -c 4, POST /predict of 1,000 sparse rows as JSON (rows/s)
#   floor-bin  wrk -t 2 -c 4, the floor receiving the 3 MB binary body of 1,000 dense rows (rows/s)
#   batch-bin  the same body to perceptron serve's /predict (application/octet-stream)
#   learn      wrk -t 1 -c 2, POST /learn of 1,000 libsvm lines as text/plain (examples/s)
#   learn-bin  wrk -t 1 -c 2, POST /learn of the 1,000 dense rows with their class indices, binary
#   floor-u8   wrk -t 2 -c 4, the floor receiving the same 1,000 rows as uint8 (values=u8, 784 kB)
#   batch-u8   that body to perceptron serve's /predict
#   learn-u8   wrk -t 1 -c 2, POST /learn of the 1,000 training rows as uint8 with their class indices
# Prints one table; the raw wrk/hey lines stay in WORK_DIR/serve-load/. RUNS (default: all of
# them) picks some, e.g. `floor-bin,batch-bin`; predict/floor is printed when both ran.
#
# usage: bench/scripts/serve-load.sh [WORK_DIR] [DURATION_SECONDS] [RUNS]
# needs: Debian packages wrk, hey, dataset-fashion-mnist, python3 (installed when missing)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
. "$root/bench/scripts/debian-packages.sh"
install_missing wrk hey dataset-fashion-mnist python3
work="${1:-/tmp/fashion-mnist-libsvm}"
seconds="${2:-10}"
runs=",${3:-floor,predict,p99,batch,floor-bin,batch-bin,learn,learn-bin,floor-u8,batch-u8,learn-u8},"
wanted() {
  [[ "$runs" == *",$1,"* ]]
}
idx=/usr/share/datasets/fashion-mnist
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
if [ ! -f "$work/fashion-mnist-train.svm" ]; then
  python3 "$root/bench/scripts/fashion-mnist-to-libsvm.py" "$work" "$idx"
fi
# bin/perceptron builds the jar when the sources changed; the servers then run it directly, so
# that SIGTERM reaches the JVM.
"$root/bin/perceptron" --version >/dev/null
jar="$root/cli/target/perceptron.jar"
model="$work/serve-averaged.bin"
if [ ! -f "$model" ]; then
  "$root/bin/perceptron" train --data "$work/fashion-mnist-train.svm" --multiclass direct --algorithm averaged \
    --epochs 10 --seed 42 --save-state --model "$model" >/dev/null
fi
out="$work/serve-load"
mkdir -p "$out"
cp "$model" "$out/model.bin"

"$java" --add-modules jdk.incubator.vector -jar "$jar" info --json --model "$model" >"$out/info.json"
python3 - "$work/fashion-mnist-test.svm" "$work/fashion-mnist-train.svm" "$out" <<'PY'
import json, struct, sys
test, train, out = sys.argv[1:4]
with open(out + "/info.json") as f:
    info = json.load(f)
classes, d = info["classes"], info["dimension"]
def rows(path, n):
    res = []
    with open(path) as f:
        for line in f:
            t = line.split()
            if not t or t[0].startswith('#'):
                continue
            idx = [int(p.split(':')[0]) - 1 for p in t[1:]]
            val = [float(p.split(':')[1]) for p in t[1:]]
            res.append({"indices": idx, "values": val})
            if len(res) == n:
                break
    return res
with open(out + "/single.json", "w") as f:
    json.dump(rows(test, 1)[0], f)
with open(out + "/batch.json", "w") as f:
    json.dump({"rows": rows(test, 1000)}, f)
with open(train) as f, open(out + "/learn.svm", "w") as g:
    n = 0
    for line in f:
        if line.strip() and not line.startswith('#'):
            g.write(line)
            n += 1
            if n == 1000:
                break
# The binary body (docs/online.md): rows, dimension, for /learn the class indices, then the rows'
# float32 values, little-endian.
def dense(path, n):
    xs, ys = [], []
    with open(path) as f:
        for line in f:
            t = line.split()
            if not t or t[0].startswith('#'):
                continue
            x = [0.0] * d
            for p in t[1:]:
                j, v = p.split(':')
                x[int(j) - 1] = float(v)
            xs.append(x)
            ys.append(classes.index(t[0]))
            if len(xs) == n:
                break
    return xs, ys
xs, _ = dense(test, 1000)
with open(out + "/batch.bin", "wb") as f:
    f.write(struct.pack("<ii", len(xs), d))
    for x in xs:
        f.write(struct.pack("<%df" % d, *x))
# The uint8 body (values=u8): rows, dimension, the scale (float32), for /learn the class indices,
# then one byte a value; Fashion-MNIST's values are pixels / 255, so q = round(255 x) is exact.
def u8(path, xs, ys):
    with open(path, "wb") as f:
        f.write(struct.pack("<iif", len(xs), d, 1 / 255))
        if ys is not None:
            f.write(struct.pack("<%di" % len(ys), *ys))
        for x in xs:
            f.write(bytes(round(v * 255) for v in x))
u8(out + "/batch-u8.bin", xs, None)
xs, ys = dense(train, 1000)
with open(out + "/learn.bin", "wb") as f:
    f.write(struct.pack("<ii", len(xs), d))
    f.write(struct.pack("<%di" % len(ys), *ys))
    for x in xs:
        f.write(struct.pack("<%df" % d, *x))
u8(out + "/learn-u8.bin", xs, ys)
PY

pids=()
cleanup() {
  local p
  for p in "${pids[@]}"; do
    kill "$p" 2>/dev/null || true
  done
}
trap cleanup EXIT

# start LOG COMMAND...: starts a server in the background (its stdout in LOG), waits for its first
# line, the address, and leaves it in $url and the server's process in $pid.
start() {
  local log="$1"
  shift
  # A log left by an earlier run would be read before the new server truncates it.
  rm -f "$log" "$log.err"
  "$@" >"$log" 2>"$log.err" &
  pid=$!
  pids+=("$pid")
  local i
  for ((i = 0; i < 600; i++)); do
    if [ -s "$log" ]; then
      url="$(head -n 1 "$log")"
      return 0
    fi
    sleep 0.1
  done
  echo "serve-load: $* did not start: $(cat "$log.err")" >&2
  exit 1
}

# wrk RUN URL BODY TYPE THREADS CONNECTIONS: prints the RESULT line of serve-load.lua.
load() {
  local run="$1" url="$2" body="$3" type="$4" t="$5" c="$6"
  SERVE_BODY="$body" SERVE_TYPE="$type" timeout $((seconds + 30)) wrk -t "$t" -c "$c" -d "${seconds}s" \
    --timeout 5s --latency -s "$root/bench/scripts/serve-load.lua" "$url" >"$out/$run.txt"
  grep '^RESULT' "$out/$run.txt"
}

field() {
  sed -n "s/.* $2=\([0-9]*\).*/\1/p" <<<"$1"
}

u8type="application/octet-stream; values=u8"
if wanted floor || wanted floor-bin || wanted floor-u8; then
  start "$out/floor.out" "$java" "$root/bench/scripts/HttpFloor.java" 0 2
  if wanted floor; then
    floor="$(load floor "$url/predict" "$out/single.json" application/json 2 64)"
  fi
  if wanted floor-bin; then
    floor_bin="$(load floor-bin "$url/predict" "$out/batch.bin" application/octet-stream 2 4)"
  fi
  if wanted floor-u8; then
    floor_u8="$(load floor-u8 "$url/predict" "$out/batch-u8.bin" "$u8type" 2 4)"
  fi
  kill "$pid"
  wait "$pid" 2>/dev/null || true
fi

start "$out/serve.out" "$java" --add-modules jdk.incubator.vector -XX:+UseParallelGC -jar "$jar" serve \
  --model "$out/model.bin" --port 0 --threads 2
serve_url="$url"
serve_pid="$pid"
if wanted predict || wanted p99; then
  predict="$(load predict "$serve_url/predict" "$out/single.json" application/json 2 64)"
fi
if wanted p99; then
  rps=$(($(field "$predict" requests) * 1000000 / $(field "$predict" duration_us)))
  per_worker=$(((rps / 2 + 15) / 16))
  timeout $((seconds + 30)) hey -z "${seconds}s" -c 16 -q "$per_worker" -m POST -T application/json \
    -D "$out/single.json" "$serve_url/predict" >"$out/p99.txt"
fi
if wanted batch; then
  batch="$(load batch "$serve_url/predict" "$out/batch.json" application/json 2 4)"
fi
if wanted batch-bin; then
  batch_bin="$(load batch-bin "$serve_url/predict" "$out/batch.bin" application/octet-stream 2 4)"
fi
if wanted learn; then
  learn="$(load learn "$serve_url/learn" "$out/learn.svm" text/plain 1 2)"
fi
if wanted batch-u8; then
  batch_u8="$(load batch-u8 "$serve_url/predict" "$out/batch-u8.bin" "$u8type" 2 4)"
fi
if wanted learn-bin; then
  learn_bin="$(load learn-bin "$serve_url/learn" "$out/learn.bin" application/octet-stream 1 2)"
fi
if wanted learn-u8; then
  learn_u8="$(load learn-u8 "$serve_url/learn" "$out/learn-u8.bin" "$u8type" 1 2)"
fi
kill -TERM "$serve_pid"
wait "$serve_pid" || true

per_second() {
  echo $(($(field "$1" requests) * 1000000 / $(field "$1" duration_us)))
}
ms() {
  awk -v us="$1" 'BEGIN { printf "%.2f", us / 1000 }'
}
printf '%-9s %-44s %12s %12s %9s %9s %8s\n' run load requests/s rows/s p50_ms p99_ms non-2xx
row() {
  local run="$1" what="$2" r="$3" rows="$4"
  printf '%-9s %-44s %12s %12s %9s %9s %8s\n' "$run" "$what" "$(per_second "$r")" \
    "$(($(per_second "$r") * rows))" "$(ms "$(field "$r" p50_us)")" "$(ms "$(field "$r" p99_us)")" \
    "$(($(field "$r" status_errors) + $(field "$r" socket_errors)))"
}
if wanted floor; then
  row floor "wrk -t2 -c64, 1 row, constant answer" "$floor" 1
fi
if wanted predict || wanted p99; then
  row predict "wrk -t2 -c64, 1 row" "$predict" 1
fi
if wanted p99; then
  hey_rps="$(awk '/Requests\/sec:/ { printf "%d", $2 }' "$out/p99.txt")"
  hey_p50="$(awk '/ 50% in / { printf "%.2f", $3 * 1000 }' "$out/p99.txt")"
  hey_p99="$(awk '/ 99% in / { printf "%.2f", $3 * 1000 }' "$out/p99.txt")"
  hey_errors="$(awk '/^Status code distribution:/ { on = 1; next } on && /\[[0-9]+\]/ { gsub(/[\[\]]/, "", $1);
    if ($1 != 200) n += $2 } END { print n + 0 }' "$out/p99.txt")"
  printf '%-9s %-44s %12s %12s %9s %9s %8s\n' p99 "hey -c16 -q$per_worker (half of predict's rate)" "$hey_rps" \
    "$hey_rps" "$hey_p50" "$hey_p99" "$hey_errors"
fi
if wanted batch; then
  row batch "wrk -t2 -c4, 1,000 sparse rows, JSON" "$batch" 1000
fi
if wanted floor-bin; then
  row floor-bin "wrk -t2 -c4, 3 MB body, constant answer" "$floor_bin" 1000
fi
if wanted batch-bin; then
  row batch-bin "wrk -t2 -c4, 1,000 dense rows, binary" "$batch_bin" 1000
fi
if wanted learn; then
  row learn "wrk -t1 -c2, /learn 1,000 lines" "$learn" 1000
fi
if wanted learn-bin; then
  row learn-bin "wrk -t1 -c2, /learn 1,000 rows, binary" "$learn_bin" 1000
fi
if wanted floor-u8; then
  row floor-u8 "wrk -t2 -c4, 784 kB uint8 body, constant" "$floor_u8" 1000
fi
if wanted batch-u8; then
  row batch-u8 "wrk -t2 -c4, 1,000 dense rows, uint8" "$batch_u8" 1000
fi
if wanted learn-u8; then
  row learn-u8 "wrk -t1 -c2, /learn 1,000 rows, uint8" "$learn_u8" 1000
fi
if wanted floor && { wanted predict || wanted p99; }; then
  awk -v s="$(per_second "$predict")" -v f="$(per_second "$floor")" \
    'BEGIN { printf "predict / floor: %.1f%% of the floor'"'"'s requests/s\n", 100 * s / f }'
fi
echo "java $("$java" -version 2>&1 | head -n 1), $(nproc) cores, $seconds s a run; raw output in $out"
