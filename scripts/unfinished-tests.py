#!/usr/bin/env python3
"""Names the tests a Swift Testing log shows started and never ended (a hung run).

Usage: scripts/unfinished-tests.py LOG [TRACE]. Prints one test name a line; with TRACE (the
file VITALS_STAGE_TRACE named, see Tests/VitalsTestSupport/StageTrace.swift), then the last stage
of every server fixture that never reached `end`, with the stages before it (the steps of its
service group's start or shutdown among them). Exits 0.
"""
import re
import sys

started, ended = [], set()
with open(sys.argv[1], encoding="utf-8", errors="replace") as log:
    for line in log:
        if match := re.match(r'◇ Test (".*") started\.$', line.rstrip("\n")):
            started.append(match.group(1))
        elif match := re.match(r'[✔✘] Test (".*?") (?:passed|failed|with \d+ test case)', line):
            ended.add(match.group(1))
for name in started:
    if name not in ended:
        print(name)

if len(sys.argv) > 2:
    last, earlier = {}, {}
    try:
        with open(sys.argv[2], encoding="utf-8", errors="replace") as trace:
            for line in trace:
                parts = line.rstrip("\n").split("\t")
                if len(parts) == 4:
                    if parts[0] in last:
                        earlier.setdefault(parts[0], []).append(last[parts[0]][1])
                    last[parts[0]] = parts
    except FileNotFoundError:
        pass
    unfinished = [parts for parts in last.values() if parts[1] != "end"]
    if unfinished:
        print("server fixtures that never ended, at their last stage (id, stage, test, backend):")
        for parts in unfinished:
            print("  " + "  ".join(parts))
            before = earlier.get(parts[0], [])[-4:]
            if before:
                print("      after: " + " | ".join(before))
