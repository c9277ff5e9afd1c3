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
    func nightReadings(of nights: [SleepNight]) async throws -> NightReadings {
        var readings = NightReadings()
        for night in nights {
            let sleep = DateRange(clampingStart: night.main.start, end: night.main.end)
            readings.vitals[.sleepDuration, default: [:]][night.date] = night.asleepMinutes
            for vital in OvernightVital.allCases where vital != .sleepDuration {
                // Readings that start during the sleep; the wrist temperature, one sample over the
                // whole sleep, is read where it overlaps.
                let options: SampleQueryOptions = vital == .wristTemperature ? [] : .strictStartDate
                let value = try await mean(of: vital.type, in: sleep, options: options, unit: vital.unit)
                guard var value else { continue }
                if vital == .bloodOxygen, value <= 1 { value *= 100 }  // HealthKit stores a fraction
                readings.vitals[vital, default: [:]][night.date] = value
            }
            readings.hrv[night.date] = try await mean(
                of: .heartRateVariabilitySDNN, in: sleep, options: .strictStartDate, unit: "ms")
            let day = DateRange(clampingStart: night.main.end.addingTimeInterval(-24 * 3600), end: night.main.end)
            readings.restingHeartRate[night.date] = try await mean(
                of: .restingHeartRate, in: day, options: .strictStartDate, unit: "count/min")
        }
        return readings
    }

    /// The mean of the values of `type`'s samples in `range`, in `unit`; nil without samples.
    private func mean(
        of type: SampleType, in range: DateRange, options: SampleQueryOptions, unit: String
    )
        async throws -> Double?
    {
        let target = try HealthUnit(parsing: unit)
        let samples = try await reader.samples(of: type, matching: SamplePredicate(range, options: options)).value
        let values = samples.compactMap { try? $0.quantity?.doubleValue(for: target) }
        return InsightMath.mean(values)
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
