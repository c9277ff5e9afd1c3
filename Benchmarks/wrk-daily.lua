-- wrk script for `vitals-bench load --daily-client wrk`: POST /api/v1/health/daily, each
-- request a new day of one of the thread's users.
--
--   wrk -t2 -c64 -d30s -s Benchmarks/wrk-daily.lua http://127.0.0.1:PORT -- TOKENS_FILE USERS_PER_THREAD
--
-- Thread t uses the users on lines t*K+1 .. t*K+K of TOKENS_FILE (K = USERS_PER_THREAD).
-- Request r of a thread (0-based) goes to user r % K with the day r // K days before
-- 2025-11-16. At the end one line starting with "WRK-RESULT " gives a JSON object: requests
-- made per thread, 2xx and other answers, latency percentiles in microseconds.

dofile((debug.getinfo(1, "S").source:match("^@(.*[/\\])") or "") .. "wrk-common.lua")

threads = {}

function setup(thread)
    thread:set("index", #threads)
    table.insert(threads, thread)
end

function init(args)
    local file = args[1]
    per_thread = tonumber(args[2])
    tokens = {}
    local line_number = 0
    for line in io.lines(file) do
        if line_number >= index * per_thread and line_number < (index + 1) * per_thread then
            table.insert(tokens, line)
        end
        line_number = line_number + 1
    end
    made = 0
    accepted = 0
    refused = 0
    base = os.time({ year = 2025, month = 11, day = 16, hour = 12 })
end

function request()
    local user = made % per_thread
    local offset = math.floor(made / per_thread)
    made = made + 1
    local day = os.date("!%Y-%m-%d", base - offset * 86400)
    local seed = made
    local body = string.format(
        '{"date":"%s","steps":%d,"active_minutes":%d,"stand_minutes":%d,"active_energy_burned":%d.5,' ..
        '"resting_heart_rate":%d.0,"hrv":%d.2,"sleep_minutes":%d,"sleep_quality_score":%d.0,"workouts_count":%d}',
        day, 4000 + seed % 9000, seed % 90, 600 + seed % 300, 250 + seed % 400, 52 + seed % 20, 30 + seed % 50,
        360 + seed % 120, 60 + seed % 40, seed % 3)
    return wrk.format("POST", "/api/v1/health/daily",
        { ["Authorization"] = "Bearer " .. tokens[user + 1], ["Content-Type"] = "application/json" }, body)
end

