import Foundation
import VitalsContract
import VitalsServerStorage

/// The component schemas of ``OpenAPIDocument``.
enum OpenAPISchemas {
    static func object(_ properties: [String: Any], required: [String] = []) -> [String: Any] {
        var schema: [String: Any] = ["type": "object", "properties": properties]
        if !required.isEmpty { schema["required"] = required }
        return schema
    }

    static var integer: [String: Any] { ["type": "integer", "minimum": 0] }
    static var number: [String: Any] { ["type": "number", "minimum": 0] }
    /// A count in a request: a fraction is accepted and rounded.
    static var count: [String: Any] {
        ["type": "number", "minimum": 0, "description": "A whole number; a fraction is rounded, halves away from zero"]
    }
    static var string: [String: Any] { ["type": "string"] }
    static var date: [String: Any] { ["type": "string", "format": "date"] }
    static var dateTime: [String: Any] { ["type": "string", "format": "date-time"] }
    static var boolean: [String: Any] { ["type": "boolean"] }
    static var source: [String: Any] { ["type": "string", "enum": ["HEALTHKIT", "GOOGLE_FIT", "MANUAL"]] }
    static func ref(_ name: String) -> [String: Any] { OpenAPIDocument.ref(name) }
    static func array(_ items: [String: Any]) -> [String: Any] { ["type": "array", "items": items] }

    /// A schema that also allows `null` (in its `enum` too, when it has one).
    static func nullable(_ schema: [String: Any]) -> [String: Any] {
        var schema = schema
        schema["type"] = [schema["type"] ?? "object", "null"]
        if let values = schema["enum"] as? [Any] { schema["enum"] = values + [NSNull()] }
        return schema
    }

    /// `GET /api/health/{date}`: the shown snapshot's members at top level, every one always present.
    static var dayReport: [String: Any] {
        let level: [String: Any] = ["type": "string", "enum": ["DEVICE_VERIFIED", "SELF_REPORTED"]]
        let members: [String: Any] = [
            "date": date, "source": nullable(source), "verificationLevel": nullable(level),
            "updatedAt": nullable(dateTime), "steps": nullable(integer), "exerciseMinutes": nullable(integer),
            "standMinutes": nullable(integer), "sleepMinutes": nullable(integer), "activeCalories": nullable(number),
            "restingHeartRate": nullable(number), "hrv": nullable(number), "workoutsCount": nullable(integer),
            "sleepQualityScore": nullable(number), "proteinLogged": nullable(boolean),
            "snapshots": array(ref("HealthSnapshot")),
        ]
        var schema = object(members, required: members.keys.sorted())
        schema["description"] =
            "The snapshot to show (device-verified first, then the latest) with its members at "
            + "top level, null when unknown, and every source's snapshot under snapshots. A day nothing was synced "
            + "for is 200 too: steps, exerciseMinutes, standMinutes, sleepMinutes, activeCalories and workoutsCount "
            + "0, proteinLogged false, the rest (source, verificationLevel, updatedAt, restingHeartRate, hrv, "
            + "sleepQualityScore) null, snapshots empty."
        return schema
    }

