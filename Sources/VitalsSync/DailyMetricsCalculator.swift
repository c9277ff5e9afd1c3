import Foundation
import VitalsCore

/// Computes seed 003's daily metrics from statistics, the same way on the phone and the server.
///
/// Each metric is one statistics collection with daily buckets in the user's calendar, so
/// sources are merged as HealthKit merges them (a watch and a phone counting the same steps
/// count once), days run midnight to midnight in the user's zone, and sleep is the union of
/// asleep intervals inside the day (two overlapping sleep sources do not double a night).
/// Where statistics come from is the caller's: a `HealthStore`, or samples held in memory.
public struct DailyMetricsCalculator: Sendable {
    /// Answers one statistics query.
    public typealias StatisticsProvider = @Sendable (StatisticsQuery) async throws -> [Statistics]

    /// The calendar whose days are reported (the user's time zone).
    public var calendar: Calendar

    /// The sample types the metrics read.
    public static let types: [SampleType] = [
        .stepCount, .appleExerciseTime, .appleStandTime, .activeEnergyBurned, .restingHeartRate,
        .heartRateVariabilitySDNN, .sleepAnalysis,
    ]

    public init(calendar: Calendar) { self.calendar = calendar }

    /// Metrics for every day from `first` through `last`, one per day, in order.
    ///
    /// - Parameters:
    ///   - workoutCounts: workouts per day, when the caller knows them; days missing from a
    ///     non-nil dictionary have zero workouts.
    ///   - skipping: types the caller may not read (their metrics stay nil).
    public func metrics(from first: LocalDate, through last: LocalDate, workoutCounts: [LocalDate: Int]? = nil,
                        skipping: Set<SampleType> = [],
                        statistics: StatisticsProvider) async throws -> [DailyHealthMetrics] {
        var answers: [SampleType: [Statistics]] = [:]
        for (type, query) in queries(from: first, through: last, skipping: skipping) {
            answers[type] = try await statistics(query)
        }
        return assemble(from: first, through: last, workoutCounts: workoutCounts, answers: answers)
    }

    /// The same metrics computed from samples in memory, with Core's engine, without suspending.
    ///
    /// Sources are ranked by name, so the merge does not depend on the order samples arrive in.
    public func metrics(from first: LocalDate, through last: LocalDate, workoutCounts: [LocalDate: Int]? = nil,
                        samples: [Sample]) throws -> [DailyHealthMetrics] {
        try metrics(from: first, through: last, workoutCounts: workoutCounts, readings: Self.readings(of: samples))
    }

    /// The same metrics from readings grouped by type: what statistics need of each sample, in
    /// canonical units, for callers that never had `Sample` values (the server's stored rows).
    public func metrics(from first: LocalDate, through last: LocalDate, workoutCounts: [LocalDate: Int]? = nil,
                        readings: [SampleType: [Reading]]) throws -> [DailyHealthMetrics] {
        let statistics = Self.inMemoryStatistics(readings)
        var answers: [SampleType: [Statistics]] = [:]
        for (type, query) in queries(from: first, through: last, skipping: []) {
            answers[type] = try statistics(query)
        }
        return assemble(from: first, through: last, workoutCounts: workoutCounts, answers: answers)
    }

    /// One statistics query per metric type: daily buckets over the days, in the calendar.
    private func queries(from first: LocalDate, through last: LocalDate,
                         skipping: Set<SampleType>) -> [(SampleType, StatisticsQuery)] {
        precondition(first <= last, "the first day must not come after the last")
        let range = DateRange(clampingStart: first.start(in: calendar), end: last.adding(days: 1).start(in: calendar))
        return Self.types.filter { !skipping.contains($0) }.map { type in
            (type, StatisticsQuery(type: type, range: range, interval: .day, calendar: calendar, options: Self.option(for: type)))
        }
    }

    private static func option(for type: SampleType) -> StatisticsOptions {
        switch type {
        case .restingHeartRate, .heartRateVariabilitySDNN: .average
        case .sleepAnalysis: .duration
        default: .sum
        }
    }

