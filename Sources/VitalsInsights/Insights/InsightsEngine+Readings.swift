import Foundation
import VitalsCore

extension InsightsEngine {
    /// What was measured during each night's main sleep, by night.
    struct NightReadings {
        var vitals: [OvernightVital: [LocalDate: Double]] = [:]
        var hrv: [LocalDate: Double] = [:]
        var restingHeartRate: [LocalDate: Double] = [:]
    }

    /// The overnight vitals, HRV and resting heart rate of `nights`.
    ///
    /// Heart rate is HealthKit's own average over the main sleep (a statistics query: time-weighted,
    /// as Health averages heart rate), one small query a night. The sparse readings (respiratory
    /// rate, blood oxygen, HRV, resting heart rate, wrist temperature) are read once for every
    /// night together and averaged per night: the mean of the readings that start during the main
    /// sleep (their statistics' average: they are arithmetic), wrist temperature (one sample over
    /// the whole sleep) where it overlaps it, resting heart rate over the 24 hours before waking.
    /// Without `vitals`, only HRV and resting heart rate (readiness's inputs) are read.
    func nightReadings(of nights: [SleepNight], vitals: Bool = true) async throws -> NightReadings {
        var readings = NightReadings()
        guard let first = nights.map(\.main.start).min(), let last = nights.map(\.main.end).max() else {
            return readings
        }
        let span = DateRange(clampingStart: min(first, last.addingTimeInterval(-Self.restingWindow)), end: last)
        var sparse: [SampleType: [Reading]] = [:]
        for (type, unit) in Self.sparseReadings
        where vitals || [.heartRateVariabilitySDNN, .restingHeartRate].contains(type) {
            sparse[type] = try await values(of: type, in: span, unit: unit)
        }
        for night in nights {
            let sleep = DateRange(clampingStart: night.main.start, end: night.main.end)
            readings.hrv[night.date] = Self.mean(sparse[.heartRateVariabilitySDNN] ?? [], in: sleep)
            let day = DateRange(
                clampingStart: night.main.end.addingTimeInterval(-Self.restingWindow), end: night.main.end)
            readings.restingHeartRate[night.date] = Self.mean(sparse[.restingHeartRate] ?? [], in: day)
            guard vitals else { continue }
            readings.vitals[.sleepDuration, default: [:]][night.date] = night.asleepMinutes
            readings.vitals[.heartRate, default: [:]][night.date] = try await average(
                of: .heartRate, over: sleep, unit: OvernightVital.heartRate.unit)
            for vital in [OvernightVital.respiratoryRate, .bloodOxygen, .wristTemperature] {
                let overlapping = vital == .wristTemperature
                guard var value = Self.mean(sparse[vital.type] ?? [], in: sleep, overlapping: overlapping) else {
                    continue
                }
                if vital == .bloodOxygen, value <= 1 { value *= 100 }  // HealthKit stores a fraction
                readings.vitals[vital, default: [:]][night.date] = value
            }
        }
        return readings
    }

    /// The resting heart rate of a night is read over this long before waking (its day's reading).
    static let restingWindow: TimeInterval = 24 * 3600

    /// The sparse readings read for every night at once, in their units.
    static let sparseReadings: [(SampleType, String)] = [
        (.respiratoryRate, "count/min"), (.oxygenSaturation, "%"), (.appleSleepingWristTemperature, "degC"),
        (.heartRateVariabilitySDNN, "ms"), (.restingHeartRate, "count/min"),
    ]

    /// One reading's time and value.
    struct Reading {
        var start: Date
        var end: Date
        var value: Double
    }

    /// The values of `type`'s samples that touch `range`, in `unit`, by start.
    private func values(of type: SampleType, in range: DateRange, unit: String) async throws -> [Reading] {
        let target = try HealthUnit(parsing: unit)
        let samples = try await reader.samples(of: type, matching: SamplePredicate(range)).value
        return samples.compactMap { sample in
            (try? sample.quantity?.doubleValue(for: target)).flatMap { $0 }.map {
                Reading(start: sample.start, end: sample.end, value: $0)
            }
        }.sorted { $0.start < $1.start }
    }

