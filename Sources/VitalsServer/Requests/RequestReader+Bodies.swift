import Foundation
import VitalsContract
import VitalsCore
import VitalsServerStorage

extension RequestReader {
    /// Seed 003's daily metrics: one object or an array (validated whole before anything is
    /// stored), with the paths of the members it ignored as unknown (``BodyShape/unknownMembers(of:)``).
    func dailyMetrics(_ document: JSONValue) throws(VitalsError) -> (metrics: [DailyHealthMetrics], ignored: [String]) {
        let shape = BodyShape.daily
        var all: [DailyHealthMetrics] = []
        var ignored: [String] = []
        for original in try Self.objects(in: document) {
            ignored += shape.unknownMembers(of: original)
            let object = try Self.renamingAliases(original, of: shape)
            guard let date = try day(object, shape["date"]) else { preconditionFailure("date is required") }
            var metrics = DailyHealthMetrics(date: date)
            metrics.steps = try integer(object, shape["steps"])
            metrics.activeMinutes = try integer(object, shape["active_minutes"])
            metrics.standMinutes = try integer(object, shape["stand_minutes"])
            metrics.sleepMinutes = try integer(object, shape["sleep_minutes"])
            metrics.activeEnergyBurned = try number(object, shape["active_energy_burned"])
            metrics.restingHeartRate = try number(object, shape["resting_heart_rate"])
            metrics.hrv = try number(object, shape["hrv"])
            metrics.sleepQualityScore = try number(object, shape["sleep_quality_score"])
            metrics.workoutsCount = try integer(object, shape["workouts_count"])
            all.append(metrics)
        }
        return (all, ignored)
    }

    /// An object with its members' aliases renamed to their names (`sleepMinutes` counts as
    /// `sleep_minutes` instead of being dropped); a member given under both is refused naming
    /// it. Members the shape does not have are left alone (ignored).
    static func renamingAliases(_ object: JSONObjectReader, of shape: BodyShape) throws(VitalsError) -> JSONObjectReader
    {
        // Most bodies use one spelling, the members' own: nothing to rename or check.
        guard object.fields.members.contains(where: { shape.aliases[$0.key] != nil }) else { return object }
        var renamed: [(key: String, value: JSONValue)] = []
        var seen: [String: String] = [:]
        for member in object.fields.members {
            let name = shape.aliases[member.key] ?? member.key
            if shape.aliases.values.contains(name) {
                if let earlier = seen[name], earlier != member.key {
                    throw object.error(
                        .invalidInput, "the member is given twice, as \(earlier) and \(member.key)",
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
        let shape = BodyShape.sync, dataShape = BodyShape.syncData
        let root = try JSONObjectReader(document: document, file: Self.label)
        let date = try day(root, shape["date"])
        guard let source: HealthSyncRequest.DataSource = try choice(root, shape["source"]) else {
            preconditionFailure("source is required")
        }
        let data = try root.object("data")
        var totals = HealthSyncRequest.Totals()
        totals.steps = try integer(data, dataShape["steps"])
        totals.exerciseMinutes = try integer(data, dataShape["exerciseMinutes"])
        totals.sleepMinutes = try integer(data, dataShape["sleepMinutes"])
        totals.activeCalories = try number(data, dataShape["activeCalories"])
        totals.proteinLogged = try boolean(data, dataShape["proteinLogged"])
        if let items = try data.optionalArray("workouts") {
            var workouts: [SyncedWorkout] = []
            for (index, item) in items.enumerated() {
                workouts.append(try workout(try data.element(item, of: "workouts", at: index)))
            }
            totals.workouts = workouts
        }
        var request = HealthSyncRequest(date: date, source: source, data: totals)
        if let raw = try root.optionalObject("rawData") {
            request.rawData = HealthSyncRequest.RawData(healthkit: try rawObject(raw, BodyShape.rawData["healthkit"]))
        }
        return request
    }

    private func workout(_ object: JSONObjectReader) throws(VitalsError) -> SyncedWorkout {
        let shape = BodyShape.workout
        guard let type = try text(object, shape["type"]), let minutes = try number(object, shape["durationMinutes"]),
            let start = try instant(object, shape["startTime"])
        else { preconditionFailure("required fields") }
        let end = try instant(object, shape["endTime"])
        if let end, end < start { throw object.error(.invalidDateRange, "endTime is before startTime", at: "endTime") }
        return SyncedWorkout(
            type: type, durationMinutes: minutes, calories: try number(object, shape["calories"]),
            distance: try number(object, shape["distance"]), startTime: start, endTime: end,
            externalId: try text(object, shape["externalId"]))
    }

    /// A new quest (`POST /api/quests`).
    func quest(_ document: JSONValue, id: String, now: Date) throws(VitalsError) -> Quest {
        let shape = BodyShape.quest
        let root = try JSONObjectReader(document: document, file: Self.label)
        guard let title = try text(root, shape["title"]), let metric: Quest.Metric = try choice(root, shape["metric"]),
            let target = try number(root, shape["target"])
        else { preconditionFailure("required fields") }
        return Quest(
            id: id, title: title, metric: metric,
            comparison: try choice(root, shape["comparison"]) ?? .atLeast, target: target,
            recurrence: try choice(root, shape["recurrence"]) ?? .daily,
            requiresVerified: try boolean(root, shape["requiresVerified"]) ?? false, createdAt: now)
    }
}
