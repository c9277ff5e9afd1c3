import Foundation
import VitalsCore
import VitalsContract

extension RequestReader {
    /// Seed 003's daily metrics: one object or an array (validated whole before anything is stored).
    func dailyMetrics(_ document: JSONValue) throws(VitalsError) -> [DailyHealthMetrics] {
        var all: [DailyHealthMetrics] = []
        for original in try Self.objects(in: document) {
            let object = try Self.dailyMembers(original)
            guard let date = try day(object, "date") else { throw object.error(.invalidInput, "the field is required", at: "date") }
            var metrics = DailyHealthMetrics(date: date)
            metrics.steps = try integer(object, "steps", in: 0...1_000_000, "steps are 0 to 1,000,000")
            metrics.activeMinutes = try integer(object, "active_minutes", in: 0...1440, "a day has 0 to 1440 minutes")
            metrics.standMinutes = try integer(object, "stand_minutes", in: 0...1440, "a day has 0 to 1440 minutes")
            metrics.sleepMinutes = try integer(object, "sleep_minutes", in: 0...1440, "a day has 0 to 1440 minutes")
            metrics.activeEnergyBurned = try number(object, "active_energy_burned", in: 0...50_000, "kcal are 0 to 50,000")
            metrics.restingHeartRate = try number(object, "resting_heart_rate", in: 1...300, "heart rates are 1 to 300 bpm")
            metrics.hrv = try number(object, "hrv", in: 0...1000, "HRV is 0 to 1000 ms")
            metrics.sleepQualityScore = try number(object, "sleep_quality_score", in: 0...100, "scores are 0 to 100")
            metrics.workoutsCount = try integer(object, "workouts_count", in: 0...100, "workouts are 0 to 100 a day")
            all.append(metrics)
        }
        return all
    }

    /// The daily record's members by their contract (snake_case) names.
    static let dailyNames = ["date", "steps", "active_minutes", "stand_minutes", "sleep_minutes", "active_energy_burned",
                             "resting_heart_rate", "hrv", "sleep_quality_score", "workouts_count"]
    /// The camelCase spelling of each snake_case name (`sleepMinutes` for `sleep_minutes`).
    static let dailyAliases: [String: String] = Dictionary(uniqueKeysWithValues: dailyNames.compactMap { name in
        let parts = name.split(separator: "_")
        guard parts.count > 1 else { return nil }
        return (parts[0] + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(), name)
    })

    /// A daily record with camelCase members renamed to the contract's snake_case, so
    /// `sleepMinutes` counts as `sleep_minutes` instead of being dropped; a member given in both
    /// spellings is refused naming it. Members the record does not have are left alone (ignored).
    static func dailyMembers(_ object: JSONObjectReader) throws(VitalsError) -> JSONObjectReader {
        var renamed: [(key: String, value: JSONValue)] = []
        var seen: [String: String] = [:]
        for member in object.fields.members {
            let name = dailyAliases[member.key] ?? member.key
            if dailyNames.contains(name) {
                if let earlier = seen[name], earlier != member.key {
                    throw object.error(.invalidInput, "the member is given twice, as \(earlier) and \(member.key)",
                                       at: member.key)
                }
                seen[name] = member.key
            }
            renamed.append((name, member.value))
        }
        return JSONObjectReader(fields: JSONValue.Object(renamed), path: object.path, file: object.file)
    }

    /// Seed 001's sync request; `date` defaults to the user's today.
    func syncRequest(_ document: JSONValue) throws(VitalsError) -> HealthSyncRequest {
        let root = try JSONObjectReader(document: document, file: Self.label)
        let date = try day(root, "date")
        let sourceName = try root.string("source")
        guard let source = HealthSyncRequest.DataSource(rawValue: sourceName) else {
            throw root.error(.invalidValue, "source is HEALTHKIT, GOOGLE_FIT or MANUAL", at: "source")
        }
        let data = try root.object("data")
        var totals = HealthSyncRequest.Totals()
        totals.steps = try integer(data, "steps", in: 0...1_000_000, "steps are 0 to 1,000,000")
        totals.exerciseMinutes = try integer(data, "exerciseMinutes", in: 0...1440, "a day has 0 to 1440 minutes")
        totals.sleepMinutes = try integer(data, "sleepMinutes", in: 0...1440, "a day has 0 to 1440 minutes")
        totals.activeCalories = try number(data, "activeCalories", in: 0...50_000, "kcal are 0 to 50,000")
        totals.proteinLogged = try data.optionalBool("proteinLogged")
        if let items = try data.optionalArray("workouts") {
            var workouts: [SyncedWorkout] = []
            for (index, item) in items.enumerated() {
                workouts.append(try workout(try data.element(item, of: "workouts", at: index)))
            }
            totals.workouts = workouts
        }
        return HealthSyncRequest(date: date, source: source, data: totals)
    }

    private func workout(_ object: JSONObjectReader) throws(VitalsError) -> SyncedWorkout {
        let type = try object.string("type")
        guard !type.isEmpty, type.count <= 100 else { throw object.error(.invalidValue, "type is 1 to 100 characters", at: "type") }
        guard let minutes = try number(object, "durationMinutes", in: 0...2880, "a workout lasts 0 to 2880 minutes") else {
            throw object.error(.invalidInput, "the field is required", at: "durationMinutes")
        }
        guard let start = try instant(object, "startTime") else {
            throw object.error(.invalidInput, "the field is required", at: "startTime")
        }
        let end = try instant(object, "endTime")
        if let end, end < start { throw object.error(.invalidDateRange, "endTime is before startTime", at: "endTime") }
        let externalId = try object.optionalString("externalId")
        if let externalId, externalId.isEmpty || externalId.count > 200 {
            throw object.error(.invalidValue, "externalId is 1 to 200 characters", at: "externalId")
        }
        return SyncedWorkout(type: type, durationMinutes: minutes,
                             calories: try number(object, "calories", in: 0...50_000, "kcal are 0 to 50,000"),
                             distance: try number(object, "distance", in: 0...1_000_000, "distance is 0 to 1,000 km in metres"),
                             startTime: start, endTime: end, externalId: externalId)
    }

    /// A new quest (`POST /api/quests`).
    func quest(_ document: JSONValue, id: String, now: Date) throws(VitalsError) -> Quest {
        let root = try JSONObjectReader(document: document, file: Self.label)
        let title = try root.string("title")
        guard !title.isEmpty, title.count <= 200 else { throw root.error(.invalidValue, "title is 1 to 200 characters", at: "title") }
        func choice<T: RawRepresentable & CaseIterable>(_ key: String, default fallback: T?) throws(VitalsError) -> T
            where T.RawValue == String {
            guard let text = try root.optionalString(key) else {
                guard let fallback else { throw root.error(.invalidInput, "the field is required", at: key) }
                return fallback
            }
            guard let value = T(rawValue: text) else {
                throw root.error(.invalidValue, "expected one of: \(T.allCases.map(\.rawValue).joined(separator: ", "))", at: key)
            }
            return value
        }
        let metric: Quest.Metric = try choice("metric", default: nil)
        let comparison: Quest.Comparison = try choice("comparison", default: .atLeast)
        let recurrence: Quest.Recurrence = try choice("recurrence", default: .daily)
        let target = try root.number("target")
        guard target >= 0 else { throw root.error(.invalidValue, "the target cannot be negative", at: "target") }
        return Quest(id: id, title: title, metric: metric, comparison: comparison, target: target,
                     recurrence: recurrence, requiresVerified: try root.optionalBool("requiresVerified") ?? false,
                     createdAt: now)
    }
}
