-- wrk script for `vitals-bench load`: GET /health, the server's cheapest answer (no database),
-- the baseline the daily upserts are compared with in the same run (issue 38's figure).
--
--   wrk -t2 -c64 -d10s -s Benchmarks/wrk-health.lua http://127.0.0.1:PORT
--
-- At the end one line starting with "WRK-RESULT " gives a JSON object as wrk-daily.lua's.

dofile((debug.getinfo(1, "S").source:match("^@(.*[/\\])") or "") .. "wrk-common.lua")

threads = {}

function setup(thread)
    table.insert(threads, thread)
end

function init(args)
    made = 0
    accepted = 0
    refused = 0
end

function request()
    made = made + 1
    return wrk.format("GET", "/health")
end

