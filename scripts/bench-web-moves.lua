-- wrk script of scripts/bench-web.sh: POST /api/v1/2048/games/{id}/moves
-- over many 4 x 4 games. BENCH_GAMES holds the ids the script made (comma
-- separated), BENCH_THREADS wrk's thread count; each thread plays its own
-- share of the games in turn, the directions in a fixed cycle. A game that
-- is over is replaced by a new one (POST /api/v1/2048/games), so the moves
-- keep changing boards. done() prints one line for the script to read:
-- RESULT <requests/s> <p50 µs> <p99 µs> <requests> <non-2xx answers> <2xx/s>.

local count = 0

function setup(thread)
  thread:set("tid", count)
  count = count + 1
end

local headers = { ["Content-Type"] = "application/json" }
local dirs = {
  '{"direction":"left"}', '{"direction":"down"}',
  '{"direction":"right"}', '{"direction":"up"}',
}
local games, turn, sent, owed = {}, 0, 0, 0

function init(args)
  local n = tonumber(os.getenv("BENCH_THREADS"))
  local k = 0
  for id in string.gmatch(os.getenv("BENCH_GAMES"), "%d+") do
    if k % n == tid then table.insert(games, id) end
    k = k + 1
  end
end

function request()
  if owed > 0 or #games == 0 then
    owed = math.max(owed - 1, 0)
    return wrk.format("POST", "/api/v1/2048/games", headers, "{}")
  end
  turn = turn + 1
  local id = games[turn % #games + 1]
  sent = sent + 1
  return wrk.format("POST", "/api/v1/2048/games/" .. id .. "/moves", headers,
    dirs[math.floor(sent / #games) % 4 + 1])
end

function response(status, headers, body)
  if status == 201 then
    table.insert(games, body:match('"id":"(%d+)"'))
  elseif status == 200 then
    if body:find('"over":true', 1, true) then
      local id = body:match('"id":"(%d+)"')
      for i, g in ipairs(games) do
        if g == id then
          table.remove(games, i)
          owed = owed + 1
          break
        end
      end
    end
  end
end

function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  print(string.format("RESULT %.0f %d %d %d %d %.0f", summary.requests / seconds,
    latency:percentile(50), latency:percentile(99), summary.requests, summary.errors.status,
    (summary.requests - summary.errors.status) / seconds))
end
