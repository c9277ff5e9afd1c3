import Foundation
import VitalsCore

/// A built-in example: a few weeks of two-source steps, sleep stages, the watch's heart rate and
/// overnight readings, energy and exercise, workouts, mindfulness, alcohol and body mass, the
/// same every time for the same calendar.
public enum DemoData {
    /// The phone that counts steps.
    public static let phone = Source(name: "Anna's iPhone", bundleIdentifier: "com.apple.health.phone")
    /// The watch that counts steps and sleep.
    public static let watch = Source(name: "Anna's Apple Watch", bundleIdentifier: "com.apple.health.watch")
    /// The app the demo logs mindfulness, workouts and alcohol as.
    public static let app = Source(name: "Vitals Demo", bundleIdentifier: "dev.vitals.demo")

    static let phoneDevice = Device(name: "iPhone", manufacturer: "Apple Inc.", model: "iPhone")
    static let watchDevice = Device(name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch")

    /// The days the demo covers: `weeks` weeks from Monday 29 September 2025, local midnight.
    public static func range(weeks: Int = 4, calendar: Calendar) -> DateRange {
        let start = calendar.date(from: DateComponents(year: 2025, month: 9, day: 29))!
        let end = calendar.date(byAdding: .day, value: 7 * weeks, to: start)!
        return DateRange(clampingStart: start, end: end)
    }

    /// Fills `store` (whose app source should be ``app``) with the example.
    public static func populate(_ store: any HealthStore, weeks: Int = 4, calendar: Calendar) async throws -> DateRange
    {
        let range = range(weeks: weeks, calendar: calendar)
        var random = SplitMix64(seed: 2025)
        var samples: [Sample] = []
        for (dayIndex, day) in range.days(in: calendar).enumerated() {
            func at(_ hour: Int, _ minute: Int = 0) -> Date {
                calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day.start)!
            }
            if dayIndex % 7 == 0 {
                samples.append(
                    .quantity(
                        .bodyMass, 72.4 - Double(dayIndex) * 0.05, .kilogram, start: at(7), source: phone,
                        device: phoneDevice))
            }
            for hour in 7..<22 where random.next(100) < 70 {
                let start = at(hour, random.next(40))
                let end = start.addingTimeInterval(600)
                let steps = Double(300 + random.next(900))
                let phoneSees = random.next(100) < 85
                let watchSees = random.next(100) < 80 || !phoneSees
                if phoneSees {
                    samples.append(
                        .quantity(.stepCount, steps, .count, start: start, end: end, source: phone, device: phoneDevice)
                    )
                }
                if watchSees {
                    let watchSteps = (steps * Double(95 + random.next(10)) / 100).rounded()
                    samples.append(
                        .quantity(
                            .stepCount, watchSteps, .count, start: start.addingTimeInterval(60),
                            end: end.addingTimeInterval(60), source: watch, device: watchDevice))
                }
            }
            samples += sleep(endingOn: day.start, calendar: calendar, random: &random)
            samples += watchReadings(on: day.start, dayIndex: dayIndex, calendar: calendar)
        }
        try await store.save(samples)
        for (dayIndex, day) in range.days(in: calendar).enumerated() {
            let at = { (hour: Int, minute: Int) in
                calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day.start)!
            }
            if random.next(100) < 80 {
                let start = at(7, 30)
                _ = try await store.logMindfulness(
                    start: start, end: start.addingTimeInterval(Double(10 + random.next(11)) * 60))
            }
            if isTrainingDay(dayIndex) || (dayIndex % 7 == 5 && random.next(2) == 0) {
                let start = at(18, 0)
                let activity: WorkoutActivityType =
                    dayIndex % 7 == 2 ? .yoga : dayIndex % 7 == 4 ? .running : .highIntensityIntervalTraining
                _ = try await store.logWorkout(
                    start: start, end: start.addingTimeInterval(Double(25 + random.next(21)) * 60),
                    activity: activity)
            }
            let weekend = dayIndex % 7 >= 4
            let level: NoAlcLevel = weekend && random.next(3) > 0 ? (random.next(4) == 0 ? .heavy : .moderate) : .none
            _ = try await store.logAlcohol(drinks: level, date: day.start)
        }
        return range
    }

    /// The night before `morning`: in bed 23:00–07:00 with core, deep, REM and awake stages.
    private static func sleep(endingOn morning: Date, calendar: Calendar, random: inout SplitMix64) -> [Sample] {
        let bedtime = calendar.date(byAdding: .minute, value: -60 + random.next(30), to: morning)!
        let inBedStart = bedtime
        let wake = calendar.date(byAdding: .minute, value: 7 * 60 + random.next(30), to: morning)!
        var samples = [
            Sample.category(
                .sleepAnalysis, SleepAnalysisValue.inBed.rawValue, start: inBedStart, end: wake,
                source: watch, device: watchDevice)
        ]
        var cursor = inBedStart.addingTimeInterval(Double(10 + random.next(15)) * 60)
        let cycle: [SleepAnalysisValue] = [.asleepCore, .asleepDeep, .asleepCore, .asleepREM]
        var step = 0
        while cursor < wake {
            let stage = random.next(20) == 0 ? SleepAnalysisValue.awake : cycle[step % cycle.count]
            let length = Double(stage == .awake ? 5 + random.next(10) : 20 + random.next(40)) * 60
            let end = min(wake, cursor.addingTimeInterval(length))
            samples.append(
                .category(.sleepAnalysis, stage.rawValue, start: cursor, end: end, source: watch, device: watchDevice))
            cursor = end
            step += 1
        }
        return samples
    }
}

