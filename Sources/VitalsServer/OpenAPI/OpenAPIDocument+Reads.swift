import Foundation
import VitalsContract
import VitalsCore

extension OpenAPIDocument {
    /// The read API's paths (``ServerRoutes/registerReads(on:)``).
    static var readPaths: [String: Any] {
        [
            "/api/v1/types": [
                "get": operation(
                    "The user's stored types, by identifier: sample count, first start, last end",
                    responses: ["200": ok("The types", ref("ReadTypes"))])
            ],
            "/api/v1/samples": [
                "get": operation(
                    "The user's samples of a type, oldest start first, as JSON Lines export objects, a page at a time "
                        + "(read protocol samples(of:matching:limit:))",
                    parameters: [
                        typeParameter(
                            names: readTypeNames, pattern: "^HK[A-Za-z0-9]+$", description: "The sample type"),
                        instantParameter(
                            "from",
                            "Samples that end at or after this instant (start at or after it with "
                                + "strictStartDate; end at or after it with strictEndDate). Default: no lower bound"),
                        instantParameter(
                            "to",
                            "Samples that start before this instant (with strictEndDate: end before it). "
                                + "Default: no upper bound; a to before from matches nothing"),
                        [
                            "name": "options", "in": "query", "required": false,
                            "description": "HealthKit's query options, comma-separated (HKQueryOptions)",
                            "schema": [
                                "type": "string",
                                "pattern": wordsPattern(ReadAPI.sampleOptionWords.map(\.word), empty: true),
                            ],
                        ],
                        [
                            "name": "source", "in": "query", "required": false, "style": "form", "explode": true,
                            "description":
                                "Only samples from sources with these names; repeat it for several (a name may hold commas)",
                            "schema": ["type": "array", "items": ["type": "string"]],
                        ],
                    ] + sourceFilterParameters + [
                        [
                            "name": "limit", "in": "query", "required": false,
                            "description":
                                "Samples in this page, 1 to \(ReadAPI.maximumSampleLimit) (default \(ReadAPI.defaultSampleLimit))",
                            "schema": ["type": "integer", "minimum": 1, "maximum": ReadAPI.maximumSampleLimit],
                        ],
                        [
                            "name": "offset", "in": "query", "required": false,
                            "description": "Matching samples to skip: the previous page's nextOffset (default 0)",
                            "schema": ["type": "integer", "minimum": 0, "maximum": ReadAPI.maximumOffset],
                        ],
                    ],
                    responses: ["200": ok("A page of samples", ref("SamplesPage")), "400": error])
            ],
            "/api/v1/statistics": ["get": statisticsOperation],
            "/api/v1/sources": [
                "get": operation(
                    "The sources of the user's samples (of one type when given), highest priority first",
                    parameters: [
                        typeParameter(
                            names: readTypeNames, pattern: "^HK[A-Za-z0-9]+$", required: false,
                            description: "Only sources of this type; default: of any type")
                    ],
                    responses: ["200": ok("The sources", ref("ReadSources")), "400": error])
            ],
            "/api/v1/activity-summaries": [
                "get": operation(
                    "The user's Activity summaries (rings) of the days from through to, oldest day first",
                    parameters: [
                        [
                            "name": "from", "in": "query", "required": false,
                            "description": "The first day; default: the first",
                            "schema": ["type": "string", "pattern": BodyDays.anyDayPattern],
                        ],
                        [
                            "name": "to", "in": "query", "required": false,
                            "description": "The last day (included), not before from; default: the last",
                            "schema": ["type": "string", "pattern": BodyDays.anyDayPattern],
                        ],
                    ],
                    responses: ["200": ok("The summaries", ref("ReadActivitySummaries")), "400": error])
            ],
            "/api/v1/workouts/{uuid}/routes": [
                "get": operation(
                    "A workout's routes in the export's order, each route's points by time (empty for an unknown workout)",
                    parameters: [pathParameter("uuid", "The workout's UUID", ["type": "string", "format": "uuid"])],
                    responses: ["200": ok("The routes", ref("ReadRoutes")), "400": error])
            ],
        ]
    }

