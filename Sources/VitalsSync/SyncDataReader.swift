public import Foundation
public import VitalsContract
public import VitalsCore

/// One day ready to send: its daily metrics and, when workouts may be read, its workouts.
public struct SyncDay: Sendable, Hashable {
    public var metrics: DailyHealthMetrics
    /// The workouts that started this day; nil when the store may not read workouts.
    public var workouts: [SyncedWorkout]?

    public init(metrics: DailyHealthMetrics, workouts: [SyncedWorkout]?) {
        self.metrics = metrics
        self.workouts = workouts
    }

    public var date: LocalDate { metrics.date }

    /// The journey sync request for this day: source `HEALTHKIT`, the day's totals and workouts.
    public var journeyRequest: HealthSyncRequest {
        HealthSyncRequest(
            date: date, source: .healthKit,
            data: HealthSyncRequest.Totals(
                steps: metrics.steps, exerciseMinutes: metrics.activeMinutes, sleepMinutes: metrics.sleepMinutes,
                activeCalories: metrics.activeEnergyBurned, workouts: workouts))
    }
}

/// Reads the days a sync sends from a store, with the store's statistics.
///
/// Metrics come from ``DailyMetricsCalculator`` over the store's statistics (sources merged by
/// the store's priority, days in `calendar`'s zone, sleep as the union of asleep intervals).
/// Types the store may not read stay nil (``unreadableTypes()`` names them); a store that may
/// read none of them is an error here (``HealthSyncService`` checks first and switches to manual
/// mode instead), as is a store answering from a stale cache (stale numbers would overwrite good ones).
public struct SyncDataReader: Sendable {
    public var store: any HealthStore
    /// The user's calendar: its time zone decides where days start.
    public var calendar: Calendar

    public init(store: any HealthStore, calendar: Calendar) {
        self.store = store
        self.calendar = calendar
    }

    /// Every type a sync reads: the metrics' types and workouts.
    public static var types: [SampleType] { DailyMetricsCalculator.types + [.workout] }

    /// The synced types the store may not read (denied, or never asked), in ``types`` order.
    public func unreadableTypes() async throws -> [SampleType] {
        guard store.isAvailable else { throw VitalsError(.unavailable, "the health store is unavailable") }
        var unreadable: [SampleType] = []
        for type in Self.types where try await store.authorizationStatus(for: type, access: .read) != .sharingAuthorized
        {
            unreadable.append(type)
        }
        return unreadable
    }

    /// One entry per day from `first` through `last`, in order.
    public func days(from first: LocalDate, through last: LocalDate) async throws -> [SyncDay] {
        try await days(from: first, through: last, unreadable: Set(try await unreadableTypes()))
    }

    /// The days, with the unreadable types already known.
    func days(from first: LocalDate, through last: LocalDate, unreadable: Set<SampleType>) async throws -> [SyncDay] {
        guard store.isAvailable else { throw VitalsError(.unavailable, "the health store is unavailable") }
        guard unreadable.count < Self.types.count else {
            throw VitalsError(
                .authorizationDenied,
                "reading is not allowed for any synced type "
                    + "(\(Self.types.map(\.shortName).joined(separator: ", "))); allow at least one")
        }
        let range = DateRange(clampingStart: first.start(in: calendar), end: last.adding(days: 1).start(in: calendar))
        var workouts: [LocalDate: [SyncedWorkout]]?
        if !unreadable.contains(.workout) {
            let result = try await store.samples(
                of: .workout, matching: SamplePredicate(range, options: .strictStartDate))
            if let stale = result.staleBecause { throw stale }
            if !result.unreadableTypes.contains(.workout) {
                workouts = Dictionary(grouping: result.value.compactMap(Self.syncedWorkout)) {
                    LocalDate(containing: $0.startTime, in: calendar)
                }
            }
        }
        let store = self.store
        let metrics = try await DailyMetricsCalculator(calendar: calendar).metrics(
            from: first, through: last, workoutCounts: workouts?.mapValues(\.count), skipping: unreadable
        ) { query in
            let result = try await store.statistics(query)
            if let stale = result.staleBecause { throw stale }
            return result.value
        }
        return metrics.map { day in SyncDay(metrics: day, workouts: workouts.map { $0[day.date] ?? [] }) }
    }

    /// A workout sample as the journey contract sends it: `externalId` is the sample's UUID, so
    /// re-sending the same workout never stores it twice.
    public static func syncedWorkout(_ sample: Sample) -> SyncedWorkout? {
        guard let workout = sample.workout else { return nil }
        func total(_ statistics: WorkoutStatistics?, in unit: HealthUnit) -> Double? {
            guard let statistics, let sum = statistics.sum,
                let value = try? Quantity(sum, statistics.unit).doubleValue(for: unit), value.isFinite
            else { return nil }
            return (value * 10).rounded() / 10
        }
        let distance = workout.statistics.first { $0.type.identifier.hasPrefix("HKQuantityTypeIdentifierDistance") }
        let seconds = workout.duration ?? sample.duration
        return SyncedWorkout(
            type: workout.activityType.name, durationMinutes: (seconds / 60 * 100).rounded() / 100,
            calories: total(workout.statistics(for: .activeEnergyBurned), in: .kilocalorie),
            distance: total(distance, in: .meter), startTime: sample.start, endTime: sample.end,
            externalId: sample.uuid.uuidString)
    }
}
