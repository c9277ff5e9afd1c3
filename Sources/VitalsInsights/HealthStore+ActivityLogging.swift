import Foundation
import VitalsCore

/// The activity logging methods (mindfulness, workouts, NoAlc), over any store's save, read and replace.
///
/// A store only stores; what a meditation, a workout or a day's NoAlc entry looks like as
/// samples is decided here (``ActivityLog``), once for every store. ``ActivityLogger`` adds the
/// reminder cancelling the seed's UI does after each log.
extension HealthStore {
    /// Logs a meditation as a mindful-session category sample; returns it as stored.
    public func logMindfulness(start: Date, end: Date) async throws -> Sample {
        let sample = try ActivityLog.mindfulness(start: start, end: end, source: appSource, timeZone: calendar.timeZone)
        return try await saveOne(sample)
    }

    /// Logs a workout with an active-energy sample from MET × body mass × hours, tagged with the
    /// calendar's zone (`HKTimeZone`) as the other logs are; returns it as stored.
    ///
    /// The body mass is the latest readable one at or before `end`, else `defaultBodyMassKilograms`.
    public func logWorkout(
        start: Date, end: Date, activity: WorkoutActivityType = .highIntensityIntervalTraining,
        defaultBodyMassKilograms: Double = ActivityLog.defaultBodyMassKilograms
    ) async throws -> Sample {
        let bodyMass = try await latestBodyMass(atOrBefore: end) ?? defaultBodyMassKilograms
        let sample = try ActivityLog.workout(
            start: start, end: end, activity: activity, bodyMassKilograms: bodyMass,
            source: appSource, timeZone: calendar.timeZone)
        return try await saveOne(sample)
    }

    /// Logs the day's NoAlc level as alcoholic beverages at local midnight; replaces this app's
    /// earlier entry for that day, so a day has one level. Returns the entry as stored.
    ///
    /// The earlier entry is replaced in one step (``HealthStore/replace(_:with:)``): when the
    /// write fails, the old entry stays.
    public func logAlcohol(drinks: NoAlcLevel, date: Date) async throws -> Sample {
        let sample = try ActivityLog.alcohol(drinks, date: date, calendar: calendar, source: appSource).validated()
        let predicate = SamplePredicate(
            start: sample.start, end: sample.start.addingTimeInterval(1),
            options: .strictStartDate, sources: .app(bundleIdentifier: appSource.bundleIdentifier))
        let earlier = try await samples(of: .numberOfAlcoholicBeverages, matching: predicate).value
            .filter { $0.start == sample.start }
        guard let first = earlier.first else { return try await saveOne(sample) }
        try await replace(first.uuid, with: sample)
        if earlier.count > 1 { _ = try await delete(earlier.dropFirst().map(\.uuid)) }
        return try await self.sample(withUUID: sample.uuid) ?? sample
    }

    /// Saves one sample; returns it as the store keeps it.
    private func saveOne(_ sample: Sample) async throws -> Sample {
        try await save([sample], duplicates: .fail).saved.first ?? sample
    }

    /// The latest readable body mass in kilograms at or before `date`; nil when none (or unreadable).
    private func latestBodyMass(atOrBefore date: Date) async throws -> Double? {
        let found = try await samples(of: .bodyMass, matching: SamplePredicate(end: date)).value
        return found.last(where: { $0.start <= date })?.quantity.flatMap { try? $0.doubleValue(for: .kilogram) }
    }
}
