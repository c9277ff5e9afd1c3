import Foundation
import Synchronization
import VitalsServerStorage

/// The OpenAPI 3.1 description of every route (`GET /openapi.json`).
///
/// Request bodies are described from the ``BodyShape``s the request reader validates with, so
/// every bound it enforces is in the document; the days accepted end at the server's tomorrow
/// in UTC, so the document is made again when that day changes. A test checks that every
/// registered route is described here, and nothing else; schemathesis checks the rest.
public enum OpenAPIDocument {
    private static let cache = Mutex<(day: String, json: [UInt8])?>(nil)

    /// The document as JSON bytes, for requests at `now`.
    public static func json(now: Date) -> [UInt8] {
        let days = BodyDays(now: now)
        let day = days.latest.description
        if let cached = cache.withLock({ $0 }), cached.day == day { return cached.json }
        let json = Array(try! JSONSerialization.data(withJSONObject: document(days: days), options: [.sortedKeys]))
        cache.withLock { $0 = (day, json) }
        return json
    }

    static func ref(_ name: String) -> [String: Any] { ["$ref": "#/components/schemas/\(name)"] }

    static func jsonBody(_ schema: [String: Any]) -> [String: Any] {
        ["content": ["application/json": ["schema": schema]]]
    }

    static func ok(_ description: String, _ schema: [String: Any]) -> [String: Any] {
        ["description": description, "content": ["application/json": ["schema": schema]]]
    }

    static var error: [String: Any] {
        ["description": "An error", "content": ["application/json": ["schema": ref("Error")]]]
    }

    static func operation(
        _ summary: String, secured: Bool = true, body: [String: Any]? = nil,
        parameters: [[String: Any]] = [], responses: [String: Any]
    ) -> [String: Any] {
        var operation: [String: Any] = ["summary": summary, "responses": responses]
        if let body { operation["requestBody"] = body.merging(["required": true]) { $1 } }
        if !parameters.isEmpty { operation["parameters"] = parameters }
        if secured {
            operation["security"] = [["bearer": [String]()]]
            var responses = responses
            responses["401"] = error
            responses["429"] = error
            operation["responses"] = responses
        }
        return operation
    }

    /// A write's errors: 400 not JSON, 413 too large, 422 a value refused, 503 busy or out of space.
    static func writeErrors(_ responses: [String: Any]) -> [String: Any] {
        responses.merging(["400": error, "413": error, "422": error, "503": unavailable]) { $1 }
    }

    static var unavailable: [String: Any] {
        [
            "description": "Busy (too many large uploads at once: retry after Retry-After) or out of disk space",
            "headers": ["Retry-After": ["schema": ["type": "integer"], "description": "Seconds to wait (when busy)"]],
            "content": ["application/json": ["schema": ref("Error")]],
        ]
    }

    static func pathParameter(
        _ name: String, _ description: String, _ schema: [String: Any] = ["type": "string"]
    )
        -> [String: Any]
    {
        ["name": name, "in": "path", "required": true, "description": description, "schema": schema]
    }

    static func queryParameter(_ name: String, _ description: String, maximum: Int) -> [String: Any] {
        [
            "name": name, "in": "query", "required": false, "description": description,
            "schema": ["type": "integer", "minimum": 1, "maximum": maximum],
        ]
    }

    static func document(days: BodyDays) -> [String: Any] {
        [
            "openapi": "3.1.0",
            "info": [
                "title": "Vitals server", "version": "1.0.0",
                "description":
                    "Health snapshots, workouts, Health Auto Export ingestion, quests and reads of the stored samples, per user.",
            ],
            "components": [
                "securitySchemes": ["bearer": ["type": "http", "scheme": "bearer"]],
                "schemas": OpenAPISchemas.all(days: days),
            ],
            "paths": paths,
        ]
    }

