#!/usr/bin/env python3
"""Names the tests a Swift Testing log shows started and never ended (a hung run).

Usage: scripts/unfinished-tests.py LOG. Prints one test name a line; exits 0.
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