    /// Every component schema; request bodies accept days through `days.latest`.
    static func all(days: BodyDays) -> [String: Any] {
        let core: [String: Any] = [
            "Error": object(
                [
                    "error": object(
                        [
                            "status": integer, "code": string, "message": string,
                            "field": ["type": "string", "description": "JSON path or parameter at fault"],
                            "byteOffset": ["type": "integer", "description": "Where a malformed body stopped parsing"],
                        ], required: ["status", "code", "message"])
                ], required: ["error"]),
            "Me": object(["name": string, "timeZone": string]),
            "Workout": BodyShape.workout.schema(days: days),
            "HealthSyncRequest": BodyShape.sync.schema(days: days),
            "HealthSnapshot": object(
                [
                    "date": date, "source": source,
                    "verificationLevel": ["type": "string", "enum": ["DEVICE_VERIFIED", "SELF_REPORTED"]],
                    "steps": integer, "exerciseMinutes": integer, "standMinutes": integer, "sleepMinutes": integer,
                    "activeCalories": number, "restingHeartRate": number, "hrv": number, "workoutsCount": integer,
                    "sleepQualityScore": number, "proteinLogged": boolean, "updatedAt": dateTime,
                ], required: ["date", "source", "verificationLevel", "updatedAt"]),
            "HealthSyncResponse": object([
                "snapshot": ref("HealthSnapshot"), "questsEvaluated": integer,
                "questsCompleted": [
                    "type": "integer", "minimum": 0,
                    "description": "Completions this write added, for any day: the request's, a "
                        + "workout's own day, or an ended day's atMost/lessThan/equal quests",
                ],
                "questResults": array(object(["questId": string, "title": string, "wasCompleted": boolean])),
                "message": string,
            ]),
            "DayReport": dayReport,
            "DailyHealthMetrics": BodyShape.daily.schema(days: days),
            "DailyUpsertResponse": object(
                [
                    "status": string, "recordsUpserted": integer,
                    "ignored": [
                        "type": "array", "items": string, "minItems": 1,
                        "description": "Only when the body had members the server does not know: their JSON "
                            + "paths, in body order (step_count; in an array, per element: [1].step_count). "
                            + "They were ignored, not refused; the rest was stored",
                    ],
                ], required: ["status", "recordsUpserted"]),
            "IngestReport": object([
                "status": [
                    "type": "string", "enum": ["success", "partial"],
                    "description": "partial when items that could not be read were left out",
                ],
                "samplesReceived": integer, "samplesAdded": integer, "workoutsReceived": integer,
                "workoutsAdded": integer, "daysUpdated": array(date), "questsCompleted": integer,
                "samplesResent": [
                    "type": "integer", "minimum": 0,
                    "description": "Samples already stored under another source string naming a device "
                        + "in common (not stored again)",
                ],
                "samplesRevised": [
                    "type": "integer", "minimum": 0,
                    "description": "Samples stored as the latest value of a measurement stored with "
                        + "another value (same type, start, end and source), which they replaced",
                ],
                "itemsUnreadable": ["type": "integer", "minimum": 0],
                "skipped": array(
                    object([
                        "name": string, "reason": string, "count": integer,
                        "path": [
                            "type": "string",
                            "description": "Only for an item that could not be read: the exact "
                                + "JSON path of what was wrong (data.metrics[3].data[17].qty); the reason never holds values",
                        ],
                    ])),
            ]),
            "QuestInput": BodyShape.quest.schema(days: days),
            "Quest": object([
                "id": string, "title": string, "metric": string, "comparison": string, "target": number,
                "recurrence": string, "requiresVerified": boolean, "createdAt": dateTime,
            ]),
            "UserExport": object([
                "user": object(["name": string, "timeZone": string, "createdAt": dateTime]),
                "snapshots": array(ref("HealthSnapshot")), "workouts": array(["type": "object"]),
                "samples": array(["type": "object"]), "quests": array(ref("Quest")),
                "questCompletions": array(["type": "object"]), "ingests": array(ref("IngestLogEntry")),
                "workoutSamples": array([
                    "type": "object", "description": "a workout kept whole, as a JSON Lines sample",
                ]),
                "routes": array(["type": "object"]), "activitySummaries": array(["type": "object"]),
                "characteristics": [
                    "type": "object", "additionalProperties": string,
                    "description": "HealthKit characteristic identifier to value (an export's Me element)",
                ],
                "rawData": array(
                    object(
                        [
                            "date": date, "source": source,
                            "healthkit": [
                                "type": "object",
                                "description": "rawData.healthkit as sent (compact JSON, at most "
                                    + "\(HealthSyncRequest.RawData.maximumBytes) bytes)",
                            ],
                            "receivedAt": dateTime,
                        ], required: ["date", "source", "healthkit", "receivedAt"])),
            ]),
            "ErasedReport": object([
                "status": string,
                "erased": object([
                    "snapshots": integer, "workouts": integer, "samples": integer, "quests": integer,
                    "questCompletions": integer, "ingests": integer, "workoutSamples": integer, "routePoints": integer,
                    "activitySummaries": integer, "characteristics": integer,
                    "importJobs": [
                        "type": "integer", "description": "finished upload jobs; one still queued or running goes on",
                    ],
                    "rawData": [
                        "type": "integer", "minimum": 0, "description": "journey syncs' raw data (days and sources)",
                    ],
                ]),
            ]),
            "IngestLogEntry": ingestLogEntry,
            "IngestLogPage": object(
                [
                    "entries": array(ref("IngestLogEntry")),
                    "nextBefore": [
                        "type": "integer", "description": "before of the next (older) page; absent on the last",
                    ],
                    "retentionDays": integer,
                ], required: ["entries", "retentionDays"]),
            "IngestCompleteness": ingestCompleteness,
            "ImportJob": importJob,
            "ExportImportReport": exportImportReport,
        ]
        return core.merging(reads) { $1 }.merging(insights) { $1 }
    }

    /// A Health Auto Export body: refused whole only without a `data` object.
    static var healthAutoExport: [String: Any] {
        [
            "type": "object", "required": ["data"],
            "properties": [
                "data": [
                    "type": "object",
                    "description": """
                    The app's sections: metrics, workouts, symptoms, heartRateNotifications (stored), stateOfMind, \
                    medications, cycleTracking, ecg (reported). Anything in them that cannot be read is skipped and \
                    named in the answer's skipped list, not refused
                    """,
                ]
            ],
            "example": [
                "data": [
                    "metrics": [
                        [
                            "name": "step_count", "units": "count",
                            "data": [
                                ["qty": 412, "date": "2025-11-16 09:00:00 +0100", "source": "iPhone"]
                            ],
                        ]
                    ]
                ]
            ],
        ]
    }

