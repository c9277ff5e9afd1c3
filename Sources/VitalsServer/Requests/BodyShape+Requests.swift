import Foundation
import VitalsContract
import VitalsCore
import VitalsServerStorage

/// The request bodies the server reads, declared once for the reader and the document.
extension BodyShape {
    private static let minutes = "a day has 0 to 1440 minutes"
    private static let kcal = "kcal are 0 to 50,000"

    /// Seed 003's day record (`POST /api/v1/health/daily`), snake_case with camelCase aliases.
    static let daily: BodyShape = {
        let fields = [
            BodyField("date", .day, required: true, example: .string("2025-11-16")),
            BodyField("steps", .count(0...1_000_000), meaning: "steps are 0 to 1,000,000", example: .number(8412)),
            BodyField("active_minutes", .count(0...1440), meaning: minutes, example: .number(34)),
            BodyField("stand_minutes", .count(0...1440), meaning: minutes),
            BodyField("sleep_minutes", .count(0...1440), meaning: minutes, example: .number(431)),
            BodyField(
                "active_energy_burned", .number(0...50_000), meaning: kcal, note: "kcal", example: .number(512.5)),
            BodyField(
                "resting_heart_rate", .number(1...300), meaning: "heart rates are 1 to 300 bpm", note: "bpm",
                example: .number(58)),
            BodyField("hrv", .number(0...1000), meaning: "HRV is 0 to 1000 ms", note: "SDNN, ms"),
            BodyField("sleep_quality_score", .number(0...100), meaning: "scores are 0 to 100"),
            BodyField("workouts_count", .count(0...100), meaning: "workouts are 0 to 100 a day"),
        ]
        return BodyShape(
            fields,
            aliases: Dictionary(
                uniqueKeysWithValues: fields.compactMap { field in
                    let parts = field.name.split(separator: "_")
                    guard parts.count > 1 else { return nil }
                    return (
                        parts[0] + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(),
                        field.name
                    )
                }))
    }()

    /// A workout in a journey sync (seed 001).
    static let workout = BodyShape([
        BodyField(
            "type", .text(1...100), required: true, meaning: "type is 1 to 100 characters", example: .string("running")),
        BodyField(
            "durationMinutes", .number(0...2880), required: true, meaning: "a workout lasts 0 to 2880 minutes",
            example: .number(42)),
        BodyField("calories", .number(0...50_000), meaning: kcal),
        BodyField("distance", .number(0...1_000_000), meaning: "distance is 0 to 1,000 km in metres", note: "metres"),
        BodyField("startTime", .instant, required: true, example: .string("2025-11-16T07:30:00+01:00")),
        BodyField("endTime", .instant, note: "Not before startTime (422 otherwise)"),
        BodyField(
            "externalId", .text(1...200), meaning: "externalId is 1 to 200 characters",
            note: "HealthKit UUID; each is stored once"),
    ])

    /// A journey sync's `data`.
    static let syncData = BodyShape([
        BodyField("steps", .count(0...1_000_000), meaning: "steps are 0 to 1,000,000", example: .number(8412)),
        BodyField("exerciseMinutes", .count(0...1440), meaning: minutes, example: .number(34)),
        BodyField("sleepMinutes", .count(0...1440), meaning: minutes),
        BodyField("activeCalories", .number(0...50_000), meaning: kcal),
        BodyField("proteinLogged", .boolean),
        BodyField("workouts", .objects(workout)),
    ])

    /// A journey sync's `rawData` (seed 001): `healthkit` is kept with the day; other members are ignored.
    static let rawData = BodyShape([
        BodyField(
            "healthkit", .rawObject(maximumBytes: HealthSyncRequest.RawData.maximumBytes),
            meaning: "healthkit is at most \(HealthSyncRequest.RawData.maximumBytes) bytes as compact JSON "
                + "with sorted keys",
            note: """
                HealthKit's values as the app read them (seed 001: stepCount, activeEnergyBurned, \
                appleExerciseTime, sleepAnalysis {asleep, inBed}, workouts; any members). Kept per user, day \
                and source, replaced by the day's next sync that has one, returned in GET /api/me/export \
                (rawData); no total counts it
                """,
            example: .object(JSONValue.Object([("stepCount", .number(8412))])))
    ])

    /// Seed 001's journey sync (`POST /api/health/sync`); `date` defaults to the user's today.
    static let sync = BodyShape([
        BodyField("date", .day, note: "Default: the user's today", example: .string("2025-11-16")),
        BodyField(
            "source", .choice(HealthSyncRequest.DataSource.allCases.map(\.rawValue)), required: true,
            meaning: "source is HEALTHKIT, GOOGLE_FIT or MANUAL", example: .string("HEALTHKIT")),
        BodyField(
            "data", .object(syncData), required: true, example: .object(JSONValue.Object([("steps", .number(8412))]))),
        BodyField("rawData", .object(rawData), note: "The device's raw reading; only healthkit is kept"),
    ])

    /// A new quest (`POST /api/quests`).
    static let quest = BodyShape([
        BodyField(
            "title", .text(1...200), required: true, meaning: "title is 1 to 200 characters",
            example: .string("10k steps")),
        BodyField("metric", .choice(Quest.Metric.allCases.map(\.rawValue)), required: true, example: .string("steps")),
        BodyField(
            "comparison", .choice(Quest.Comparison.allCases.map(\.rawValue)),
            note: """
                Default atLeast. atLeast and greaterThan complete as soon as a write meets them; atMost, lessThan and \
                equal only once the day is over in the user's zone, at the first write after it ended (or when a day \
                already over is written)
                """),
        // A finite bound well inside Double's exact integers: with the largest finite Double as
        // the maximum, a longer number above it parsed to that Double and passed (schemathesis).
        BodyField(
            "target", .number(0...1_000_000_000), required: true,
            meaning: "the target is 0 to 1,000,000,000", example: .number(10_000)),
        BodyField("recurrence", .choice(Quest.Recurrence.allCases.map(\.rawValue)), note: "Default daily"),
        BodyField(
            "requiresVerified", .boolean, note: "Default false: only device-verified data completes it when true"),
    ])
}
