-- wrk script of scripts/bench-web.sh: POST /api/v1/sokoban/solve on the
-- built-in level "Quartet" (4 boxes, solved in well under a millisecond).
-- done() prints one line for the script to read:
-- RESULT <requests/s> <p50 µs> <p99 µs> <requests> <non-2xx answers> <2xx/s>.

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"xsb":"########\\n#..  # #\\n#..$$  #\\n###  $ #\\n  # $ @#\\n  #    #\\n  ######\\n"}'

function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  print(string.format("RESULT %.0f %d %d %d %d %.0f", summary.requests / seconds,
    latency:percentile(50), latency:percentile(99), summary.requests, summary.errors.status,
    (summary.requests - summary.errors.status) / seconds))
end
