#!/usr/bin/env python3
"""Condenses gdb's `thread apply all bt` of a hung test process to what says where it waits.

Usage: scripts/hung-threads.py GDB-OUTPUT. For each thread: its name, the frame it is in (a
wait, a read, a lock) and the frames of the project's own modules (Vitals...), demangled
(`swift demangle`) before; threads idle in the runtime's or NIO's loops without a project frame are counted,
summed up a line per kind (name and the function it waits in). Exits 0.
"""
import re
import sys

OWN = re.compile(r"Vitals|vitals")
IDLE = re.compile(r"epoll_wait|_dispatch_worker_thread|swift_task_.*wait|futex_wait|pthread_cond_(timed)?wait")

threads, current = [], None
with open(sys.argv[1], encoding="utf-8", errors="replace") as dump:
    for line in dump:
        line = line.rstrip("\n")
        if line.startswith("Thread "):
            current = {"head": line, "frames": []}
            threads.append(current)
        elif current is not None and line.startswith("#"):
            current["frames"].append(line)

EXECUTOR_LOOP = re.compile(r"BlockingExecutor\.work\(\)|closure #1 in BlockingExecutor\.enqueue")
NAME = re.compile(r'"([^"]*)"')
FUNCTION = re.compile(r" in (\S+)")


def kind(thread):
    """The thread's name and the first functions of its stack: `NIO-SGLTN-0-#0: epoll_wait < ...`."""
    name = NAME.search(thread["head"])
    functions = [match.group(1) for frame in thread["frames"][:3] if (match := FUNCTION.search(frame))]
    return (name.group(1) if name else "?") + ": " + " < ".join(functions)


idle = 0
kinds = {}
for thread in threads:
    frames = thread["frames"]
    own = [frame for frame in frames if OWN.search(frame)]
    # A test executor's thread waiting for its next job is as idle as the runtime's.
    waiting = all(EXECUTOR_LOOP.search(frame) for frame in own)
    if (not own or waiting) and frames and IDLE.search(" ".join(frames[:4])):
        idle += 1
        name = kind(thread)
        kinds[name] = kinds.get(name, 0) + 1
        continue
    print(thread["head"])
    for frame in frames[:2]:
        print("   " + frame[:300])
    for frame in own[:12]:
        if frame not in frames[:2]:
            print("   " + frame[:300])
print(f"{len(threads)} threads, {idle} of them idle in the runtime, NIO or dispatch without a frame of the project's:")
for name, count in sorted(kinds.items()):
    print(f"   {count} x {name[:200]}")