    /// Days from `first` through `last` filled from the statistics answers.
    private func assemble(from first: LocalDate, through last: LocalDate, workoutCounts: [LocalDate: Int]?,
                          answers: [SampleType: [Statistics]]) -> [DailyHealthMetrics] {
        var days: [LocalDate: DailyHealthMetrics] = [:]
        var day = first
        while day <= last {
            days[day] = DailyHealthMetrics(date: day)
            if let workoutCounts { days[day]?.workoutsCount = workoutCounts[day] ?? 0 }
            day = day.adding(days: 1)
        }
        for type in Self.types {
            let option = Self.option(for: type)
            for bucket in answers[type] ?? [] where bucket.sampleCount > 0 {
                let date = LocalDate(containing: bucket.range.start, in: calendar)
                guard days[date] != nil, let value = bucket.value(for: option) else { continue }
                Self.assign(value, unit: bucket.unit, of: type, to: &days[date]!)
            }
        }
        return days.keys.sorted().map { days[$0]! }
    }

    /// Stores one statistic in its field, in the contract's units.
    private static func assign(_ value: Double, unit: HealthUnit?, of type: SampleType, to metrics: inout DailyHealthMetrics) {
        func converted(_ target: HealthUnit) -> Double {
            guard let unit else { return value }
            return (try? Quantity(value, unit).doubleValue(for: target)) ?? value
        }
        switch type {
        case .stepCount: metrics.steps = Int(value.rounded())
        case .appleExerciseTime: metrics.activeMinutes = Int(converted(.minute).rounded())
        case .appleStandTime: metrics.standMinutes = Int(converted(.minute).rounded())
        case .activeEnergyBurned: metrics.activeEnergyBurned = (converted(.kilocalorie) * 10).rounded() / 10
        case .restingHeartRate: metrics.restingHeartRate = (converted(.countPerMinute) * 10).rounded() / 10
        case .heartRateVariabilitySDNN: metrics.hrv = (converted(.millisecond) * 10).rounded() / 10
        case .sleepAnalysis: metrics.sleepMinutes = Int(value.rounded())  // duration statistics are minutes
        default: break
        }
    }
}

extension DailyMetricsCalculator {
    /// A provider that computes statistics from samples in memory with Core's engine.
    ///
    /// Sources are ranked by name, so the merge does not depend on the order samples arrive in.
    public static func inMemory(_ samples: [Sample]) -> StatisticsProvider {
        let statistics = inMemoryStatistics(samples)
        return { query in try statistics(query) }
    }

    static func inMemoryStatistics(_ samples: [Sample]) -> @Sendable (StatisticsQuery) throws -> [Statistics] {
        inMemoryStatistics(readings(of: samples))
    }

    /// What statistics need of one sample: its interval, its value in the type's canonical unit
    /// (a category's raw value) and its source's name.
    public struct Reading: Sendable, Hashable {
        /// Seconds since 1970.
        public var start: Double
        public var end: Double
        public var value: Double
        public var sourceName: String

        public init(start: Double, end: Double, value: Double, sourceName: String) {
            self.start = start
            self.end = end
            self.value = value
            self.sourceName = sourceName
        }
    }

    static func readings(of samples: [Sample]) -> [SampleType: [Reading]] {
        var readings: [SampleType: [Reading]] = [:]
        for sample in samples {
            guard let value = sample.statisticsValue else { continue }
            readings[sample.type, default: []].append(Reading(
                start: sample.start.timeIntervalSince1970, end: sample.end.timeIntervalSince1970, value: value,
                sourceName: sample.source.name))
        }
        return readings
    }

    static func inMemoryStatistics(_ readings: [SampleType: [Reading]]) -> @Sendable (StatisticsQuery) throws -> [Statistics] {
        { query in
            let own = readings[query.type] ?? []
            // Ranked by name: the merge must not depend on the order readings arrive in.
            let names = Array(Set(own.map(\.sourceName))).sorted()
            let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, Int32($0)) })
            let points = own.map { StatisticsPoint(start: $0.start, end: $0.end, value: $0.value, source: index[$0.sourceName]!) }
                .sorted { $0.start < $1.start }
            let sources = names.map { Source(name: $0, bundleIdentifier: "") }
            return try StatisticsEngine.compute(query, points: points, sources: sources, priority: Array(sources.indices))
        }
    }
}