    /// `GET /api/v1/statistics`.
    static var statisticsOperation: [String: Any] {
        let statisticsTypes = readTypeNames.filter { ReadAPI.statisticsOptions(for: ReadAPI.typesByName[$0]!) != nil }
        let optionsByType = Dictionary(
            uniqueKeysWithValues: statisticsTypes.map { name in
                (
                    name,
                    ReadAPI.statisticsOptions(for: ReadAPI.typesByName[name]!).map { options in
                        ReadAPI.statisticsOptionWords.filter { options.contains($0.option) }.map(\.word)
                    } ?? []
                )
            })
        var options: [String: Any] = [
            "name": "options", "in": "query", "required": true,
            "description": "The statistics, comma-separated (HKStatisticsOptions): sum for a cumulative quantity type; "
                + "average, minimum, maximum, mostRecent for a discrete one; duration (minutes) for category types and "
                + "workouts; separateBySource adds each source's own values. Others than these are refused (400)",
            "schema": [
                "type": "string", "pattern": wordsPattern(ReadAPI.statisticsOptionWords.map(\.word), empty: false),
            ],
        ]
        // For schemathesis's hooks: which options each type takes, which JSON Schema cannot state.
        options["x-options-by-type"] = optionsByType
        let interval = "The buckets' period"
        return operation(
            "A statistics collection of the user's samples of a type: one entry per bucket of interval × intervalCount "
                + "aligned on anchor, in the calendar of zone (read protocol statistics(_:))",
            parameters: [
                typeParameter(
                    names: statisticsTypes, pattern: "^HKCategoryTypeIdentifier[A-Za-z0-9]+$",
                    description: "A type with statistics"),
                instantParameter("from", "Only samples in [from, to) count; parts outside are cut off", required: true),
                instantParameter("to", "The range's end, not before from", required: true),
                [
                    "name": "interval", "in": "query", "required": true, "description": interval,
                    "schema": ["type": "string", "enum": ReadAPI.intervalWords],
                ],
                [
                    "name": "intervalCount", "in": "query", "required": false,
                    "description": "Periods per bucket (2 with week: fortnights), default 1",
                    "schema": ["type": "integer", "minimum": 1, "maximum": ReadAPI.maximumIntervalCount],
                ],
                instantParameter(
                    "anchor", "Any instant on a bucket boundary; default: the start of the period holding from"),
                [
                    "name": "zone", "in": "query", "required": false,
                    "description": "The calendar's time zone; default: the user's",
                    "schema": [
                        "type": "string",
                        "anyOf": [
                            ["enum": ReadAPI.zoneNames],
                            ["pattern": ReadAPI.fixedOffsetZonePattern],
                        ],
                    ],
                ],
                [
                    "name": "firstWeekday", "in": "query", "required": false,
                    "description": "The day weeks start on, 1 Sunday to 7 Saturday; default 2 (Monday)",
                    "schema": ["type": "integer", "minimum": 1, "maximum": 7],
                ],
                [
                    "name": "minimumDaysInFirstWeek", "in": "query", "required": false,
                    "description": "The calendar's minimumDaysInFirstWeek; default 4 (ISO 8601)",
                    "schema": ["type": "integer", "minimum": 1, "maximum": 7],
                ],
                options,
                [
                    "name": "categoryValues", "in": "query", "required": false,
                    "description":
                        "Category types: only samples with these values count, comma-separated (empty: none); "
                        + "default: asleep stages for sleepAnalysis, every value otherwise",
                    "schema": ["type": "string", "pattern": "^(-?[0-9]{1,9}(,-?[0-9]{1,9})*)?$"],
                ],
            ] + sourceFilterParameters + [
                [
                    "name": "limit", "in": "query", "required": false,
                    "description": "Buckets in this answer, 1 to \(ReadAPI.maximumBuckets) (the default); "
                        + "nextFrom tells where the rest starts",
                    "schema": ["type": "integer", "minimum": 1, "maximum": ReadAPI.maximumBuckets],
                ]
            ],
            responses: ["200": ok("The buckets", ref("ReadStatistics")), "400": error])
    }

    /// Every name `type=` takes (short names and identifiers), sorted.
    static var readTypeNames: [String] { ReadAPI.typesByName.keys.sorted() }

    /// `type=`: one of `names`, or a name matching `pattern`.
    static func typeParameter(
        names: [String], pattern: String, required: Bool = true, description: String
    )
        -> [String: Any]
    {
        [
            "name": "type", "in": "query", "required": required,
            "description": description + ": a short name (stepCount) or HealthKit identifier",
            "schema": ["type": "string", "anyOf": [["enum": names], ["pattern": pattern]]],
        ]
    }

    static func instantParameter(_ name: String, _ description: String, required: Bool = false) -> [String: Any] {
        [
            "name": name, "in": "query", "required": required,
            "description": description + " (ISO 8601 with an offset)",
            "schema": ["type": "string", "format": "date-time"],
        ]
    }

    /// `bundleIdentifier=` and `app=`: the read protocol's source filter.
    static var sourceFilterParameters: [[String: Any]] {
        [
            [
                "name": "bundleIdentifier", "in": "query", "required": false,
                "description":
                    "Only samples of the source with exactly this bundle identifier (the server keeps most sources "
                    + "by name, with an empty one); not with app",
                "schema": ["type": "string"],
            ],
            [
                "name": "app", "in": "query", "required": false,
                "description":
                    "Only samples of this app and its extensions (bundle identifier prefix); not with bundleIdentifier",
                "schema": ["type": "string"],
            ],
        ]
    }

    /// A comma-separated list of `words` (or nothing, when `empty`).
    static func wordsPattern(_ words: [String], empty: Bool) -> String {
        let word = "(" + words.joined(separator: "|") + ")"
        let list = "\(word)(,\(word))*"
        return empty ? "^(\(list))?$" : "^\(list)$"
    }
}
