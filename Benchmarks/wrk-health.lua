-- wrk script for `vitals-bench load`: GET /health, the server's cheapest answer (no database),
-- the baseline the daily upserts are compared with in the same run (issue 38's figure).
--
--   wrk -t2 -c64 -d10s -s Benchmarks/wrk-health.lua http://127.0.0.1:PORT
--
-- At the end one line starting with "WRK-RESULT " gives a JSON object as wrk-daily.lua's.

local threads = {}

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

function response(status, headers, body)
    if status >= 200 and status < 300 then
        accepted = accepted + 1
    else
        refused = refused + 1
    end
end

function done(summary, latency, requests)
    local made_list, accepted_total, refused_total = {}, 0, 0
    for _, thread in ipairs(threads) do
        table.insert(made_list, tostring(thread:get("made")))
        accepted_total = accepted_total + thread:get("accepted")
        refused_total = refused_total + thread:get("refused")
    end
    io.write(string.format(
        'WRK-RESULT {"made":[%s],"accepted":%d,"refused":%d,"completed":%d,"socket_errors":%d,' ..
        '"seconds":%f,"p50_us":%d,"p99_us":%d,"max_us":%d}\n',
        table.concat(made_list, ","), accepted_total, refused_total, summary.requests,
        summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
        summary.duration / 1e6, latency:percentile(50), latency:percentile(99), latency.max))
end
