-- What the wrk scripts of `vitals-bench load` share: counting answers and the WRK-RESULT line.
--
-- A script loads it with
--   dofile((debug.getinfo(1, "S").source:match("^@(.*[/\\])") or "") .. "wrk-common.lua")
-- keeps its threads in the global `threads` (from setup), and counts in each thread's globals
-- `made`, `accepted`, `refused` and, when it sends spare requests, `spare`.

-- Counts one answer: 2xx accepted, anything else refused.
function count_answer(status)
    if status >= 200 and status < 300 then
        accepted = accepted + 1
    else
        refused = refused + 1
    end
end

function response(status, headers, body)
    count_answer(status)
end

-- One line starting with "WRK-RESULT ": a JSON object of the threads' counts and wrk's latencies.
function done(summary, latency, requests)
    local made_list, accepted_total, refused_total, spare_total = {}, 0, 0, 0
    for _, thread in ipairs(threads) do
        table.insert(made_list, tostring(thread:get("made")))
        accepted_total = accepted_total + thread:get("accepted")
        refused_total = refused_total + thread:get("refused")
        spare_total = spare_total + (thread:get("spare") or 0)
    end
    io.write(string.format(
        'WRK-RESULT {"made":[%s],"accepted":%d,"refused":%d,"spare":%d,"completed":%d,"socket_errors":%d,' ..
        '"seconds":%f,"p50_us":%d,"p99_us":%d,"max_us":%d}\n',
        table.concat(made_list, ","), accepted_total, refused_total, spare_total, summary.requests,
        summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
        summary.duration / 1e6, latency:percentile(50), latency:percentile(99), latency.max))
end
