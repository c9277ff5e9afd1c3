#!/usr/bin/env python3
"""Deterministic generator of a Health Auto Export backfill: a year of one person's data in one body.

    python3 Benchmarks/generate-hae-backfill.py --days 365 --out backfill.json [--seed N]

writes the JSON the Health Auto Export app posts to a REST automation ("Export Format: JSON",
format version 2) when it backfills a period at minute granularity:
- heart rate from the watch every minute, {Min, Avg, Max} (525,600 items a year);
- step counts from the iPhone and the Apple Watch for the minutes the person walks (they
  overlap, as the two devices count the same steps);
- walking and running distance from both devices, and active energy from the watch, for the
  same minutes;
- sleep stages per night from the watch (core, deep, REM, awake; crossing midnight) and the
  iPhone's in-bed period, as `sleep_analysis` items;
- one workout on most days (older format: no id, totals as fields).
Dates use the app's "yyyy-MM-dd HH:mm:ss Z" form. The same seed and days give byte-identical
output. It prints a JSON summary: bytes, days, items per metric, workouts, seconds.
Standard library only.
"""

import argparse
import json
import random
import sys
import time
from datetime import datetime, timedelta, timezone

ZONE = timezone(timedelta(hours=1))
WATCH = "Anna\u2019s Apple Watch"
PHONE = "Anna\u2019s iPhone"


def stamp(moment):
    return moment.strftime("%Y-%m-%d %H:%M:%S %z")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=365, help="days of data (default 365)")
    parser.add_argument("--out", required=True, help="where to write the JSON")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--start", default="2025-01-01", help="first day, YYYY-MM-DD (default 2025-01-01)")
    options = parser.parse_args()
    began = time.time()
    rng = random.Random(options.seed)
    first = datetime.strptime(options.start, "%Y-%m-%d").replace(tzinfo=ZONE)
    counts = {"heart_rate": 0, "step_count": 0, "walking_running_distance": 0, "active_energy": 0, "sleep_analysis": 0, "workouts": 0}
    written = 0

    with open(options.out, "w", encoding="utf-8") as out:
        def write(text):
            nonlocal written
            out.write(text)
            written += len(text.encode("utf-8"))

        def metric(name, units, items, first_metric):
            write(("" if first_metric else ",") + '{"name":"%s","units":"%s","data":[' % (name, units))
            for index, item in enumerate(items):
                write(("," if index else "") + json.dumps(item, ensure_ascii=False, separators=(",", ":")))
                counts[name] += 1
            write("]}")

        def minutes():
            for day in range(options.days):
                midnight = first + timedelta(days=day)
                for minute in range(1440):
                    yield day, minute, midnight + timedelta(minutes=minute)

        def walking(day, minute):
            # Deterministic per minute: about a third of the waking minutes have steps.
            return 420 <= minute < 1320 and (day * 7919 + minute * 104729) % 3 == 0

        def heart_rate():
            for day, minute, moment in minutes():
                awake = 420 <= minute < 1380
                base = 72 if awake else 55
                average = base + rng.randint(-6, 14 if walking(day, minute) else 6)
                yield {"Min": average - rng.randint(1, 5), "Avg": average, "Max": average + rng.randint(1, 8),
                       "date": stamp(moment), "source": WATCH}

        def steps():
            for day, minute, moment in minutes():
                if not walking(day, minute):
                    continue
                count = rng.randint(20, 130)
                yield {"qty": count, "date": stamp(moment), "source": PHONE}
                yield {"qty": count + rng.randint(-5, 5), "date": stamp(moment), "source": WATCH}

        def distance():
            for day, minute, moment in minutes():
                if not walking(day, minute):
                    continue
                kilometres = rng.uniform(0.01, 0.09)
                yield {"qty": round(kilometres, 4), "date": stamp(moment), "source": PHONE}
                yield {"qty": round(kilometres * rng.uniform(0.95, 1.05), 4), "date": stamp(moment), "source": WATCH}

        def energy():
            for day, minute, moment in minutes():
                if walking(day, minute):
                    yield {"qty": round(rng.uniform(2, 9), 3), "date": stamp(moment), "source": WATCH}

        def sleep():
            for day in range(options.days):
                bed = first + timedelta(days=day, hours=22, minutes=rng.randint(30, 75))
                wake = bed + timedelta(hours=7, minutes=rng.randint(0, 70))
                yield {"startDate": stamp(bed), "endDate": stamp(wake), "value": "In Bed", "qty": 0,
                       "source": PHONE}
                moment = bed + timedelta(minutes=rng.randint(5, 20))
                while moment < wake - timedelta(minutes=20):
                    stage = rng.choice(["Core", "Core", "Deep", "REM", "Awake"])
                    end = min(wake, moment + timedelta(minutes=rng.randint(10, 55)))
                    yield {"startDate": stamp(moment), "endDate": stamp(end), "value": stage,
                           "qty": round((end - moment).total_seconds() / 3600, 4), "source": WATCH}
                    moment = end

        def workouts():
            names = ["Outdoor Run", "Outdoor Walk", "Traditional Strength Training", "Yoga", "Outdoor Cycle"]
            for day in range(options.days):
                if day % 7 == 6:
                    continue
                start = first + timedelta(days=day, hours=17, minutes=rng.randint(0, 50))
                minutes_long = rng.randint(25, 70)
                end = start + timedelta(minutes=minutes_long)
                counts["workouts"] += 1
                yield {"name": names[day % len(names)], "start": stamp(start), "end": stamp(end),
                       "duration": minutes_long * 60,
                       "activeEnergy": {"qty": round(minutes_long * 8.5, 1), "units": "kcal"},
                       "distance": {"qty": round(minutes_long * 0.15, 2), "units": "km"},
                       "avgHeartRate": {"qty": 128, "units": "count/min"},
                       "maxHeartRate": {"qty": 161, "units": "count/min"}}

        write('{"data":{"metrics":[')
        metric("heart_rate", "count/min", heart_rate(), True)
        metric("step_count", "count", steps(), False)
        metric("walking_running_distance", "km", distance(), False)
        metric("active_energy", "kcal", energy(), False)
        metric("sleep_analysis", "hr", sleep(), False)
        write('],"workouts":[')
        for index, workout in enumerate(workouts()):
            write(("," if index else "") + json.dumps(workout, ensure_ascii=False, separators=(",", ":")))
        write("]}}")

    json.dump({"bytes": written, "days": options.days, "items": counts,
               "seconds": round(time.time() - began, 1)}, sys.stdout)
    print()


if __name__ == "__main__":
    main()
