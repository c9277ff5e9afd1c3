import Foundation
import VitalsInsights

extension OpenAPISchemas {
    /// `GET /api/me/insights`' ``VitalsInsights/DayInsights`` and the correlation's answer.
    static var insights: [String: Any] {
        let anyNumber: [String: Any] = ["type": "number"]
        let baseline = object(
            [
                "count": integer, "window": integer, "center": anyNumber, "spread": number, "low": anyNumber,
                "high": anyNumber, "method": string,
            ], required: ["count", "window", "center", "spread", "method"])
        let part = object(
            [
                "name": string, "points": anyNumber, "maximum": anyNumber, "value": anyNumber, "unit": string,
                "baseline": baseline, "zScore": anyNumber, "missing": string,
            ], required: ["name", "maximum", "unit"])
        let range = object(["start": dateTime, "end": dateTime], required: ["start", "end"])
        let night = object(
            [
                "date": date, "timeZone": string, "asleepSeconds": number, "inBedSeconds": number,
                "main": object(
                    [
                        "start": dateTime, "end": dateTime, "asleepSeconds": number, "awakenings": array(range),
                        "bedtimeMinutesAfterNoon": anyNumber,
                    ], required: ["start", "end", "asleepSeconds", "awakenings", "bedtimeMinutesAfterNoon"]),
            ], required: ["date", "timeZone", "asleepSeconds", "inBedSeconds", "main"])
        let days = ["type": "array", "items": date, "minItems": 2, "maxItems": 2] as [String: Any]
        return [
            "DayInsights": object(
                [
                    "date": date, "timeZone": string,
                    "sleepScore": insight(
                        object(
                            [
                                "date": date, "score": ["type": "integer", "minimum": 0, "maximum": 100],
                                "rating": ["type": "string", "enum": ["veryLow", "low", "ok", "high", "veryHigh"]],
                                "parts": array(part), "night": night,
                            ], required: ["date", "score", "rating", "parts", "night"])),
                    "overnight": object(
                        [
                            "date": date, "outliers": integer, "notice": boolean,
                            "metrics": array(
                                object(
                                    [
                                        "vital": [
                                            "type": "string", "enum": OvernightVital.allCases.map(\.rawValue),
                                        ],
                                        "unit": string, "value": anyNumber, "baseline": baseline,
                                        "direction": ["type": "string", "enum": ["above", "below"]],
                                        "missing": string,
                                    ], required: ["vital", "unit"])),
                        ], required: ["date", "metrics", "outliers", "notice"]),
                    "readiness": insight(
                        object(
                            [
                                "date": date, "score": ["type": "integer", "minimum": 0, "maximum": 100],
                                "parts": array(part),
                            ], required: ["date", "score", "parts"])),
                    "trends": object(
                        Dictionary(
                            uniqueKeysWithValues: DailyFigure.allCases.map {
                                (
                                    $0.rawValue,
                                    insight(
                                        object(
                                            [
                                                "figure": string,
                                                "direction": ["type": "string", "enum": ["up", "down", "steady"]],
                                                "unit": string, "recent": anyNumber, "recentCount": integer,
                                                "reference": anyNumber, "referenceCount": integer,
                                                "lastFourWeeks": anyNumber, "change": anyNumber, "percent": anyNumber,
                                                "recentPeriod": days, "referencePeriod": days,
                                            ],
                                            required: [
                                                "figure", "direction", "unit", "recent", "reference", "change",
                                                "recentPeriod", "referencePeriod",
                                            ]))
                                )
                            })),
                    "factors": object(
                        Dictionary(
                            uniqueKeysWithValues: Factor.allCases.map {
                                (
                                    $0.rawValue,
                                    object(
                                        Dictionary(
                                            uniqueKeysWithValues: ["sleepScore", "sleepMinutes"].map {
                                                ($0, insight(factorEffect))
                                            }))
                                )
                            })),
                ], required: ["date", "timeZone", "sleepScore", "overnight", "readiness", "trends", "factors"]),
            "CorrelationInsight": insight(
                object(
                    [
                        "x": string, "y": string, "lag": integer, "r": ["type": "number", "minimum": -1, "maximum": 1],
                        "n": integer,
                        "points": array(
                            object(["date": date, "x": anyNumber, "y": anyNumber], required: ["date", "x", "y"])),
                    ], required: ["x", "y", "lag", "r", "n", "points"])),
        ]
    }

    /// A factor's effect on an outcome.
    private static var factorEffect: [String: Any] {
        object(
            [
                "factor": string, "outcome": string, "withMean": ["type": "number"], "withCount": integer,
                "withoutMean": ["type": "number"], "withoutCount": integer, "difference": ["type": "number"],
            ], required: ["factor", "outcome", "withMean", "withCount", "withoutMean", "withoutCount", "difference"])
    }

    /// An ``VitalsInsights/Insight``: `{"value": ...}`, or `{"missing": reason}` when its inputs are missing.
    private static func insight(_ value: [String: Any]) -> [String: Any] {
        [
            "oneOf": [
                object(["value": value], required: ["value"]),
                object(["missing": ["type": "string", "minLength": 1]], required: ["missing"]),
            ]
        ]
    }
}