    static var paths: [String: Any] {
        let core: [String: Any] = [
            "/health": [
                "get": operation("Liveness", secured: false, responses: ["200": ok("Alive", ["type": "object"])])
            ],
            "/metrics": [
                "get": operation(
                    "Prometheus metrics (needs Authorization: Bearer METRICS_TOKEN when the server has one, --metrics-token)",
                    secured: false,
                    responses: [
                        "200": [
                            "description": "Prometheus text format",
                            "content": ["text/plain": ["schema": ["type": "string"]]],
                        ],
                        "401": error,
                    ])
            ],
            "/openapi.json": [
                "get": operation(
                    "This document", secured: false,
                    responses: ["200": ok("OpenAPI 3.1", ["type": "object"])])
            ],
            "/api/me": ["get": operation("The token's user", responses: ["200": ok("The user", ref("Me"))])],
            "/api/health/sync": [
                "post": operation(
                    "Journey sync: upsert a day's snapshot, store workouts once, evaluate quests",
                    body: jsonBody(ref("HealthSyncRequest")),
                    responses: writeErrors(["200": ok("Stored", ref("HealthSyncResponse"))]))
            ],
            "/api/health/today": [
                "get": operation(
                    "Today's snapshot in the user's time zone (empty values before any sync)",
                    responses: ["200": ok("The day", ref("DayReport"))])
            ],
            "/api/health/{date}": [
                "get": operation(
                    "A day's snapshot (empty values when nothing was synced)",
                    parameters: [
                        pathParameter(
                            "date", "Any calendar day, YYYY-MM-DD",
                            ["type": "string", "pattern": BodyDays.anyDayPattern])
                    ],
                    responses: ["200": ok("The day", ref("DayReport")), "400": error])
            ],
            "/api/v1/health/daily": [
                "post": operation(
                    "Daily metrics: one object or an array, all or nothing; members in snake_case or camelCase (sleepMinutes)",
                    body: jsonBody([
                        "oneOf": [ref("DailyHealthMetrics"), ["type": "array", "items": ref("DailyHealthMetrics")]]
                    ]),
                    responses: writeErrors(["200": ok("Upserted", ref("DailyUpsertResponse"))]))
            ],
            "/api/v1/ingest/health-auto-export": [
                "post": operation(
                    "Health Auto Export REST JSON (versions 1 and 2): what can be read is stored once, unreadable items "
                        + "are skipped and named (200, status partial, also when nothing could be read); days recomputed. "
                        + "Only a body that is not JSON (400) or has no data object (422) is refused whole, unless strict",
                    body: jsonBody(OpenAPISchemas.healthAutoExport),
                    parameters: [
                        [
                            "name": "strict", "in": "query", "required": false,
                            "schema": ["type": "string", "enum": ["true", "false"], "default": "false"],
                            "description":
                                "true: all or nothing, the first unreadable item refuses the request (422 naming "
                                + "its path). Which items Health Auto Export's format makes readable is the app's format, "
                                + "not stated here (see README, Health Auto Export)",
                        ],
                        [
                            "name": "aggregation", "in": "query", "required": false,
                            "schema": [
                                "type": "string",
                                "enum": [
                                    "auto", "none", "minutes", "hours", "days", "weeks", "months",
                                    "years", "minute", "hour", "day", "week", "month", "year",
                                ],
                                "default": "auto",
                            ],
                            "description":
                                "How the app's automation aggregated the values (its Aggregate Data and interval): "
                                + "each item of a cumulative metric is then the phone's total for that period, which replaces "
                                + "earlier reports of it and outranks other samples of the period. auto: told from the items "
                                + "(see README, reported totals); none: every item is one sample",
                        ],
                    ],
                    responses: writeErrors([
                        "200": ok(
                            "Stored (status success), or stored with unreadable items left out and listed in "
                                + "skipped with their path (status partial)", ref("IngestReport"))
                    ]))
            ],
            "/api/quests": [
                "post": operation(
                    "Create a quest", body: jsonBody(ref("QuestInput")),
                    responses: writeErrors(["201": ok("Created", ref("Quest"))])),
                "get": operation(
                    "The user's quests",
                    responses: ["200": ok("Quests", ["type": "array", "items": ref("Quest")])]),
            ],
            "/api/quests/{id}": [
                "delete": operation(
                    "Delete a quest and its completions", parameters: [pathParameter("id", "Quest id")],
                    responses: ["204": ["description": "Deleted"], "404": error])
            ],
            "/api/me/export": ["get": exportOperation],
            "/api/me/data": [
                "delete": operation(
                    "Erase the user's data (the account stays)",
                    responses: ["200": ok("Counts removed", ref("ErasedReport"))])
            ],
            "/api/me/ingests": [
                "get": operation(
                    "The user's ingest log, newest first: every authenticated request to the write endpoints, refused "
                        + "ones too, kept for the server's retention (default 90 days)",
                    parameters: [
                        queryParameter(
                            "limit", "Entries per page, 1 to 500 (default 50)", maximum: HealthService.maximumIngestPage
                        ),
                        queryParameter(
                            "before", "Only entries with a smaller id: the previous page's nextBefore",
                            maximum: Int.max),
                    ],
                    responses: ["200": ok("A page of the log", ref("IngestLogPage")), "400": error])
            ],
            "/api/me/imports": [
                "post": operation(
                    "Upload an Apple Health export (export.zip, or its export.xml) to import into the user in the "
                        + "background, all or nothing, as vitals user import; poll the job at its Location",
                    body: [
                        "content": [
                            "application/zip": ["schema": ["type": "string", "format": "binary", "minLength": 1]],
                            "application/octet-stream": [
                                "schema": ["type": "string", "format": "binary", "minLength": 1]
                            ],
                        ],
                        "description": "The export's bytes; a body starting PK\\x03\\x04 is read as the zip, "
                            + "anything else as the XML",
                    ],
                    responses: [
                        "202": [
                            "description": "Received and queued; Location: /api/me/imports/{id}",
                            "headers": ["Location": ["schema": ["type": "string"]]],
                            "content": ["application/json": ["schema": ref("ImportJob")]],
                        ],
                        "400": error, "413": error, "503": unavailable,
                    ]),
                "get": operation(
                    "The user's import jobs, newest first (kept in the database; any server on it answers)",
                    responses: ["200": ok("Jobs", ["type": "array", "items": ref("ImportJob")])]),
            ],
            "/api/me/imports/{id}": [
                "get": operation(
                    "An import job: its state and progress, its report once succeeded",
                    parameters: [pathParameter("id", "Job id")],
                    responses: ["200": ok("The job", ref("ImportJob")), "404": error])
            ],
            "/api/me/ingests/summary": [
                "get": operation(
                    "Completeness per sample type: newest sample, last ingest that carried it, days without data "
                        + "in the last 30 (user's zone, today included)",
                    responses: ["200": ok("The summary", ref("IngestCompleteness"))])
            ],
        ]
        return core.merging(readPaths) { $1 }.merging(insightsPaths) { $1 }
    }

    /// Every (method, path) the document describes, as `GET /api/health/{date}`.
    public static var describedRoutes: Set<String> {
        var routes: Set<String> = []
        for (path, item) in paths {
            for method in (item as? [String: Any] ?? [:]).keys { routes.insert("\(method.uppercased()) \(path)") }
        }
        return routes
    }
}
