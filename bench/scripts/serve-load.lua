-- wrk script for serve-load.sh: POSTs the file $SERVE_BODY with Content-Type $SERVE_TYPE on every
-- request (keep-alive), and prints one machine-readable line at the end.
local f = assert(io.open(os.getenv("SERVE_BODY"), "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = os.getenv("SERVE_TYPE") or "application/json"

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT requests=%d duration_us=%d p50_us=%d p99_us=%d status_errors=%d socket_errors=%d\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.status,
    e.connect + e.read + e.write + e.timeout))
end