    /// The mean of the readings that start in `range` (with `overlapping`, that overlap it); nil without any.
    static func mean(_ readings: [Reading], in range: DateRange, overlapping: Bool = false) -> Double? {
        InsightMath.mean(
            readings.filter {
                overlapping
                    ? $0.start < range.end && $0.end > range.start
                    : $0.start >= range.start && $0.start < range.end
            }.map(\.value))
    }

    /// HealthKit's statistics average of `type` over `range`, in one bucket; nil without samples.
    private func average(of type: SampleType, over range: DateRange, unit: String) async throws -> Double? {
        let query = StatisticsQuery(
            type: type, range: range, interval: .year, anchor: range.start, calendar: calendar, options: .average)
        let buckets = try await reader.statistics(query).value
        guard let bucket = buckets.first(where: { $0.sampleCount > 0 }), let value = bucket.average else { return nil }
        guard let stored = bucket.unit else { return value }
        return (try? Quantity(value, stored).doubleValue(for: try HealthUnit(parsing: unit))) ?? value
    }

    /// Each factor's effect on the next night's sleep score and minutes asleep (``FactorEffect``).
    func factorEffects(
        date: LocalDate, nights: [LocalDate: SleepNight]
    ) async throws -> [Factor: [String: Insight<
        FactorEffect
    >]] {
        let first = date.adding(days: -FactorEffect.window)
        var scores: [LocalDate: Double] = [:]
        var minutes: [LocalDate: Double] = [:]
        for offset in 0...FactorEffect.window {
            let day = first.adding(days: offset)
            if let night = nights[day] { minutes[day] = night.asleepMinutes }
            if let score = SleepScore.score(nights[day], date: day, previous: nights).value {
                scores[day] = Double(score.score)
            }
        }
        var effects: [Factor: [String: Insight<FactorEffect>]] = [:]
        for factor in Factor.allCases {
            let days = try await factorDays(factor, from: first, through: date.adding(days: -1))
            effects[factor] = [
                "sleepScore": FactorEffect.effect(
                    factor, outcome: "sleepScore", date: date, factorDays: days, outcomes: scores),
                "sleepMinutes": FactorEffect.effect(
                    factor, outcome: "sleepMinutes", date: date, factorDays: days, outcomes: minutes),
            ]
        }
        return effects
    }

    /// Whether each day from `first` through `last` had `factor` (alcohol: only days with an entry).
    func factorDays(_ factor: Factor, from first: LocalDate, through last: LocalDate) async throws -> [LocalDate: Bool]
    {
        let range = DateRange(
            clampingStart: first.adding(days: -1).start(in: calendar), end: last.adding(days: 2).start(in: calendar))
        let samples = try await reader.samples(of: factor.type, matching: SamplePredicate(range)).value
        var resolver = DayResolver(calendar: calendar)
        var zones = ZoneCalendars(calendar: calendar)
        var days: [LocalDate: Bool] = [:]
        if factor != .alcohol {
            for offset in 0...first.days(to: last) { days[first.adding(days: offset)] = false }
        }
        for sample in samples {
            let day = resolver.day(of: sample)
            guard first <= day, day <= last else { continue }
            switch factor {
            case .alcohol:
                let count = sample.quantity?.value ?? 0
                days[day] = (days[day] ?? false) || count > 0
            case .lateWorkout:
                let zone = zones.calendar(for: ZoneCalendars.recordedZone(of: sample) ?? calendar.timeZone.identifier)
                if zone.component(.hour, from: sample.start) >= Factor.lateWorkoutHour { days[day] = true }
            case .mindfulness:
                days[day] = true
            }
        }
        return days
    }
}
