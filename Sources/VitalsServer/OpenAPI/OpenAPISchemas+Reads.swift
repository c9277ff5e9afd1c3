import Foundation
import VitalsContract

extension OpenAPISchemas {
    /// The read API's answers (``ReadTypesResponse``, ``SamplesPage``, ``ReadStatisticsResponse``,
    /// ``ReadSourcesResponse``, ``ReadActivitySummariesResponse``, ``ReadRoutesResponse``) and the sample they carry.
    static var reads: [String: Any] {
        let anyNumber: [String: Any] = ["type": "number"]
        return [
            "ReadTypes": object(
                [
                    "types": array(
                        object(
                            [
                                "type": ["type": "string", "description": "HealthKit identifier"],
                                "count": integer, "first": dateTime, "last": dateTime,
                            ], required: ["type", "count", "first", "last"]))
                ], required: ["types"]),
            "SamplesPage": object(
                [
                    "samples": array(ref("Sample")),
                    "nextOffset": [
                        "type": "integer", "minimum": 1,
                        "description": "offset of the next page; absent on the last",
                    ],
                ], required: ["samples"]),
            "Sample": sample,
            "Source": object(["name": string, "bundleIdentifier": string], required: ["name", "bundleIdentifier"]),
            "ReadSources": object(["sources": array(ref("Source"))], required: ["sources"]),
            "StatisticsBucket": object(
                [
                    "start": dateTime, "end": dateTime,
                    "unit": ["type": "string", "description": "The quantity values' unit; absent for category types"],
                    "sum": anyNumber, "average": anyNumber, "minimum": anyNumber, "maximum": anyNumber,
                    "mostRecent": anyNumber,
                    "mostRecentStart": dateTime, "mostRecentEnd": dateTime,
                    "duration": ["type": "number", "minimum": 0, "description": "Minutes"],
                    "sampleCount": integer,
                    "bySource": array(
                        object(
                            ["source": ref("Source"), "statistics": ref("StatisticsBucket")],
                            required: ["source", "statistics"])),
                ], required: ["start", "end", "sampleCount"]),
            "ReadStatistics": object(
                [
                    "buckets": array(ref("StatisticsBucket")),
                    "nextFrom": [
                        "type": "string", "format": "date-time",
                        "description": "Where the next bucket starts, when this answer stops short of to; ask again "
                            + "from it with the same anchor",
                    ],
                ], required: ["buckets"]),
            "ReadActivitySummaries": object(
                [
                    "activitySummaries": array(
                        object(
                            [
                                "date": date, "activeEnergyBurned": anyNumber, "activeEnergyBurnedGoal": anyNumber,
                                "activeEnergyBurnedUnit": string, "moveTime": anyNumber, "moveTimeGoal": anyNumber,
                                "exerciseTime": anyNumber, "exerciseTimeGoal": anyNumber, "standHours": anyNumber,
                                "standHoursGoal": anyNumber,
                            ], required: ["date"]))
                ], required: ["activitySummaries"]),
            "ReadRoutes": object(
                [
                    "routes": array(
                        array(
                            object(
                                [
                                    "time": dateTime, "latitude": anyNumber, "longitude": anyNumber,
                                    "altitude": anyNumber, "speed": anyNumber,
                                    "course": anyNumber, "horizontalAccuracy": anyNumber, "verticalAccuracy": anyNumber,
                                ], required: ["time", "latitude", "longitude"])))
                ], required: ["routes"]),
        ]
    }

    /// A sample as the JSON Lines export writes it (`SampleJSON`).
    static var sample: [String: Any] {
        let anyNumber: [String: Any] = ["type": "number"]
        let metadata: [String: Any] = [
            "type": "object",
            "additionalProperties": [
                "anyOf": [
                    string, anyNumber, boolean, object(["date": dateTime], required: ["date"]),
                    object(["value": anyNumber, "unit": string], required: ["value", "unit"]),
                ]
            ],
        ]
        let statistics = object(
            [
                "type": string, "unit": string, "sum": anyNumber, "average": anyNumber,
                "minimum": anyNumber, "maximum": anyNumber,
            ], required: ["type", "unit"])
        let event = object(
            ["type": ["type": "integer"], "start": dateTime, "end": dateTime, "metadata": metadata],
            required: ["type", "start", "end"])
        var schema = object(
            [
                "uuid": ["type": "string", "format": "uuid"],
                "type": ["type": "string", "description": "HealthKit identifier"],
                "start": dateTime, "end": dateTime,
                "source": ref("Source"), "sourceVersion": string, "creationDate": dateTime,
                "device": object([
                    "name": string, "manufacturer": string, "model": string, "hardwareVersion": string,
                    "firmwareVersion": string, "softwareVersion": string, "localIdentifier": string,
                    "udiDeviceIdentifier": string,
                ]),
                "metadata": metadata,
                "value": ["type": "number", "description": "A quantity's value in unit, or a category's raw value"],
                "unit": string,
                "activity": ["type": "string", "description": "Workouts: the activity type's name"],
                "duration": ["type": "number", "minimum": 0, "description": "Workouts: seconds, without pauses"],
                "events": array(event), "statistics": array(statistics),
                "activities": array(
                    object(
                        [
                            "uuid": ["type": "string", "format": "uuid"], "activity": string, "start": dateTime,
                            "end": dateTime,
                            "events": array(event), "statistics": array(statistics), "metadata": metadata,
                        ], required: ["uuid", "activity", "start", "end"])),
                "associated": array(ref("Sample")),
                "members": array(ref("Sample")),
            ], required: ["uuid", "type", "start", "end", "source"])
        schema["description"] =
            "As vitals samples --json and the JSON Lines export write it: quantities with value and "
            + "unit, categories with value, workouts with activity, duration, events, statistics, activities and "
            + "associated samples, correlations with members"
        return schema
    }
}
