-- wrk script for `vitals-bench load --hae-client wrk`: POST /api/v1/ingest/health-auto-export,
-- each request a new user and a new day.
--
--   wrk -t2 -c64 -d30s -s Benchmarks/wrk-ingest.lua http://127.0.0.1:PORT -- TOKENS_FILE USERS_PER_THREAD TEMPLATE_FILE [AGGREGATION]
--
-- Thread t sends request r with the user on line t*K + r + 1 of TOKENS_FILE (K =
-- USERS_PER_THREAD) and the body of TEMPLATE_FILE with DAYDAYDAYD replaced by the day
-- t*K + r days before 2025-11-16 and the workout id mark by "load-" and that number, to the
-- ingest URL with ?aggregation=AGGREGATION when given. A thread that runs out of users sends
-- GET /health instead and counts it as `spare`. At the end one line starting with
-- "WRK-RESULT " gives a JSON object.

dofile((debug.getinfo(1, "S").source:match("^@(.*[/\\])") or "") .. "wrk-common.lua")

threads = {}

function setup(thread)
    thread:set("index", #threads)
    table.insert(threads, thread)
end

function init(args)
    per_thread = tonumber(args[2])
    tokens = {}
    local line_number = 0
    for line in io.lines(args[1]) do
        if line_number >= index * per_thread and line_number < (index + 1) * per_thread then
            table.insert(tokens, line)
        end
        line_number = line_number + 1
    end
    local file = io.open(args[3], "rb")
    local template = file:read("*a")
    file:close()
    -- The template cut at its marks once: a request then fills the slots and joins the pieces,
    -- a copy of the body instead of two pattern searches over it (which cost wrk a quarter of
    -- a core, taken from the server it measures on this 2-core machine).
    pieces, day_slots, id_slots = {}, {}, {}
    local position = 1
    while true do
        local day_at = string.find(template, "DAYDAYDAYD", position, true)
        local id_at = string.find(template, "IDIDIDIDIDIDIDIDIDID", position, true)
        local at, mark, slots = day_at, "DAYDAYDAYD", day_slots
        if id_at ~= nil and (day_at == nil or id_at < day_at) then at, mark, slots = id_at, "IDIDIDIDIDIDIDIDIDID", id_slots end
        if at == nil then break end
        table.insert(pieces, string.sub(template, position, at - 1))
        table.insert(pieces, mark)
        table.insert(slots, #pieces)
        position = at + #mark
    end
    table.insert(pieces, string.sub(template, position))
    made = 0
    spare = 0
    accepted = 0
    refused = 0
    base = os.time({ year = 2025, month = 11, day = 16, hour = 12 })
    path = "/api/v1/ingest/health-auto-export"
    if args[4] ~= nil and args[4] ~= "" then path = path .. "?aggregation=" .. args[4] end
end

function request()
    if made >= #tokens then
        spare = spare + 1
        return wrk.format("GET", "/health")
    end
    local number = index * per_thread + made
    made = made + 1
    local day = os.date("!%Y-%m-%d", base - number * 86400)
    local id = string.sub("load-" .. number .. string.rep("-", 20), 1, 20)
    for _, slot in ipairs(day_slots) do pieces[slot] = day end
    for _, slot in ipairs(id_slots) do pieces[slot] = id end
    local body = table.concat(pieces)
    return wrk.format("POST", path,
        { ["Authorization"] = "Bearer " .. tokens[made], ["Content-Type"] = "application/json" }, body)
end

function response(status, headers, body)
    -- Answers to spare GET /health requests are not ingest answers.
    if string.find(body, "samplesAdded", 1, true) == nil and status == 200 then return end
    count_answer(status)
end
