"""The rules of the Vitals API that JSON Schema cannot state, taught to schemathesis.

The OpenAPI document states each of them in a description, and the server refuses a request
that breaks one with 422 naming the member. schemathesis cannot read descriptions, so for the
requests it means to be valid (positive cases) these hooks keep to the rules; negative cases are
left as generated.

1. A workout's endTime is not before its startTime (POST /api/health/sync): compares two members.
2. A daily record gives a member in one spelling (sleep_minutes or sleepMinutes), not both: the
   schema would need `not`, which schemathesis cannot generate from.
3. POST /api/v1/ingest/health-auto-export?strict=true refuses an item Health Auto Export's format
   makes unreadable; that format is the app's, not this document's, so valid cases are sent
   lenient (strict=false), where nothing in `data` is refused. Strict mode is covered by the
   Swift tests (IngestEndpointTests).
4. GET /api/me/export?format=csv answers one type's CSV and needs type= (400 without): valid cases
   without one are sent with type=stepCount. Its from and to need an export format (not json) and
   from not after to: valid cases keep them only with one, in order. insights=true needs
   format=fhir (400 otherwise): valid cases keep it only with fhir.
5. A journey sync's rawData.healthkit is at most 65,536 bytes as compact JSON with sorted keys
   (POST /api/health/sync): a size, not a shape. Valid cases keep a larger one out.
6. GET /api/v1/statistics takes the options that suit its type (sum for a cumulative type,
   average/minimum/maximum/mostRecent for a discrete one, duration for categories and
   workouts), at least one besides separateBySource, and a to not before from: valid cases keep
   to the options the document lists per type (x-options-by-type) and put from and to in order.
7. The read API's bundleIdentifier and app are one source filter, not both (GET /api/v1/samples,
   /api/v1/statistics): valid cases keep bundleIdentifier alone.
8. GET /api/v1/activity-summaries' to is not before its from: valid cases put them in order.
"""
import json
import re
from datetime import date

import schemathesis
from schemathesis.generation import GenerationMode


_TIMESTAMP = re.compile(
    r"^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:[.,]([0-9]+))?)? *([Zz]|([+-])([0-9]{2}):?([0-9]{2}))$"
)


def _instant(text):
    """Seconds since 1970 of a timestamp as the server reads it, or None."""
    match = _TIMESTAMP.match(text) if isinstance(text, str) else None
    if match is None:
        return None
    year, month, day, hour, minute = (int(match.group(i)) for i in range(1, 6))
    second = int(match.group(6) or 0) + float("0." + (match.group(7) or "0"))
    try:
        days = (date(year, month, day) - date(1970, 1, 1)).days
    except ValueError:
        return None
    offset = 0
    if match.group(9):
        offset = (int(match.group(10)) * 3600 + int(match.group(11)) * 60) * (-1 if match.group(9) == "-" else 1)
    return days * 86400 + hour * 3600 + minute * 60 + second - offset


def _order_workouts(body):
    data = body.get("data") if isinstance(body, dict) else None
    workouts = data.get("workouts") if isinstance(data, dict) else None
    for workout in workouts if isinstance(workouts, list) else []:
        if not isinstance(workout, dict):
            continue
        start, end = _instant(workout.get("startTime")), _instant(workout.get("endTime"))
        if start is not None and end is not None and end < start:
            workout["startTime"], workout["endTime"] = workout["endTime"], workout["startTime"]


_RAW_HEALTHKIT_BYTES = 65_536


def _limit_raw_data(body):
    raw = body.get("rawData") if isinstance(body, dict) else None
    healthkit = raw.get("healthkit") if isinstance(raw, dict) else None
    if isinstance(healthkit, dict):
        text = json.dumps(healthkit, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        if len(text.encode("utf-8")) > _RAW_HEALTHKIT_BYTES:
            raw.pop("healthkit")


def _camel(name):
    head, *rest = name.split("_")
    return head + "".join(part.capitalize() for part in rest)


def _one_spelling(record):
    if isinstance(record, dict):
        for name in [key for key in record if "_" in key]:
            record.pop(_camel(name), None)


def _one_source_filter(query):
    if "bundleIdentifier" in query:
        query.pop("app", None)


def _in_order(query, earlier, later, key):
    first, second = key(query.get(earlier)), key(query.get(later))
    if first is not None and second is not None and second < first:
        query[earlier], query[later] = query[later], query[earlier]


def _options_by_type(case):
    for parameter in case.operation.definition.raw.get("parameters", []):
        if isinstance(parameter, dict) and parameter.get("name") == "options":
            return parameter.get("x-options-by-type", {})
    return {}


def _fit_statistics(case):
    query = case.query
    _one_source_filter(query)
    _in_order(query, "from", "to", _instant)
    name = query.get("type")
    allowed = _options_by_type(case).get(name)
    if allowed is None and isinstance(name, str) and name.startswith("HKCategoryTypeIdentifier"):
        allowed = ["duration"]
    if not allowed:
        return
    options = query.get("options")
    words = options.split(",") if isinstance(options, str) else []
    words = [word for word in words if word in allowed or word == "separateBySource"]
    if not any(word != "separateBySource" for word in words):
        words.append(allowed[0])
    query["options"] = ",".join(words)


@schemathesis.hook
def map_case(context, case):
    meta = getattr(case, "meta", None)
    if meta is None or meta.generation.mode != GenerationMode.POSITIVE:
        return case
    path, method = case.operation.path, case.operation.method.upper()
    if (method, path) == ("POST", "/api/health/sync"):
        _order_workouts(case.body)
        _limit_raw_data(case.body)
    elif (method, path) == ("POST", "/api/v1/health/daily"):
        for record in case.body if isinstance(case.body, list) else [case.body]:
            _one_spelling(record)
    elif (method, path) == ("POST", "/api/v1/ingest/health-auto-export") and case.query:
        if case.query.get("strict") == "true":
            case.query["strict"] = "false"
    elif (method, path) == ("GET", "/api/me/export") and case.query:
        if case.query.get("format") == "csv" and "type" not in case.query:
            case.query["type"] = "stepCount"
        if case.query.get("insights") == "true" and case.query.get("format") != "fhir":
            case.query.pop("insights")
        if case.query.get("format", "json") == "json":
            case.query.pop("from", None)
            case.query.pop("to", None)
        elif isinstance(case.query.get("from"), str) and isinstance(case.query.get("to"), str) \
                and case.query["from"] > case.query["to"]:
            case.query["from"], case.query["to"] = case.query["to"], case.query["from"]
    elif (method, path) == ("GET", "/api/v1/statistics") and case.query:
        _fit_statistics(case)
    elif (method, path) == ("GET", "/api/v1/samples") and case.query:
        _one_source_filter(case.query)
    elif (method, path) == ("GET", "/api/v1/activity-summaries") and case.query:
        _in_order(case.query, "from", "to", lambda day: day if isinstance(day, str) else None)
    return case