extension DemoData {
    /// Whether the demo logs a workout at 18:00 on day `dayIndex` for sure (Mondays, Wednesdays, Fridays).
    static func isTrainingDay(_ dayIndex: Int) -> Bool { [0, 2, 4].contains(dayIndex % 7) }

    /// The watch's day from `midnight`: heart rate every 10 minutes (low at night, high in the
    /// 18:00 workout), active energy, exercise minutes and stand hours (stood or idle) per hour,
    /// and the morning's resting heart rate and HRV. Drawn from its own generator, so the other figures stay as they were.
    static func watchReadings(on midnight: Date, dayIndex: Int, calendar: Calendar) -> [Sample] {
        var random = SplitMix64(seed: 7_000 + UInt64(dayIndex))
        let training = isTrainingDay(dayIndex)
        var samples: [Sample] = []
        func at(_ minutes: Int) -> Date { calendar.date(byAdding: .minute, value: minutes, to: midnight)! }
        for minute in stride(from: 0, to: 24 * 60, by: 10) {
            let hour = minute / 60
            let base = hour < 7 || hour >= 23 ? 50 : training && minute >= 18 * 60 && minute < 18 * 60 + 40 ? 128 : 66
            let spread = base == 128 ? 25 : base == 50 ? 9 : 18
            samples.append(
                .quantity(
                    .heartRate, Double(base + random.next(spread)), .countPerMinute, start: at(minute),
                    source: watch, device: watchDevice))
        }
        for hour in 7..<22 {
            let workout = training && hour == 18
            let energy = Double(workout ? 260 + random.next(80) : 12 + random.next(40))
            samples.append(
                .quantity(
                    .activeEnergyBurned, energy, .kilocalorie, start: at(hour * 60), end: at(hour * 60 + 60),
                    source: watch, device: watchDevice))
            let stood = random.next(10) < 8
            samples.append(
                .category(
                    .appleStandHour, stood ? 0 : 1, start: at(hour * 60), end: at(hour * 60 + 60),
                    source: watch, device: watchDevice))
            let exercise = workout ? 35 : random.next(6) == 0 ? 5 + random.next(10) : 0
            if exercise > 0 {
                samples.append(
                    .quantity(
                        .appleExerciseTime, Double(exercise), .minute, start: at(hour * 60),
                        end: at(hour * 60 + exercise), source: watch, device: watchDevice))
            }
        }
        samples.append(
            .quantity(
                .restingHeartRate, Double(54 + random.next(7)), .countPerMinute, start: at(7 * 60),
                source: watch, device: watchDevice))
        samples.append(
            .quantity(
                .heartRateVariabilitySDNN, Double(38 + random.next(24)), .millisecond, start: at(6 * 60 + 30),
                source: watch, device: watchDevice))
        return samples + overnightReadings(on: midnight, dayIndex: dayIndex, calendar: calendar)
    }

    /// The watch's readings of the night ending on `midnight`'s morning: respiratory rate and blood
    /// oxygen (HealthKit's fraction) hourly from 00:30, and the sleeping wrist temperature over the
    /// night. Drawn from a generator of their own, so the other figures stay as they were.
    static func overnightReadings(on midnight: Date, dayIndex: Int, calendar: Calendar) -> [Sample] {
        var random = SplitMix64(seed: 9_000 + UInt64(dayIndex))
        func at(_ minutes: Int) -> Date { calendar.date(byAdding: .minute, value: minutes, to: midnight)! }
        var samples: [Sample] = []
        for hour in 0..<6 {
            samples.append(
                .quantity(
                    .respiratoryRate, 13.5 + Double(random.next(20)) / 10, .countPerMinute, start: at(hour * 60 + 30),
                    source: watch, device: watchDevice))
            samples.append(
                .quantity(
                    .oxygenSaturation, Double(950 + random.next(40)) / 1000, .percent, start: at(hour * 60 + 35),
                    source: watch, device: watchDevice))
        }
        samples.append(
            .quantity(
                .appleSleepingWristTemperature, 35.4 + Double(random.next(40)) / 100, .degreeCelsius, start: at(-30),
                end: at(6 * 60 + 45), source: watch, device: watchDevice))
        return samples
    }
}

/// A small deterministic random generator (SplitMix64), so examples never change.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func nextRaw() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int { Int(nextRaw() % UInt64(bound)) }
}