    /// One request in the ingest log: counts, type names and reasons, never a value.
    static var ingestLogEntry: [String: Any] {
        var schema = object(
            [
                "id": integer, "receivedAt": dateTime,
                "kind": [
                    "type": "string", "enum": ["health-auto-export", "sync", "daily", "apple-health-export"],
                    "description": """
                    POST /api/v1/ingest/health-auto-export, /api/health/sync, /api/v1/health/daily, or an Apple \
                    Health export imported into the user (vitals user import)
                    """,
                ],
                "status": ["type": "integer", "description": "The HTTP status answered"],
                "errorCode": ["type": "string", "description": "The error's code when refused"],
                "bodyBytes": integer, "userAgent": ["type": "string", "maxLength": 200],
                "samplesReceived": integer, "samplesStored": integer, "samplesAlreadyPresent": integer,
                "samplesRevised": [
                    "type": "integer", "minimum": 0,
                    "description": "Samples stored as a measurement's new value, replacing the stored one",
                ],
                "workoutsReceived": integer, "workoutsStored": integer, "workoutsAlreadyPresent": integer,
                "sampleTypes": array(string),
                "skipped": array(["type": "object", "description": "As IngestReport.skipped: name, reason, count"]),
                "daysUpdated": array(date),
            ],
            required: [
                "id", "receivedAt", "kind", "status", "bodyBytes", "samplesReceived", "samplesStored",
                "samplesAlreadyPresent", "samplesRevised", "workoutsReceived", "workoutsStored",
                "workoutsAlreadyPresent",
                "sampleTypes", "skipped", "daysUpdated",
            ])
        schema["description"] =
            "Refused requests (4xx, 5xx) of an authenticated user are logged with status and "
            + "errorCode and zero counts"
        return schema
    }

    /// `POST /api/me/imports`' and `GET /api/me/imports/{id}`'s job.
    static var importJob: [String: Any] {
        var schema = object(
            [
                "id": string,
                "state": [
                    "type": "string", "enum": ["queued", "running", "succeeded", "failed", "cancelled"],
                    "description": "cancelled: the server shut down before the import ended; failed and cancelled "
                        + "imports stored nothing",
                ],
                "bytesReceived": ["type": "integer", "minimum": 0, "description": "Bytes of the upload"],
                "bytesDone": ["type": "integer", "minimum": 0, "description": "Bytes of the export's XML read so far"],
                "bytesTotal": [
                    "type": "integer", "minimum": 0, "description": "Bytes of the export's XML (0 until known)",
                ],
                "samples": ["type": "integer", "minimum": 0, "description": "Samples stored so far"],
                "report": ref("ExportImportReport"),
                "error": object(
                    [
                        "code": [
                            "type": "string",
                            "description":
                                "invalid_input (not an export), io, database, cancelled, interrupted (the importing server stopped without finishing), internal",
                        ],
                        "message": [
                            "type": "string", "description": "Names the byte offset in the XML; never a value",
                        ],
                        "byteOffset": integer,
                    ], required: ["code", "message"]),
                "createdAt": dateTime, "finishedAt": dateTime,
            ], required: ["id", "state", "bytesReceived", "bytesDone", "bytesTotal", "samples", "createdAt"])
        schema["description"] = "report only when succeeded, error only when failed or cancelled, finishedAt once ended"
        return schema
    }

    /// What an import stored: counts, element names and reasons, never a value.
    static var exportImportReport: [String: Any] {
        let counts = [
            "samplesRead", "samplesAdded", "samplesAlreadyPresent", "samplesResent", "samplesRevised", "workoutsRead",
            "workoutsAdded", "workoutsAlreadyPresent", "daysRecomputed", "questsCompleted", "characteristics",
            "bytes",
        ]
        var members: [String: Any] = Dictionary(uniqueKeysWithValues: counts.map { ($0, integer) })
        let byName: [String: Any] = ["type": "object", "additionalProperties": integer]
        members["file"] = ["type": "string", "description": "export.zip or export.xml"]
        members["exportDate"] = dateTime
        members["skipped"] = byName
        members["notKept"] = byName
        members["unknownElements"] = byName
        members["firstDay"] = date
        members["lastDay"] = date
        members["seconds"] = number
        return object(members, required: ["file"] + counts + ["skipped", "notKept", "unknownElements", "seconds"])
    }

    /// `GET /api/me/ingests/summary`.
    static var ingestCompleteness: [String: Any] {
        object(
            [
                "from": date, "through": date, "timeZone": string,
                "metrics": array(
                    object(
                        [
                            "type": ["type": "string", "description": "Sample type identifier"],
                            "lastSampleStart": [
                                "type": "string", "format": "date-time",
                                "description": "Start of the newest stored sample; absent when none",
                            ],
                            "lastIngest": object(["id": integer, "receivedAt": dateTime]),
                            "daysWithoutData": [
                                "type": "integer", "minimum": 0, "maximum": 30,
                                "description": "Days from..through with no stored sample starting in them",
                            ],
                            "missingDays": array(date),
                        ], required: ["type", "daysWithoutData", "missingDays"])),
            ], required: ["from", "through", "timeZone", "metrics"])
    }
}
