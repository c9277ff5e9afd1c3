-- wrk script: Benchmarks/wrk-daily.lua at a set pace, for a server that is busy but not saturated:
-- each connection waits PAUSE_MS before each request, so C connections make at most
-- C * 1000 / (PAUSE_MS + latency) requests a second.
--
--   wrk -t2 -c16 -d30s -s Benchmarks/wrk-daily-paced.lua http://127.0.0.1:PORT -- TOKENS_FILE USERS_PER_THREAD PAUSE_MS

dofile((debug.getinfo(1, "S").source:match("^@(.*[/\\])") or "") .. "wrk-daily.lua")

local daily_init = init

function init(args)
    daily_init(args)
    pause = tonumber(args[3]) or 0
end

function delay()
    return pause
end
