#!/usr/bin/env bash
# Wall-clock seconds of `perceptron separable` on 2,000 rows x 50 features (a separable set and a
# noisy one, each within the exact limit, so the LP and QP run) and of `perceptron plot` on 10,000
# two-feature points (PNG and SVG). The data is generated here (planted margin 0.02, 2% labels
# flipped in the noisy set; seeds fixed). Prints one JSON line per run: {"what", "seconds", "verdict"}.
# Each run is a whole process, the JVM's start included, as users see it.
#
# usage: bench/scripts/separable-and-plot-times.sh [RUNS] [WORK_DIR]
# (ROWS, FEATURES and POINTS in the environment change the sizes, for a quick check of the script.)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
runs="${1:-3}"
work="${2:-/tmp/separable-times}"
rows="${ROWS:-2000}"
features="${FEATURES:-50}"
points="${POINTS:-10000}"
mkdir -p "$work"
python3 - "$work" "$rows" "$features" "$points" <<'PY'
import math, random, sys
work = sys.argv[1]
rows, features, points = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
def planted(path, n, d, gamma, flip, seed):
    r = random.Random(seed)
    u = [r.gauss(0, 1) for _ in range(d)]
    norm = math.sqrt(sum(v * v for v in u)); u = [v / norm for v in u]
    with open(path, "w") as f:
        k = 0
        while k < n:
            x = [r.uniform(-1, 1) for _ in range(d)]
            m = sum(a * b for a, b in zip(u, x)) + 0.1
            if abs(m) < gamma:
                continue
            y = 1 if m > 0 else -1
            if r.random() < flip:
                y = -y
            f.write(str(y) + "," + ",".join("%.6f" % v for v in x) + "\n")
            k += 1
planted(work + "/sep.csv", rows, features, 0.02, 0.0, 1)
planted(work + "/noisy.csv", rows, features, 0.02, 0.02, 2)
planted(work + "/points.csv", points, 2, 0.02, 0.02, 3)
PY
"$root/bin/perceptron" train --data "$work/points.csv" --algorithm averaged --epochs 10 \
  --model "$work/points.bin" >/dev/null
for ((r = 1; r <= runs; r++)); do
  for set in sep noisy; do
    start=$(date +%s.%N)
    verdict=$("$root/bin/perceptron" separable --data "$work/$set.csv" --json \
      | sed -n 's/.*"verdict":"\([^"]*\)".*/\1/p')
    end=$(date +%s.%N)
    printf '{"what":"separable %s %sx%s","seconds":%.3f,"verdict":"%s"}\n' "$set" "$rows" "$features" "$(echo "$end - $start" | bc)" "$verdict"
  done
  for ext in png svg; do
    start=$(date +%s.%N)
    "$root/bin/perceptron" plot --data "$work/points.csv" --model "$work/points.bin" \
      --output "$work/points.$ext" >/dev/null
    end=$(date +%s.%N)
    printf '{"what":"plot %s points %s","seconds":%.3f,"verdict":null}\n' "$points" "$ext" "$(echo "$end - $start" | bc)"
  done
done
