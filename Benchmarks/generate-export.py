#!/usr/bin/env python3
"""Deterministic generator of realistic synthetic Apple Health exports.

    python3 Benchmarks/generate-export.py --size 100MB --out DIR [--zip] [--seed N]

writes DIR/apple_health_export/export.xml and, with --zip, also the GPX route files
(DIR/apple_health_export/workout-routes/*.gpx, a small export_cda.xml) and DIR/export.zip
holding the same tree, the way the iOS Health app's "Export All Health Data" lays it out.
The same seed and size always give byte-identical files. Standard library only.

What it writes, in the shapes real iOS 16/17 exports use (see ../shared/fixtures/README.md):
- the XML declaration and a full internal DTD (HealthKit Export Version 13 structure, which
  the document itself violates: WorkoutActivity inside Workout is not declared; --dtd
  v12-broken writes a malformed iOS 16 style DTD instead, --dtd none omits it), HealthData,
  ExportDate, Me;
- Records grouped by type, then ordered by start time, with sources interleaved: steps and
  walking distance from an iPhone and an Apple Watch that overlap, heart rate with
  HKMetadataKeyHeartRateMotionContext, HRV SDNN with HeartRateVariabilityMetadataList beats,
  resting / walking heart rate, active and basal energy, flights, exercise and stand time,
  stand hours, sleep stages (watch) and in-bed (iPhone) with HKTimeZone, respiratory rate,
  SpO2, audio exposure, walking speed / step length, body mass from a scale app (with
  '&amp;' in metadata) and manual entries, dietary records, blood pressure;
- Correlations (blood pressure, food) whose member Records also appear at top level;
- iOS 16+ Workouts: WorkoutEvent (segments, pauses, laps with nested metadata),
  WorkoutActivity (one per workout; several for interval runs and multisport), per-activity
  and per-workout WorkoutStatistics, MetadataEntry, WorkoutRoute + FileReference (several
  routes for split interval runs and multisport), with the statistics computed from the
  Records the generator wrote for the workout;
- one ActivitySummary per day (appleMoveTime names; --legacy-move-minutes for the older
  appleMoveMinutes names) whose totals match the day's Records;
- every timestamp in one fixed export offset (-0700), as real exports do, while HKTimeZone
  metadata keeps the recording zone (America/Los_Angeles, with one trip east).

Days of data are added from 2022-10-01 on until --size (decimal units: 1 MB = 10^6 bytes;
MiB/GiB accepted) is reached; each type is written to its own temporary stream first and
the streams are concatenated at the end, so memory stays flat whatever the size. A JSON
summary (counts per element, per record type, bytes, seconds) goes to stdout.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import re
import shutil
import sys
import time
import zipfile

# ---------------------------------------------------------------------------
# Fixed shape of the synthetic person and export
# ---------------------------------------------------------------------------

START_DATE = dt.date(2022, 10, 1)
OFFSET = "-0700"                 # the phone's offset at export time, used for every timestamp
OFFSET_SECONDS = -7 * 3600
HOME_TZ = "America/Los_Angeles"
TRIP_TZ = "America/New_York"     # a week a year the person records in another zone
OWNER = "Avery\u2019s"           # curly apostrophe, as iOS writes device names
WATCH_NAME = OWNER + " Apple Watch"
PHONE_NAME = OWNER + " iPhone"
HOME_LAT, HOME_LON, HOME_ELE = 37.771712, -122.392054, 4.2

# (first day of use, watchOS, iOS) - the Apple sources' versions change with updates
OS_SCHEDULE = [
    (dt.date(2022, 1, 1), "9.1", "16.1"),
    (dt.date(2022, 12, 14), "9.2", "16.2"),
    (dt.date(2023, 1, 24), "9.3", "16.3"),
    (dt.date(2023, 3, 28), "9.4", "16.4"),
    (dt.date(2023, 5, 19), "9.5", "16.5"),
    (dt.date(2023, 7, 25), "9.6", "16.6"),
    (dt.date(2023, 9, 19), "10.0", "17.0"),
    (dt.date(2023, 10, 26), "10.1", "17.1"),
    (dt.date(2023, 12, 12), "10.2", "17.2"),
    (dt.date(2024, 1, 23), "10.3", "17.3"),
    (dt.date(2024, 3, 6), "10.4", "17.4"),
    (dt.date(2024, 5, 14), "10.5", "17.5"),
    (dt.date(2024, 7, 30), "10.6", "17.6"),
    (dt.date(2024, 9, 17), "11.0", "18.0"),
    (dt.date(2024, 10, 29), "11.1", "18.1"),
    (dt.date(2024, 12, 12), "11.2", "18.2"),
    (dt.date(2025, 1, 28), "11.3", "18.3"),
    (dt.date(2025, 3, 31), "11.4", "18.4"),
    (dt.date(2025, 5, 12), "11.5", "18.5"),
    (dt.date(2025, 7, 29), "11.6", "18.6"),
    (dt.date(2025, 9, 15), "26.0", "26.0"),
    (dt.date(2025, 11, 3), "26.1", "26.1"),
    (dt.date(2025, 12, 12), "26.2", "26.2"),
    (dt.date(2026, 1, 27), "26.3", "26.3"),
    (dt.date(2026, 3, 24), "26.4", "26.4"),
]

Q = "HKQuantityTypeIdentifier"
C = "HKCategoryTypeIdentifier"

# Record streams in output order (real exports group by type in HealthKit's type order).
RECORD_TYPES = [
    Q + "BodyMass",
    Q + "HeartRate",
    Q + "StepCount",
    Q + "DistanceWalkingRunning",
    Q + "BasalEnergyBurned",
    Q + "ActiveEnergyBurned",
    Q + "FlightsClimbed",
    Q + "DietaryFatTotal",
    Q + "DietaryCarbohydrates",
    Q + "DietaryProtein",
    Q + "DietaryEnergyConsumed",
    Q + "BloodPressureSystolic",
    Q + "BloodPressureDiastolic",
    Q + "RespiratoryRate",
    Q + "OxygenSaturation",
    C + "SleepAnalysis",
    C + "AppleStandHour",
    Q + "AppleExerciseTime",
    Q + "DistanceCycling",
    Q + "DistanceSwimming",
    Q + "SwimmingStrokeCount",
    Q + "RestingHeartRate",
    Q + "WalkingHeartRateAverage",
    Q + "HeartRateVariabilitySDNN",
    Q + "EnvironmentalAudioExposure",
    Q + "HeadphoneAudioExposure",
    Q + "WalkingSpeed",
    Q + "WalkingStepLength",
    Q + "AppleStandTime",
]
CORR_BP = "HKCorrelationTypeIdentifierBloodPressure"
CORR_FOOD = "HKCorrelationTypeIdentifierFood"
STREAMS = RECORD_TYPES + ["corr:" + CORR_BP, "corr:" + CORR_FOOD, "workout", "summary"]

# ---------------------------------------------------------------------------
# DTD (structure of Apple's "HealthKit Export Version" 13/14 DTD; like the real one it does
# not declare everything the document contains, e.g. WorkoutActivity inside Workout)
# ---------------------------------------------------------------------------

_EYE_ATTRS = "".join(
    "  %-16s CDATA #IMPLIED\n" % a for a in (
        "sphere", "sphereUnit", "cylinder", "cylinderUnit", "axis", "axisUnit", "add",
        "addUnit", "vertex", "vertexUnit", "prismAmount", "prismAmountUnit", "prismAngle",
        "prismAngleUnit", "farPD", "farPDUnit", "nearPD", "nearPDUnit", "baseCurve",
        "baseCurveUnit", "diameter", "diameterUnit"))

DTD_HEAD = """<!DOCTYPE HealthData [
<!-- HealthKit Export Version: %(version)s -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ELEMENT ExportDate EMPTY>
<!ATTLIST ExportDate
  value CDATA #REQUIRED
>
<!ELEMENT Me EMPTY>
<!ATTLIST Me
  HKCharacteristicTypeIdentifierDateOfBirth                   CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBiologicalSex                 CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBloodType                     CDATA #REQUIRED
  HKCharacteristicTypeIdentifierFitzpatrickSkinType           CDATA #REQUIRED
  HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse   CDATA #REQUIRED
>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST Record
  type          CDATA #REQUIRED
  unit          CDATA #IMPLIED
  value         CDATA #IMPLIED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!-- Note: Any Records that appear as children of a correlation also appear as top-level records in this document. -->
<!ELEMENT Correlation ((MetadataEntry|Record)*)>
<!ATTLIST Correlation
  type          CDATA #REQUIRED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT Workout ((MetadataEntry|WorkoutEvent|WorkoutRoute|WorkoutStatistics)*)>
<!ATTLIST Workout
  workoutActivityType   CDATA #REQUIRED
  duration              CDATA #IMPLIED
  durationUnit          CDATA #IMPLIED
  totalDistance         CDATA #IMPLIED
  totalDistanceUnit     CDATA #IMPLIED
  totalEnergyBurned     CDATA #IMPLIED
  totalEnergyBurnedUnit CDATA #IMPLIED
  sourceName            CDATA #REQUIRED
  sourceVersion         CDATA #IMPLIED
  device                CDATA #IMPLIED
  creationDate          CDATA #IMPLIED
  startDate             CDATA #REQUIRED
  endDate               CDATA #REQUIRED
>
<!ELEMENT WorkoutActivity ((MetadataEntry)*)>
<!ATTLIST WorkoutActivity
  uuid                 CDATA #REQUIRED
  startDate            CDATA #REQUIRED
  endDate              CDATA #IMPLIED
  duration             CDATA #IMPLIED
  durationUnit         CDATA #IMPLIED
>
<!ELEMENT WorkoutEvent ((MetadataEntry)*)>
<!ATTLIST WorkoutEvent
  type                 CDATA #REQUIRED
  date                 CDATA #REQUIRED
  duration             CDATA #IMPLIED
  durationUnit         CDATA #IMPLIED
>
<!ELEMENT WorkoutStatistics EMPTY>
<!ATTLIST WorkoutStatistics
  type                 CDATA #REQUIRED
  startDate            CDATA #REQUIRED
  endDate              CDATA #REQUIRED
  average              CDATA #IMPLIED
  minimum              CDATA #IMPLIED
  maximum              CDATA #IMPLIED
  sum                  CDATA #IMPLIED
  unit                 CDATA #IMPLIED
>
<!ELEMENT WorkoutRoute ((MetadataEntry|FileReference)*)>
<!ATTLIST WorkoutRoute
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT FileReference EMPTY>
<!ATTLIST FileReference
  path CDATA #REQUIRED
>
<!ELEMENT ActivitySummary EMPTY>
<!ATTLIST ActivitySummary
  dateComponents           CDATA #IMPLIED
  activeEnergyBurned       CDATA #IMPLIED
  activeEnergyBurnedGoal   CDATA #IMPLIED
  activeEnergyBurnedUnit   CDATA #IMPLIED
  appleMoveTime            CDATA #IMPLIED
  appleMoveTimeGoal        CDATA #IMPLIED
  appleExerciseTime        CDATA #IMPLIED
  appleExerciseTimeGoal    CDATA #IMPLIED
  appleStandHours          CDATA #IMPLIED
  appleStandHoursGoal      CDATA #IMPLIED
>
<!ELEMENT MetadataEntry EMPTY>
<!ATTLIST MetadataEntry
  key   CDATA #REQUIRED
  value CDATA #REQUIRED
>
<!-- Note: Heart Rate Variability records captured by Apple Watch may include an associated list of instantaneous beats-per-minute readings. -->
<!ELEMENT HeartRateVariabilityMetadataList (InstantaneousBeatsPerMinute*)>
<!ELEMENT InstantaneousBeatsPerMinute EMPTY>
<!ATTLIST InstantaneousBeatsPerMinute
  bpm  CDATA #REQUIRED
  time CDATA #REQUIRED
>
<!ELEMENT ClinicalRecord EMPTY>
<!ATTLIST ClinicalRecord
  type              CDATA #REQUIRED
  identifier        CDATA #REQUIRED
  sourceName        CDATA #REQUIRED
  sourceURL         CDATA #REQUIRED
  fhirVersion       CDATA #REQUIRED
  receivedDate      CDATA #REQUIRED
  resourceFilePath  CDATA #REQUIRED
>
<!ELEMENT Audiogram ((MetadataEntry|SensitivityPoint)*)>
<!ATTLIST Audiogram
  type          CDATA #REQUIRED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT SensitivityPoint EMPTY>
<!ATTLIST SensitivityPoint
  frequencyValue   CDATA #REQUIRED
  frequencyUnit    CDATA #REQUIRED
  leftEarValue     CDATA #IMPLIED
  leftEarUnit      CDATA #IMPLIED
  rightEarValue    CDATA #IMPLIED
  rightEarUnit     CDATA #IMPLIED
>
<!ELEMENT VisionPrescription ((RightEye|LeftEye|Attachment|MetadataEntry)*)>
<!ATTLIST VisionPrescription
  type             CDATA #REQUIRED
  dateIssued       CDATA #REQUIRED
  expirationDate   CDATA #IMPLIED
  brand            CDATA #IMPLIED
"""

DTD_TAIL_OK = (">\n<!ELEMENT RightEye EMPTY>\n<!ATTLIST RightEye\n" + _EYE_ATTRS +
               ">\n<!ELEMENT LeftEye EMPTY>\n<!ATTLIST LeftEye\n" + _EYE_ATTRS +
               ">\n<!ELEMENT Attachment EMPTY>\n<!ATTLIST Attachment\n"
               "  identifier       CDATA #IMPLIED\n>\n]>\n")

# iOS 16's "Version 12" DTD never closes the VisionPrescription ATTLIST, so RightEye and
# LeftEye end up inside it, and a stray '>' precedes ']>': strict parsers stop there.
DTD_TAIL_V12_BROKEN = ("<!ELEMENT RightEye EMPTY>\n<!ATTLIST RightEye\n" + _EYE_ATTRS +
                       "<!ELEMENT LeftEye EMPTY>\n<!ATTLIST LeftEye\n" + _EYE_ATTRS +
                       ">\n<!ELEMENT Attachment EMPTY>\n<!ATTLIST Attachment\n"
                       "  identifier       CDATA #IMPLIED\n>\n>\n]>\n")


def dtd_text(kind: str) -> str:
    if kind == "none":
        return ""
    if kind == "v12-broken":
        return DTD_HEAD % {"version": "12"} + DTD_TAIL_V12_BROKEN
    return DTD_HEAD % {"version": "13"} + DTD_TAIL_OK


# ---------------------------------------------------------------------------
# Time formatting: seconds since START_DATE 00:00 local (-0700) -> "YYYY-MM-DD HH:MM:SS -0700"
# ---------------------------------------------------------------------------

TOD = ["%02d:%02d:%02d %s" % (s // 3600, s // 60 % 60, s % 60, OFFSET) for s in range(86400)]
TODZ = ["%02d:%02d:%02dZ" % (s // 3600, s // 60 % 60, s % 60) for s in range(86400)]
DAYP: list[str] = []    # "YYYY-MM-DD " per day index
DAYT: list[str] = []    # "YYYY-MM-DDT"
DAYD: list[str] = []    # "YYYY-MM-DD"


def ensure_days(n: int) -> None:
    while len(DAYP) < n:
        s = (START_DATE + dt.timedelta(days=len(DAYP))).isoformat()
        DAYP.append(s + " ")
        DAYT.append(s + "T")
        DAYD.append(s)


def F(t: int) -> str:
    return DAYP[t // 86400] + TOD[t % 86400]


def FZ(t: int) -> str:
    """Local seconds -> UTC ISO 8601 as in GPX files."""
    u = t - OFFSET_SECONDS
    return DAYT[u // 86400] + TODZ[u % 86400]


def clock12(sec: float) -> str:
    """Seconds of the local day -> '1:02:03.45 PM' (en_US, as HRV beat times are written)."""
    cs = int(round(sec * 100))
    h, rem = divmod(cs, 360000)
    h %= 24
    m, rem = divmod(rem, 6000)
    s, c = divmod(rem, 100)
    return "%d:%02d:%02d.%02d %s" % ((h % 12) or 12, m, s, c, "PM" if h >= 12 else "AM")


def g6(x: float) -> str:
    return "%.6g" % x


def r3(x: float) -> str:
    return repr(round(x, 3))


def uuid_from(rng: random.Random) -> str:
    v = rng.getrandbits(128)
    v = (v & ~(0xF << 76)) | (0x4 << 76)
    v = (v & ~(0x3 << 62)) | (0x2 << 62)
    h = "%032X" % v
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def route_name(end: int) -> tuple[str, str]:
    """File name and GPX track name of a route ending at `end`, as iOS 16+ names them."""
    tod = end % 86400
    h, m = tod // 3600, tod // 60 % 60
    ap = "pm" if h >= 12 else "am"
    h12 = (h % 12) or 12
    day = DAYD[end // 86400]
    return ("route_%s_%d.%02d%s.gpx" % (day, h12, m, ap), "Route %s %d:%02d%s" % (day, h12, m, ap))


def in_any(t: int, intervals) -> bool:
    for a, b in intervals:
        if a <= t < b:
            return True
    return False


# ---------------------------------------------------------------------------
# Sources
# ---------------------------------------------------------------------------

class Source:
    """A source (app/device) on one day: prefix strings precomputed for speed."""

    __slots__ = ("name", "version", "devices", "n")

    def __init__(self, name: str, version: str, device_tail: str | None, rng: random.Random):
        self.name = name
        self.version = version
        if device_tail is None:
            self.devices = None
        else:
            # the HKDevice pointer differs between batches of samples in real exports
            self.devices = ["&lt;&lt;HKDevice: 0x%09x&gt;, %s&gt;" % (0x280000000 + rng.getrandbits(28) * 16, device_tail)
                            for _ in range(4)]
        self.n = 0

    def attrs(self) -> str:
        if self.devices is None:
            return ' sourceName="%s" sourceVersion="%s"' % (self.name, self.version)
        self.n += 1
        return ' sourceName="%s" sourceVersion="%s" device="%s"' % (
            self.name, self.version, self.devices[(self.n >> 5) & 3])


def os_versions(day: dt.date) -> tuple[str, str]:
    w, i = OS_SCHEDULE[0][1], OS_SCHEDULE[0][2]
    for since, wv, iv in OS_SCHEDULE:
        if day >= since:
            w, i = wv, iv
    return w, i


# ---------------------------------------------------------------------------
# Generator
# ---------------------------------------------------------------------------

class Night:
    __slots__ = ("bed", "onset", "wake")

    def __init__(self, bed: int, onset: int, wake: int):
        self.bed, self.onset, self.wake = bed, onset, wake


WORKOUT_KINDS = [
    ("Running", 30), ("Walking", 20), ("Cycling", 12), ("TraditionalStrengthTraining", 15),
    ("HighIntensityIntervalTraining", 8), ("Yoga", 7), ("Swimming", 6), ("SwimBikeRun", 2),
]
# kcal/min, heart-rate base, speed m/s (0 = no distance)
KIND_PARAMS = {
    "Running": (11.5, 152, 2.95), "Walking": (4.8, 104, 1.45), "Cycling": (9.5, 136, 6.4),
    "TraditionalStrengthTraining": (6.0, 116, 0.0), "HighIntensityIntervalTraining": (10.0, 146, 0.0),
    "Yoga": (3.2, 92, 0.0), "Swimming": (9.0, 131, 0.62),
}


class Generator:
    def __init__(self, seed: int, legacy_move_minutes: bool, with_routes: bool):
        self.seed = seed
        self.legacy_move_minutes = legacy_move_minutes
        self.with_routes = with_routes
        self.counts: dict[str, int] = {}
        self.type_counts: dict[str, int] = {t: 0 for t in RECORD_TYPES}
        self.workout_counts: dict[str, int] = {}
        self.routes: list[tuple] = []          # (file name, track name, start, end, speed, seed, kind)
        self.route_names: set[str] = set()
        self._nights: dict[int, Night] = {}

    # -- counters ---------------------------------------------------------
    def count(self, element: str, n: int = 1) -> None:
        self.counts[element] = self.counts.get(element, 0) + n

    # -- helpers ----------------------------------------------------------
    def rng_for(self, d: int, salt: int) -> random.Random:
        return random.Random(self.seed * 1_000_003 + d * 7_919 + salt * 104_729)

    def night(self, d: int) -> Night:
        n = self._nights.get(d)
        if n is None:
            r = self.rng_for(d, 1)
            base = d * 86400
            bed = base + 22 * 3600 + 40 * 60 + int(r.gauss(0, 30 * 60))
            bed = max(base + 21 * 3600 + 30 * 60, min(bed, base + 23 * 3600 + 50 * 60))
            onset = bed + r.randint(4, 28) * 60 + r.randint(0, 59)
            wake = base + 86400 + 6 * 3600 + 35 * 60 + int(r.gauss(0, 25 * 60))
            wake = max(base + 86400 + 5 * 3600 + 20 * 60, min(wake, base + 86400 + 8 * 3600 + 15 * 60))
            n = Night(bed, onset, wake)
            self._nights[d] = n
            self._nights.pop(d - 3, None)
        return n

    def tz_for(self, d: int) -> str:
        # one week a year away from home (days 60-66 of every 365)
        return TRIP_TZ if 60 <= d % 365 <= 66 else HOME_TZ

    # -- one day ----------------------------------------------------------
    def gen_day(self, d: int) -> tuple[dict[str, list], int]:
        """All elements of day d: {stream: [(start, text), ...]}; the ActivitySummary too."""
        ensure_days(d + 3)
        rng = self.rng_for(d, 2)
        date = START_DATE + dt.timedelta(days=d)
        wos, ios = os_versions(date)
        D0, D1 = d * 86400, d * 86400 + 86400
        prev, cur = self.night(d - 1), self.night(d)
        wake, bed = prev.wake, cur.bed
        tz = self.tz_for(d)

        watch = Source(WATCH_NAME, wos, "name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:" + wos, rng)
        phone = Source(PHONE_NAME, ios, "name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,2, software:" + ios, rng)
        watch_nodev = Source(WATCH_NAME, wos, None, rng)
        phone_nodev = Source(PHONE_NAME, ios, None, rng)
        buds = Source(PHONE_NAME, ios, "name:" + OWNER + " AirPods Pro, manufacturer:Apple Inc., model:0x200E, localIdentifier:F4-65-A6-3C-81-2B-headphone", rng)

        out: dict[str, list] = {}
        tc = self.type_counts

        def add(stream: str, start: int, text: str) -> None:
            lst = out.get(stream)
            if lst is None:
                out[stream] = [(start, text)]
            else:
                lst.append((start, text))

        md_count = [0]

        def record(typ: str, src: Source, unit: str | None, c: int, s: int, e: int, value: str,
                   children: str = "", indent: str = " ") -> str:
            u = ' unit="%s"' % unit if unit else ""
            head = '%s<Record type="%s"%s%s creationDate="%s" startDate="%s" endDate="%s" value="%s"' % (
                indent, typ, src.attrs(), u, F(c), F(s), F(e), value)
            if children:
                return head + ">\n" + children + indent + "</Record>\n"
            return head + "/>\n"

        def q(typ: str, src: Source, unit: str, s: int, e: int, value: str, children: str = "",
              lag: int = -1) -> None:
            c = e + (lag if lag >= 0 else rng.randint(5, 420))
            add(typ, s, record(typ, src, unit, c, s, e, value, children))
            tc[typ] += 1

        def meta(key: str, value: str, indent: str = "  ") -> str:
            md_count[0] += 1
            return '%s<MetadataEntry key="%s" value="%s"/>\n' % (indent, key, value)

        # ---- the day's plan: workout, walking bouts ------------------------
        workout = None
        if rng.random() < 0.72:
            workout = self.plan_workout(d, rng, wake, bed)
        busy = [(workout["start"] - 300, workout["end"] + 300)] if workout else []
        bouts = []   # (start, end, cadence, phone carried)
        for _ in range(rng.randint(6, 14)):
            s = rng.randint(wake + 600, bed - 2400)
            e = s + rng.randint(3, 35) * 60 + rng.randint(0, 59)
            if in_any(s, busy) or in_any(e, busy) or any(s < b and a < e for a, b in busy):
                continue
            busy.append((s - 120, e + 120))
            bouts.append((s, e, rng.randint(88, 122), rng.random() < 0.75))
        bouts.sort()
        bout_iv = [(a, b) for a, b, _, _ in bouts]
        asleep = [(D0, prev.wake), (cur.onset, D1)]
        in_bed = [(D0, prev.wake), (cur.bed, D1)]

        # ---- steps, distance, flights, walking mobility ---------------------
        for s, e, cad, carried in bouts:
            stride = rng.uniform(0.000425, 0.000470)     # miles per step
            t = s
            while t < e:
                ln = min(e - t, rng.randint(60, 420))
                steps = max(1, int(cad * ln / 60 * rng.uniform(0.9, 1.06)))
                q(Q + "StepCount", watch, "count", t, t + ln, str(steps))
                q(Q + "DistanceWalkingRunning", watch, "mi", t, t + ln, r3(steps * stride) if steps * stride >= 0.001 else "0.001")
                t += ln
            if carried:
                t = s + rng.randint(5, 40)
                while t < e:
                    ln = min(e - t, rng.randint(120, 600))
                    if ln < 10:
                        break
                    steps = max(1, int(cad * ln / 60 * rng.uniform(0.86, 1.02)))
                    q(Q + "StepCount", phone, "count", t, t + ln, str(steps))
                    q(Q + "DistanceWalkingRunning", phone, "mi", t, t + ln, repr(round(steps * stride * 1.03, 5)))
                    t += ln
                if e - s >= 300:
                    for _ in range(rng.randint(1, 3)):
                        ws = rng.randint(s, max(s, e - 120))
                        we = ws + rng.randint(20, 110)
                        q(Q + "WalkingSpeed", phone_nodev if rng.random() < 0.5 else phone, "mi/hr", ws, we, g6(cad * stride * 60 * rng.uniform(0.95, 1.05)))
                        q(Q + "WalkingStepLength", phone_nodev if rng.random() < 0.5 else phone, "in", ws, we, g6(stride * 63360 * rng.uniform(0.97, 1.03)))
            if rng.random() < 0.3:
                fs = rng.randint(s, max(s, e - 60))
                fl = rng.randint(1, 3)
                q(Q + "FlightsClimbed", watch, "count", fs, fs + rng.randint(20, 90), str(fl))
                if carried:
                    fs2 = fs + rng.randint(-20, 20)
                    q(Q + "FlightsClimbed", phone, "count", fs2, fs2 + rng.randint(20, 90), str(fl))
        # a little pottering between bouts (watch only)
        t = wake + rng.randint(300, 1800)
        while t < bed - 600:
            ln = rng.randint(40, 200)
            if not in_any(t, busy) and not in_any(t + ln, busy):
                q(Q + "StepCount", watch, "count", t, t + ln, str(rng.randint(8, 70)))
            t += rng.randint(900, 2700)

        # ---- heart rate (background) ----------------------------------------
        hr_type = Q + "HeartRate"
        wk_iv = [(workout["start"], workout["end"])] if workout else []
        t = D0 + rng.randint(0, 300)
        while t < D1:
            if in_any(t, wk_iv):
                t = workout["end"] + rng.randint(60, 240)
                continue
            sleeping = in_any(t, asleep)
            active = in_any(t, bout_iv)
            if sleeping:
                v = int(rng.gauss(53, 3))
                ctx = "1"
            elif active:
                v = int(rng.gauss(98, 8))
                ctx = "2"
            else:
                v = int(rng.gauss(70, 6))
                ctx = "1"
            r = rng.random()
            if r < 0.12:
                children = ""
            else:
                children = meta("HKMetadataKeyHeartRateMotionContext", "0" if r < 0.2 else ctx)
            q(hr_type, watch, "count/min", t, t, str(v), children, lag=rng.randint(20, 600))
            t += rng.randint(300, 900) if sleeping else rng.randint(180, 540)

        # ---- energy ------------------------------------------------------------
        active_kcal = 0.0
        t = wake + rng.randint(0, 120)
        while t < bed:
            if in_any(t, wk_iv):
                t = workout["end"]
                continue
            if in_any(t, bout_iv):
                ln = rng.randint(55, 65)
                v = ln / 60 * rng.uniform(3.2, 5.2)
            else:
                ln = rng.randint(60, 330)
                v = ln / 60 * rng.uniform(0.03, 0.4)
            active_kcal += round(v, 3)
            q(Q + "ActiveEnergyBurned", watch, "kcal", t, t + ln, r3(v))
            t += ln
        t = D0 + rng.randint(0, 60)
        while t < D1 - 60:
            ln = min(D1 - t, rng.randint(280, 900))
            q(Q + "BasalEnergyBurned", watch, "kcal", t, t + ln, r3(ln / 60 * rng.uniform(1.02, 1.18)))
            t += ln

        # ---- exercise / stand ---------------------------------------------------
        ex_minutes = 0
        ex_type = Q + "AppleExerciseTime"
        for s, e, cad, _ in bouts:
            if cad >= 106:
                for m in range((s // 60 + 1) * 60, e - 59, 60):
                    q(ex_type, watch, "min", m, m + 60, "1")
                    ex_minutes += 1
        stood_hours = set()
        st_type = Q + "AppleStandTime"
        for w in range((wake // 300 + 1) * 300, bed - 300, 300):
            moving = in_any(w, busy)
            if moving or rng.random() < 0.32:
                q(st_type, watch, "min", w, w + 300, str(rng.randint(3, 5) if moving else rng.randint(1, 3)))
                stood_hours.add(w // 3600)
        sh_type = C + "AppleStandHour"
        for h in range(wake // 3600 + 1, bed // 3600):
            stood = h in stood_hours
            add(sh_type, h * 3600, record(sh_type, watch_nodev, None, h * 3600 + 3600 + rng.randint(5, 600), h * 3600,
                                          h * 3600 + 3600,
                                          "HKCategoryValueAppleStandHourStood" if stood else "HKCategoryValueAppleStandHourIdle"))
            tc[sh_type] += 1

        # ---- sleep (night d, may run past midnight; later nights start later still) --
        self.gen_sleep(d, cur, watch_nodev, phone_nodev, tz, add, record, meta)

        # ---- respiratory rate, SpO2, HRV during sleep and the day -------------
        for a, b in asleep:
            t = a + rng.randint(60, 600)
            while t < b:
                q(Q + "RespiratoryRate", watch, "count/min", t, t + rng.randint(60, 240), repr(rng.randint(24, 34) / 2))
                t += rng.randint(600, 1200)
            t = a + rng.randint(300, 2400)
            while t < b:
                q(Q + "OxygenSaturation", watch, "%", t, t, repr(rng.randint(94, 99) / 100))
                t += rng.randint(2400, 4200)
        for _ in range(2):
            t = rng.randint(wake + 3600, bed - 3600)
            q(Q + "OxygenSaturation", watch, "%", t, t, repr(rng.randint(95, 99) / 100))
        hrv_times = []
        for a, b in asleep:
            if b - a > 3600:
                for _ in range(1 if b - a < 4 * 3600 else 2):
                    hrv_times.append(rng.randint(a, b - 120))
        for _ in range(rng.randint(1, 4)):
            hrv_times.append(rng.randint(wake + 1800, bed - 1800))
        hrv_type = Q + "HeartRateVariabilitySDNN"
        for s in sorted(hrv_times):
            ln = rng.randint(55, 70)
            hr = rng.gauss(56 if in_any(s, asleep) else 68, 4)
            beats = []
            bt = float(s - D0) + rng.uniform(0.2, 2.0)
            while bt < s - D0 + ln:
                bpm = int(hr + rng.gauss(0, 3))
                beats.append('   <InstantaneousBeatsPerMinute bpm="%d" time="%s"/>\n' % (bpm, clock12(bt)))
                bt += 60.0 / max(bpm, 35) * rng.uniform(0.92, 1.08)
            self.count("InstantaneousBeatsPerMinute", len(beats))
            self.count("HeartRateVariabilityMetadataList")
            children = "  <HeartRateVariabilityMetadataList>\n" + "".join(beats) + "  </HeartRateVariabilityMetadataList>\n"
            q(hrv_type, watch, "ms", s, s + ln, repr(round(rng.uniform(22, 75), 4)), children, lag=rng.randint(1, 30))

        # ---- daily heart-rate summaries ------------------------------------------
        rs = D0 + rng.randint(60, 1500)
        q(Q + "RestingHeartRate", watch, "count/min", rs, bed - rng.randint(300, 3000), str(int(rng.gauss(56, 2))), lag=rng.randint(30, 900))
        ws = wake + rng.randint(600, 3600)
        q(Q + "WalkingHeartRateAverage", watch, "count/min", ws, bed - rng.randint(300, 3000), str(int(rng.gauss(101, 4))), lag=rng.randint(30, 900))

        # ---- audio exposure ----------------------------------------------------------
        t = wake + rng.randint(0, 1800)
        while t < bed - 1800:
            if rng.random() < 0.8:
                q(Q + "EnvironmentalAudioExposure", watch, "dBASPL", t, t + 1800, repr(round(rng.uniform(44, 76), 4)))
            t += 1800
        for _ in range(rng.randint(0, 2)):
            s = rng.randint(wake + 1800, bed - 4000)
            e = s + rng.randint(20, 70) * 60
            t = s
            while t < e:
                ln = min(e - t, rng.randint(300, 1800))
                q(Q + "HeadphoneAudioExposure", buds, "dBASPL", t, t + ln, repr(round(rng.uniform(55, 78), 4)))
                t += ln

        # ---- body mass (scale app with '&amp;' in metadata, or typed in Health) ---------
        if rng.random() < 0.35:
            t = wake + rng.randint(300, 1500)
            lb = 158.0 + 4 * ((d % 180) / 180.0) + rng.gauss(0, 0.6)
            if rng.random() < 0.85:
                scale = Source("Health Mate", "6.3.1", "name:Body+, manufacturer:Withings, model:WBS05, hardware:WBS05, software:1392", rng)
                ch = (meta("Health Mate App Version", "6.3.1") + meta("Withings User Identifier", "4242424") +
                      meta("Modified Date", F(t + 40 - OFFSET_SECONDS).replace(OFFSET, "+0000")) +
                      meta("Withings Link", "withings-bd2://timeline/measure?userid=4242424&amp;date=%d&amp;type=1" % (1664607600 + t)) +
                      meta("HKWasUserEntered", "0"))
                q(Q + "BodyMass", scale, "lb", t, t, repr(round(lb, 3)), ch, lag=rng.randint(30, 200))
            else:
                health = Source("Health", ios, None, rng)
                q(Q + "BodyMass", health, "lb", t - t % 60, t - t % 60, repr(round(lb, 1)), meta("HKWasUserEntered", "1"), lag=rng.randint(5, 90))

        # ---- blood pressure correlations (members duplicated at top level) ------------
        if rng.random() < 0.3:
            t = wake + rng.randint(600, 2400)
            cuff = Source("Health Mate", "6.3.1", "name:BPM Connect, manufacturer:Withings, model:BPM Connect, hardware:BPM Connect, software:2010", rng)
            c = t + rng.randint(20, 120)
            sysv, diav = int(rng.gauss(121, 7)), int(rng.gauss(79, 5))
            md = ('   <MetadataEntry key="HKWasUserEntered" value="0"/>\n'
                  '   <MetadataEntry key="Withings User Identifier" value="4242424"/>\n')
            members = []
            for typ, v in ((Q + "BloodPressureDiastolic", diav), (Q + "BloodPressureSystolic", sysv)):
                cuff.n = 0
                top = record(typ, cuff, "mmHg", c, t, t, str(v), md.replace("   <", "  <"))
                cuff.n = 0
                inner = record(typ, cuff, "mmHg", c, t, t, str(v), md, indent="  ")
                add(typ, t, top)
                tc[typ] += 1
                members.append(inner)
                md_count[0] += 4       # two entries, at top level and inside the correlation
                self.count("Record (in Correlation)")
            cuff.n = 0
            corr = ' <Correlation type="%s"%s creationDate="%s" startDate="%s" endDate="%s">\n%s%s </Correlation>\n' % (
                CORR_BP, cuff.attrs(), F(c), F(t), F(t), meta("HKWasUserEntered", "0"), "".join(members))
            add("corr:" + CORR_BP, t, corr)
            self.count("Correlation")

        # ---- food correlations (a few) -------------------------------------------------
        if rng.random() < 0.12:
            mfp = Source("MyFitnessPal", "23.21.0", None, rng)
            for meal, hour, food in (("Breakfast", 8, "Oatmeal with Blueberries"), ("Lunch", 12, "Chicken Caesar Salad"),
                                     ("Dinner", 19, "Spaghetti Bolognese &amp; Garlic Bread")):
                if rng.random() < 0.6:
                    continue
                t = D0 + hour * 3600
                c = t + rng.randint(600, 7200)
                kcal = rng.uniform(300, 850)
                nutr = ((Q + "DietaryFatTotal", "g", kcal * 0.3 / 9), (Q + "DietaryCarbohydrates", "g", kcal * 0.5 / 4),
                        (Q + "DietaryProtein", "g", kcal * 0.2 / 4), (Q + "DietaryEnergyConsumed", "kcal", kcal))
                members = []
                for typ, unit, v in nutr:
                    vs = repr(round(v, 2))
                    add(typ, t, record(typ, mfp, unit, c, t, t, vs, meta("meal", meal) + meta("HKFoodType", food)))
                    tc[typ] += 1
                    members.append(record(typ, mfp, unit, c, t, t, vs,
                                          meta("meal", meal, "   ") + meta("HKFoodType", food, "   "), indent="  "))
                    self.count("Record (in Correlation)")
                corr = ' <Correlation type="%s"%s creationDate="%s" startDate="%s" endDate="%s">\n%s%s </Correlation>\n' % (
                    CORR_FOOD, mfp.attrs(), F(c), F(t), F(t),
                    meta("meal", meal) + meta("HKFoodType", food) + meta("HKExternalUUID", uuid_from(rng).lower()),
                    "".join(members))
                add("corr:" + CORR_FOOD, t, corr)
                self.count("Correlation")

        # ---- workout and its samples -------------------------------------------------------
        if workout is not None:
            w_active, w_ex = self.gen_workout(d, rng, workout, watch, watch_nodev, tz, q, meta, add)
            active_kcal += w_active
            ex_minutes += w_ex

        # ---- activity summary ---------------------------------------------------------------
        mv = ("appleMoveMinutes", "appleMoveMinutesGoal") if self.legacy_move_minutes else ("appleMoveTime", "appleMoveTimeGoal")
        summary = (' <ActivitySummary dateComponents="%s" activeEnergyBurned="%s" activeEnergyBurnedGoal="%d" '
                   'activeEnergyBurnedUnit="kcal" %s="0" %s="0" appleExerciseTime="%d" appleExerciseTimeGoal="30" '
                   'appleStandHours="%d" appleStandHoursGoal="12"/>\n') % (
            DAYD[d], g6(active_kcal), 520 if d < 200 else 560, mv[0], mv[1], ex_minutes,
            sum(1 for h in stood_hours if D0 // 3600 <= h < D1 // 3600))
        add("summary", D0, summary)
        self.count("ActivitySummary")
        self.count("MetadataEntry", md_count[0])
        return out, md_count[0]

    # -- sleep --------------------------------------------------------------------------
    def gen_sleep(self, d, night, watch_nodev, phone_nodev, tz, add, record, meta):
        r = self.rng_for(d, 3)
        typ = C + "SleepAnalysis"
        tzm = meta("HKTimeZone", tz)
        creation = night.wake + r.randint(60, 900)
        add(typ, night.bed, record(typ, phone_nodev, None, creation + r.randint(0, 60), night.bed, night.wake,
                                   "HKCategoryValueSleepAnalysisInBed", tzm))
        self.type_counts[typ] += 1
        t = night.onset
        cycle = 0
        n = 1
        while t < night.wake - 120:
            early = cycle < 2
            plan = [("AsleepCore", r.randint(10, 35)), ("AsleepDeep", r.randint(15, 35) if early else r.randint(0, 12)),
                    ("AsleepCore", r.randint(10, 30)), ("AsleepREM", r.randint(5, 15) if early else r.randint(15, 35))]
            if r.random() < 0.45:
                plan.append(("Awake", r.randint(1, 4)))
            for stage, minutes in plan:
                if minutes <= 0:
                    continue
                e = min(t + minutes * 60 + r.randint(-40, 40), night.wake)
                if e - t < 30:
                    break
                add(typ, t, record(typ, watch_nodev, None, creation, t, e, "HKCategoryValueSleepAnalysis" + stage,
                                   meta("HKTimeZone", tz)))
                n += 1
                t = e
                if t >= night.wake - 120:
                    break
            cycle += 1
        self.type_counts[typ] += n - 1

    # -- workouts -----------------------------------------------------------------------
    def plan_workout(self, d, rng, wake, bed):
        total = sum(w for _, w in WORKOUT_KINDS)
        x = rng.uniform(0, total)
        for kind, w in WORKOUT_KINDS:
            x -= w
            if x <= 0:
                break
        minutes = {"Running": (25, 60), "Walking": (20, 60), "Cycling": (35, 95), "TraditionalStrengthTraining": (30, 60),
                   "HighIntensityIntervalTraining": (18, 35), "Yoga": (25, 60), "Swimming": (25, 50),
                   "SwimBikeRun": (100, 140)}[kind]
        dur = rng.randint(minutes[0] * 60, minutes[1] * 60)
        if rng.random() < 0.4:
            start = wake + rng.randint(15, 60) * 60
        else:
            start = d * 86400 + rng.randint(17 * 60, 19 * 60 + 30) * 60
        start += rng.randint(0, 59)
        if start + dur > bed - 1800:
            start = bed - 1800 - dur
        return {"kind": kind, "start": start, "end": start + dur,
                "interval": kind == "Running" and rng.random() < 0.3}

    def gen_workout(self, d, rng, w, watch, watch_nodev, tz, q, meta, add):
        kind, start, end = w["kind"], w["start"], w["end"]
        D0 = d * 86400
        wr = self.rng_for(d, 4)
        # activities: (kind, start, end, intensity factor, keypath or None)
        acts = []
        if kind == "SwimBikeRun":
            t = start
            for sub, share in (("Swimming", 0.18), ("Cycling", 0.5), ("Running", 0.32)):
                ln = int((end - start) * share)
                acts.append((sub, t, t + ln - (0 if sub == "Running" else 120), 1.0, None))
                t += ln
            acts[-1] = (acts[-1][0], acts[-1][1], end, 1.0, None)
        elif w["interval"]:
            t = start
            steps = [("Running", 600, 0.8, "0.0.0")]
            reps = wr.randint(3, 6)
            for i in range(reps):
                steps.append(("Running", wr.randint(3, 5) * 60, 1.18, "1.%d.0" % i))
                steps.append(("Running", 120, 0.72, "1.%d.1" % i))
            steps.append(("Running", 0, 0.75, "2.0.0"))
            for sub, ln, f, kp in steps:
                e = end if ln == 0 else min(t + ln, end)
                if e - t < 60:
                    break
                acts.append((sub, t, e, f, kp))
                t = e
            if acts[-1][2] < end:
                acts[-1] = (acts[-1][0], acts[-1][1], end, acts[-1][3], acts[-1][4])
        else:
            acts.append((kind, start, end, 1.0, None))

        hr_t, ae_t = Q + "HeartRate", Q + "ActiveEnergyBurned"
        stats_acts = []
        all_hr, tot = [], {}
        ex_minutes = 0
        events_all = []      # (time, xml)
        routes = []
        lap_yd = 25
        for ai, (sub, a0, a1, f, kp) in enumerate(acts):
            kcal_min, hr_base, speed = KIND_PARAMS[sub]
            hrs, kcal, basal = [], 0.0, 0.0
            t = a0 + wr.randint(1, 5)
            while t < a1:
                ramp = min(1.0, (t - start) / 300.0)
                v = int(90 + (hr_base * f - 90) * ramp + wr.gauss(0, 4))
                hrs.append(v)
                q(hr_t, watch, "count/min", t, t, str(v), meta("HKMetadataKeyHeartRateMotionContext", "2"), lag=end - t + wr.randint(5, 30))
                t += wr.randint(4, 6)
            t = a0
            while t < a1:
                ln = min(a1 - t, wr.randint(8, 12))
                v = ln / 60 * kcal_min * f * wr.uniform(0.85, 1.15)
                kcal += round(v, 3)
                q(ae_t, watch, "kcal", t, t + ln, r3(v), lag=end - t + wr.randint(5, 30))
                t += ln
            basal = (a1 - a0) / 60 * 1.12
            dist, steps, strokes = 0.0, 0, 0
            dist_type, dist_unit = None, None
            if sub in ("Running", "Walking"):
                dist_type, dist_unit = Q + "DistanceWalkingRunning", "mi"
                cad = 166 if sub == "Running" else 112
                t = a0
                while t < a1:
                    ln = min(a1 - t, wr.randint(55, 70))
                    mi = speed * f * ln / 1609.344 * wr.uniform(0.95, 1.05)
                    st = int(cad * ln / 60 * wr.uniform(0.96, 1.04))
                    dist += round(mi, 5)
                    steps += st
                    q(Q + "StepCount", watch, "count", t, t + ln, str(st), lag=end - t + wr.randint(5, 30))
                    q(dist_type, watch, "mi", t, t + ln, repr(round(mi, 5)), lag=end - t + wr.randint(5, 30))
                    t += ln
            elif sub == "Cycling":
                dist_type, dist_unit = Q + "DistanceCycling", "mi"
                t = a0
                while t < a1:
                    ln = min(a1 - t, wr.randint(55, 70))
                    mi = speed * ln / 1609.344 * wr.uniform(0.8, 1.15)
                    dist += round(mi, 5)
                    q(dist_type, watch, "mi", t, t + ln, repr(round(mi, 5)), lag=end - t + wr.randint(5, 30))
                    t += ln
            elif sub == "Swimming":
                dist_type, dist_unit = Q + "DistanceSwimming", "yd"
                t = a0 + 20
                while t < a1 - 40:
                    ln = wr.randint(28, 42)
                    sc = wr.randint(14, 20)
                    dist += lap_yd
                    strokes += sc
                    q(dist_type, watch, "yd", t, t + ln, str(lap_yd), lag=end - t + wr.randint(5, 30))
                    q(Q + "SwimmingStrokeCount", watch, "count", t, t + ln, str(sc), lag=end - t + wr.randint(5, 30))
                    if kind == "Swimming":
                        events_all.append((t, '<WorkoutEvent type="HKWorkoutEventTypeLap" date="%s" duration="%r" durationUnit="min">\n'
                                              '%s%s</WorkoutEvent>\n' % (F(t), ln / 60.0, "{ind}  ", "{md}"), ai))
                    t += ln + wr.randint(0, 25)
            for m in range((a0 // 60 + 1) * 60, a1 - 59, 60):
                q(Q + "AppleExerciseTime", watch, "min", m, m + 60, "1", lag=end - m + wr.randint(5, 30))
                ex_minutes += 1
            all_hr.extend(hrs)
            st = {"hr": hrs, "kcal": kcal, "basal": basal, "dist": dist, "dist_type": dist_type, "dist_unit": dist_unit,
                  "steps": steps, "strokes": strokes, "speed": speed * f}
            stats_acts.append(st)
            for k in ("kcal", "basal", "dist", "steps", "strokes"):
                tot[k] = tot.get(k, 0) + st[k]
            # multisport: segment events per discipline (every mile, or 5 km on the bike)
            if dist_type and sub != "Swimming" and kind == "SwimBikeRun":
                seg = 1609.344 if sub != "Cycling" else 5000.0
                seg_s = seg / (speed * f)
                t = float(a0)
                while t + seg_s <= a1 + 1:
                    events_all.append((int(t), '<WorkoutEvent type="HKWorkoutEventTypeSegment" date="%s" duration="%r" durationUnit="min"/>\n'
                                       % (F(int(t)), seg_s / 60.0), ai))
                    t += seg_s
            # routes: outdoor run/walk/cycle/open-water swim
            if sub in ("Running", "Walking", "Cycling") or (sub == "Swimming" and kind == "SwimBikeRun"):
                routes.append([a0, a1, speed * f, sub])

        # segment events every mile (run/walk) or 5 km (cycling) over the whole workout
        if kind in ("Running", "Walking", "Cycling") and tot["dist"] > 0:
            seg = 1609.344 if kind != "Cycling" else 5000.0
            dist_m = tot["dist"] * 1609.344
            seg_s = (end - start) * seg / dist_m
            t = float(start)
            while t + seg_s <= end + 1:
                ai = next((i for i, a in enumerate(acts) if a[1] <= t < a[2]), len(acts) - 1)
                events_all.append((int(t), '<WorkoutEvent type="HKWorkoutEventTypeSegment" date="%s" duration="%r" durationUnit="min"/>\n'
                                   % (F(int(t)), seg_s / 60.0), ai))
                t += seg_s
        # interval runs: one route for the whole run, split in two by a pause half the time
        pauses = []
        if w["interval"]:
            routes = [[start, end, KIND_PARAMS["Running"][2], "Running"]]
            if wr.random() < 0.5:
                p = acts[len(acts) // 2][1]
                pauses.append((p, p + wr.randint(40, 150)))
                routes = [[start, p, routes[0][2], "Running"], [p + (pauses[0][1] - p), end, routes[0][2], "Running"]]
        elif kind in ("Running", "Walking") and wr.random() < 0.25:
            p = wr.randint(start + 300, end - 300)
            pauses.append((p, p + wr.randint(15, 90)))
        for p0, p1 in pauses:
            events_all.append((p0, '<WorkoutEvent type="HKWorkoutEventTypePause" date="%s"/>\n' % F(p0), -1))
            events_all.append((p1, '<WorkoutEvent type="HKWorkoutEventTypeResume" date="%s"/>\n' % F(p1), -1))
        events_all.sort(key=lambda x: x[0])

        # --- XML ---
        self.workout_counts[kind] = self.workout_counts.get(kind, 0) + 1
        dur_min = (end - start) / 60.0
        creation = end + wr.randint(3, 40)
        lines = [' <Workout workoutActivityType="HKWorkoutActivityType%s" duration="%r" durationUnit="min"%s creationDate="%s" startDate="%s" endDate="%s">\n'
                 % (kind, dur_min, watch.attrs(), F(creation), F(start), F(end))]
        indoor = kind in ("TraditionalStrengthTraining", "HighIntensityIntervalTraining", "Yoga", "Swimming")
        md = [("HKIndoorWorkout", "1" if indoor else "0"), ("HKTimeZone", tz)]
        if not indoor:
            md += [("HKWeatherTemperature", "%s degF" % g6(wr.uniform(48, 82))),
                   ("HKWeatherHumidity", "%d %%" % (wr.randint(35, 95) * 100))]
        met = tot["kcal"] / max(dur_min / 60.0, 0.01) / 72.0
        md.append(("HKAverageMETs", "%s kcal/hr\u00b7kg" % g6(met + 1.0)))
        if kind in ("Running", "Walking", "Cycling", "SwimBikeRun"):
            md.append(("HKElevationAscended", "%d cm" % wr.randint(800, 9000)))
        if kind == "Swimming":
            md += [("HKSwimmingLocationType", "1"), ("HKLapLength", "%d yd" % lap_yd)]
        if w["interval"]:
            md.append(("HKWorkoutBrandName", "Custom Workout"))
        for k, v in md:
            lines.append(meta(k, v))
        lap_md = meta("HKSwimmingStrokeStyle", "2", "")  # counted per use below
        self.counts["MetadataEntry"] = self.counts.get("MetadataEntry", 0) - 1
        n_events = 0
        for t, xml, ai in events_all:
            if "{ind}" in xml:
                lines.append("  " + xml.replace("{ind}", "  ").replace("{md}", lap_md).replace("</WorkoutEvent>", "  </WorkoutEvent>"))
                self.count("MetadataEntry")
            else:
                lines.append("  " + xml)
            n_events += 1
        # activities with their own events and statistics
        n_acts = 0
        n_stats = 0
        for ai, (sub, a0, a1, f, kp) in enumerate(acts):
            lines.append('  <WorkoutActivity uuid="%s" startDate="%s" endDate="%s" duration="%r" durationUnit="min">\n'
                         % (uuid_from(wr), F(a0), F(a1), (a1 - a0) / 60.0))
            n_acts += 1
            for t, xml, eai in events_all:
                if eai == ai:
                    if "{ind}" in xml:
                        lines.append("   " + xml.replace("{ind}", "   ").replace("{md}", lap_md).replace("</WorkoutEvent>", "   </WorkoutEvent>"))
                        self.count("MetadataEntry")
                    else:
                        lines.append("   " + xml)
                    n_events += 1
            for sx in self.stats_lines(stats_acts[ai], sub, a0, a1, "   "):
                lines.append(sx)
                n_stats += 1
            if kp is not None:
                lines.append(meta("WOIntervalStepKeyPath", kp, "   "))
            if sub == "Swimming" and kind == "SwimBikeRun":
                lines.append(meta("HKSwimmingLocationType", "2", "   "))
            lines.append("  </WorkoutActivity>\n")
        whole = {"hr": all_hr, "kcal": tot["kcal"], "basal": tot["basal"], "dist": tot["dist"],
                 "dist_type": stats_acts[0]["dist_type"] if len(acts) == 1 or w["interval"] else None,
                 "dist_unit": "mi", "steps": tot["steps"], "strokes": tot["strokes"],
                 "speed": KIND_PARAMS[acts[0][0]][2]}
        if kind == "Swimming":
            whole["dist_unit"] = "yd"
        for sx in self.stats_lines(whole, kind if kind != "SwimBikeRun" else "Multisport", start, end, "  "):
            lines.append(sx)
            n_stats += 1
        if kind == "SwimBikeRun":
            # per-discipline distance totals live on the workout too
            for st, (sub, a0, a1, f, kp) in zip(stats_acts, acts):
                if st["dist_type"]:
                    lines.append('  <WorkoutStatistics type="%s" startDate="%s" endDate="%s" sum="%s" unit="%s"/>\n'
                                 % (st["dist_type"], F(start), F(end), g6(st["dist"]), st["dist_unit"]))
                    n_stats += 1
        # routes
        n_routes = 0
        for r0, r1, spd, sub in routes:
            fname, tname = route_name(r1)
            k = 2
            base = fname
            while fname in self.route_names:
                fname = base[:-4] + "_%d.gpx" % k
                k += 1
            self.route_names.add(fname)
            lines.append('  <WorkoutRoute sourceName="%s" sourceVersion="%s" creationDate="%s" startDate="%s" endDate="%s">\n'
                         % (watch.name, watch.version, F(r1 + wr.randint(5, 40)), F(r0), F(r1)))
            lines.append(meta("HKMetadataKeySyncVersion", "2", "   "))
            lines.append('   <FileReference path="/workout-routes/%s"/>\n' % fname)
            lines.append("  </WorkoutRoute>\n")
            n_routes += 1
            self.routes.append((fname, tname, r0, r1, spd, self.seed * 7_777 + d * 31 + n_routes, sub))
        lines.append(" </Workout>\n")
        add("workout", start, "".join(lines))
        self.count("Workout")
        self.count("WorkoutEvent", n_events)
        self.count("WorkoutActivity", n_acts)
        self.count("WorkoutStatistics", n_stats)
        self.count("WorkoutRoute", n_routes)
        self.count("FileReference", n_routes)
        return tot["kcal"], ex_minutes

    def stats_lines(self, st, sub, a0, a1, ind):
        out = []
        S, E = F(a0), F(a1)

        def s_sum(typ, v, unit):
            out.append('%s<WorkoutStatistics type="%s" startDate="%s" endDate="%s" sum="%s" unit="%s"/>\n'
                       % (ind, Q + typ, S, E, g6(v), unit))

        def s_avg(typ, avg, mn, mx, unit):
            out.append('%s<WorkoutStatistics type="%s" startDate="%s" endDate="%s" average="%s" minimum="%s" maximum="%s" unit="%s"/>\n'
                       % (ind, Q + typ, S, E, g6(avg), g6(mn), g6(mx), unit))

        s_sum("ActiveEnergyBurned", st["kcal"], "kcal")
        s_sum("BasalEnergyBurned", st["basal"], "kcal")
        if st["dist_type"]:
            out.append('%s<WorkoutStatistics type="%s" startDate="%s" endDate="%s" sum="%s" unit="%s"/>\n'
                       % (ind, st["dist_type"], S, E, g6(st["dist"]), st["dist_unit"]))
        hr = st["hr"]
        if hr:
            s_avg("HeartRate", sum(hr) / len(hr), min(hr), max(hr), "count/min")
        if st["steps"]:
            s_sum("StepCount", st["steps"], "count")
        if st["strokes"]:
            s_sum("SwimmingStrokeCount", st["strokes"], "count")
        if sub == "Running":
            mph = st["speed"] * 2.2369363
            s_avg("RunningSpeed", mph, mph * 0.62, mph * 1.31, "mi/hr")
            s_avg("RunningPower", 228 * st["speed"] / 2.95, 61, 388 * st["speed"] / 2.95, "W")
            s_avg("RunningStrideLength", 1.06 * st["speed"] / 2.95, 0.71, 1.42, "m")
            s_avg("RunningVerticalOscillation", 9.1, 6.8, 11.4, "cm")
            s_avg("RunningGroundContactTime", 262, 224, 318, "ms")
        return out

    # -- GPX --------------------------------------------------------------------------------
    def gpx_chunks(self, route, export_utc: str):
        fname, tname, r0, r1, spd, seed, sub = route
        rng = random.Random(seed)
        yield ('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Apple Health Export" '
               'xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
               'xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">\n'
               '  <metadata>\n    <time>%s</time>\n  </metadata>\n  <trk>\n    <name>%s</name>\n    <trkseg>\n' % (export_utc, tname))
        lat = HOME_LAT + rng.uniform(-0.01, 0.01)
        lon = HOME_LON + rng.uniform(-0.01, 0.01)
        ele = HOME_ELE + rng.uniform(0, 20)
        course = rng.uniform(0, 360)
        buf = []
        import math
        for t in range(r0, r1 + 1):
            course = (course + rng.gauss(0, 4)) % 360
            v = max(0.0, spd * rng.uniform(0.85, 1.15))
            rad = math.radians(course)
            lat += v * math.cos(rad) / 111_320.0
            lon += v * math.sin(rad) / (111_320.0 * 0.7911)
            ele = max(-2.0, ele + rng.gauss(0, 0.15))
            buf.append('      <trkpt lon="%.6f" lat="%.6f"><ele>%.6f</ele><time>%s</time><extensions><speed>%.6f</speed>'
                       '<course>%.6f</course><hAcc>%.6f</hAcc><vAcc>%.6f</vAcc></extensions></trkpt>\n'
                       % (lon, lat, ele, FZ(t), v, course, rng.uniform(1.5, 9.0), rng.uniform(1.2, 7.0)))
            if len(buf) >= 2000:
                yield "".join(buf)
                buf = []
        self.count("trkpt (GPX)", r1 + 1 - r0)
        buf.append("    </trkseg>\n  </trk>\n</gpx>\n")
        yield "".join(buf)


# ---------------------------------------------------------------------------
# Output assembly
# ---------------------------------------------------------------------------

def parse_size(s: str) -> int:
    m = re.fullmatch(r"\s*([0-9]*\.?[0-9]+)\s*([KMGT]?i?B?)?\s*", s, re.I)
    if not m:
        raise argparse.ArgumentTypeError("size like 100MB, 1GB, 512MiB or a byte count: %r" % s)
    num = float(m.group(1))
    unit = (m.group(2) or "").upper().rstrip("B")
    mult = {"": 1, "K": 10**3, "M": 10**6, "G": 10**9, "T": 10**12,
            "KI": 2**10, "MI": 2**20, "GI": 2**30, "TI": 2**40}[unit]
    return int(num * mult)


CDA = ('<?xml version="1.0" encoding="UTF-8"?>\n'
       '<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
       'xsi:schemaLocation="urn:hl7-org:v3 ../../../CDA%20R2/cda-schemas-and-samples/infrastructure/cda/CDA.xsd" '
       'xmlns:cda="urn:hl7-org:v3" xmlns:sdtc="urn:hl7-org:sdtc" xmlns:fhir="http://hl7.org/fhir/v3" '
       'xmlns:voc="urn:hl7-org:v3/voc">\n <realmCode code="US"/>\n <typeId root="2.16.840.1.113883.1.3" extension="POCD_HD000040"/>\n'
       ' <title>Health Data Export</title>\n <effectiveTime value="{time}"/>\n <component>\n  <structuredBody>\n'
       '   <component>\n    <section>\n     <title>Vital Signs</title>\n     <text/>\n    </section>\n   </component>\n'
       '  </structuredBody>\n </component>\n</ClinicalDocument>\n')


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", type=parse_size, default=parse_size("100MB"),
                    help="target size of export.xml (default 100MB; 1 MB = 10^6 bytes; MiB/GiB accepted)")
    ap.add_argument("--out", required=True, help="output folder (created)")
    ap.add_argument("--zip", action="store_true", help="also write GPX routes, export_cda.xml and DIR/export.zip")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--dtd", choices=["v13", "v12-broken", "none"], default="v13",
                    help="internal DTD: v13 (default, well-formed), v12-broken (iOS 16's malformed one), none")
    ap.add_argument("--legacy-move-minutes", action="store_true",
                    help="write ActivitySummary with the older appleMoveMinutes/appleMoveMinutesGoal names")
    ap.add_argument("--compresslevel", type=int, default=6, help="zip deflate level (default 6)")
    args = ap.parse_args(argv)

    t0 = time.monotonic()
    out_dir = os.path.abspath(args.out)
    export_dir = os.path.join(out_dir, "apple_health_export")
    routes_dir = os.path.join(export_dir, "workout-routes")
    os.makedirs(export_dir, exist_ok=True)
    tmp_dir = os.path.join(out_dir, ".generate-tmp")
    shutil.rmtree(tmp_dir, ignore_errors=True)
    os.makedirs(tmp_dir)
    for stale in (os.path.join(out_dir, "export.zip"), routes_dir):
        if os.path.isdir(stale):
            shutil.rmtree(stale)
        elif os.path.exists(stale):
            os.remove(stale)

    gen = Generator(args.seed, args.legacy_move_minutes, args.zip)
    files = {s: open(os.path.join(tmp_dir, "%02d.part" % i), "wb", buffering=1 << 20) for i, s in enumerate(STREAMS)}
    written = {s: 0 for s in STREAMS}

    dtd = dtd_text(args.dtd)
    # header length is known up to the ExportDate value, whose length is fixed
    me = (' <Me HKCharacteristicTypeIdentifierDateOfBirth="1988-04-12" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" '
          'HKCharacteristicTypeIdentifierBloodType="HKBloodTypeAPositive" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" '
          'HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>\n')

    def header(export_value: str) -> bytes:
        return ('<?xml version="1.0" encoding="UTF-8"?>\n' + dtd + '<HealthData locale="en_US">\n'
                ' <ExportDate value="%s"/>\n' % export_value + me).encode("utf-8")

    footer = b"</HealthData>\n"
    fixed = len(header("2000-01-01 00:00:00 -0700")) + len(footer)
    total = fixed
    target = args.size
    d = 0
    day_sizes = []
    while True:
        out, _ = gen.gen_day(d)
        day_bytes = 0
        for s in STREAMS:
            lst = out.get(s)
            if not lst:
                continue
            lst.sort(key=lambda x: x[0])
            b = "".join(x[1] for x in lst).encode("utf-8")
            files[s].write(b)
            written[s] += len(b)
            day_bytes += len(b)
        total += day_bytes
        day_sizes.append(day_bytes)
        d += 1
        avg = sum(day_sizes[-14:]) / len(day_sizes[-14:])
        if total >= target - avg / 2:
            break
    days = d
    for f in files.values():
        f.close()
    gen_seconds = time.monotonic() - t0

    # export happens the morning after the last day of data
    export_t = days * 86400 + 10 * 3600 + 12 * 60 + 33
    ensure_days(days + 3)
    export_value = F(export_t)
    hdr = header(export_value)

    xml_path = os.path.join(export_dir, "export.xml")
    with open(xml_path, "wb") as dst:
        dst.write(hdr)
        for i, s in enumerate(STREAMS):
            with open(os.path.join(tmp_dir, "%02d.part" % i), "rb") as src:
                shutil.copyfileobj(src, dst, 1 << 22)
        dst.write(footer)
    shutil.rmtree(tmp_dir, ignore_errors=True)
    xml_size = os.path.getsize(xml_path)
    assemble_seconds = time.monotonic() - t0 - gen_seconds

    gen.count("ExportDate")
    gen.count("Me")
    gen.count("HealthData")
    gen.counts["Record"] = sum(gen.type_counts.values())
    gen.count("MetadataEntry", 0)

    zip_path = None
    gpx_bytes = 0
    if args.zip:
        os.makedirs(routes_dir, exist_ok=True)
        export_utc = FZ(export_t)
        ts = (START_DATE + dt.timedelta(days=days + 1))
        date_time = (ts.year, ts.month, ts.day, 10, 12, 32)
        zip_path = os.path.join(out_dir, "export.zip")
        tmp_zip = zip_path + ".tmp"

        def zinfo(name: str, size: int) -> zipfile.ZipInfo:
            zi = zipfile.ZipInfo(name, date_time=date_time)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.create_system = 3
            zi.external_attr = 0o644 << 16
            zi.file_size = size
            return zi

        with zipfile.ZipFile(tmp_zip, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=args.compresslevel,
                             allowZip64=True) as zf:
            with open(xml_path, "rb") as src, zf.open(zinfo("apple_health_export/export.xml", xml_size), "w") as dst:
                shutil.copyfileobj(src, dst, 1 << 22)
            cda = CDA.replace("{time}", export_value.replace("-", "").replace(":", "").replace(" ", "")[:14] + OFFSET).encode()
            with open(os.path.join(export_dir, "export_cda.xml"), "wb") as f:
                f.write(cda)
            with zf.open(zinfo("apple_health_export/export_cda.xml", len(cda)), "w") as dst:
                dst.write(cda)
            for route in gen.routes:
                path = os.path.join(routes_dir, route[0])
                with open(path, "wb") as f:
                    for chunk in gen.gpx_chunks(route, export_utc):
                        f.write(chunk.encode("utf-8"))
                size = os.path.getsize(path)
                gpx_bytes += size
                with open(path, "rb") as src, zf.open(zinfo("apple_health_export/workout-routes/" + route[0], size), "w") as dst:
                    shutil.copyfileobj(src, dst, 1 << 20)
        os.replace(tmp_zip, zip_path)
        gen.count("gpx files", len(gen.routes))

    elapsed = time.monotonic() - t0
    summary = {
        "export_xml": xml_path,
        "export_zip": zip_path,
        "bytes": xml_size,
        "megabytes": round(xml_size / 1e6, 3),
        "target_bytes": target,
        "deviation_percent": round((xml_size - target) / target * 100, 3),
        "seed": args.seed,
        "dtd": args.dtd,
        "days": days,
        "first_day": START_DATE.isoformat(),
        "last_day": DAYD[days - 1],
        "export_date": export_value,
        "elements": dict(sorted(gen.counts.items())),
        "records_by_type": {k: v for k, v in gen.type_counts.items() if v},
        "workouts_by_type": dict(sorted(gen.workout_counts.items())),
        "routes": len(gen.routes),
        "gpx_bytes": gpx_bytes,
        "zip_bytes": os.path.getsize(zip_path) if zip_path else None,
        "seconds": {"generate": round(gen_seconds, 2), "assemble": round(assemble_seconds, 2), "total": round(elapsed, 2)},
        "xml_megabytes_per_second": round(xml_size / 1e6 / max(gen_seconds + assemble_seconds, 1e-9), 1),
    }
    json.dump(summary, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
