import Foundation
import VitalsCore

/// Weeks of what a watch and a phone record around sleep, for the insights' tests across stores.
///
/// Nights in Europe/Berlin ending on the days up to ``lastDay`` (2025-11-02; the autumn DST
/// change falls inside), watch sleep stages with awakenings and the phone's in-bed time, one
/// night slept in New York (its samples carry `HKTimeZone`), and for each night heart rate every
/// 10 minutes, respiratory rate, blood oxygen (as HealthKit's fraction), HRV, resting heart rate
/// and the night's wrist temperature; steps, active energy and walking speed by day, a weight a
/// week, drinks on some evenings, workouts (some after 19:00) and mindful minutes. Deterministic.
public enum InsightsSamples {
    public static let zone = TimeZone(identifier: "Europe/Berlin")!
    public static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }()
    public static let watch = Source(name: "Ada's Apple Watch", bundleIdentifier: "com.apple.health.watch")
    public static let phone = Source(name: "Ada's iPhone", bundleIdentifier: "com.apple.health.phone")
    /// The last night's day (its figures are the ones the tests read).
    public static let lastDay = try! LocalDate(parsing: "2025-11-02")
    /// The night slept in New York.
    public static let tripDay = try! LocalDate(parsing: "2025-10-20")

    /// `nights` nights ending on the days up to ``lastDay``.
    public static func samples(nights: Int = 45) -> [Sample] {
        var random = SeededGenerator(seed: 42)
        var samples: [Sample] = []
        for offset in (0..<nights).reversed() {
            let day = lastDay.adding(days: -offset)
            samples += night(endingOn: day, random: &random)
            samples += daytime(of: day, random: &random)
        }
        return samples
    }

    /// A number in `range`, drawn from `random`.
    static func draw(_ range: ClosedRange<Double>, _ random: inout SeededGenerator) -> Double {
        range.lowerBound + Double(random.next() % 10_000) / 10_000 * (range.upperBound - range.lowerBound)
    }

    /// The night ending on `day`: stages from the watch, in bed from the phone, and the readings during it.
    static func night(endingOn day: LocalDate, random: inout SeededGenerator) -> [Sample] {
        let trip = day == tripDay
        var wall = Calendar(identifier: .gregorian)
        wall.timeZone = trip ? TimeZone(identifier: "America/New_York")! : zone
        let metadata: [String: MetadataValue] = trip ? [MetadataValue.timeZoneKey: .string("America/New_York")] : [:]
        let morning = day.start(in: wall)
        let bedtime = morning.addingTimeInterval(-3600 + draw(-40...50, &random) * 60)
        let wake = morning.addingTimeInterval(7 * 3600 + draw(-30...40, &random) * 60)
        var samples = [
            Sample.category(
                .sleepAnalysis, SleepAnalysisValue.inBed.rawValue, start: bedtime.addingTimeInterval(-900), end: wake,
                source: phone, metadata: metadata)
        ]
        var cursor = bedtime
        let stages: [SleepAnalysisValue] = [.asleepCore, .asleepDeep, .asleepCore, .asleepREM]
        var step = 0
        while cursor < wake {
            let awake = random.next() % 9 == 0
            let length = (awake ? draw(6...14, &random) : draw(25...60, &random)) * 60
            let end = min(wake, cursor.addingTimeInterval(length))
            let stage = awake ? SleepAnalysisValue.awake : stages[step % stages.count]
            samples.append(
                .category(.sleepAnalysis, stage.rawValue, start: cursor, end: end, source: watch, metadata: metadata))
            cursor = end
            step += 1
        }
        let late = random.next() % 6 == 0  // now and then a restless night: higher heart rate
        var minute = bedtime.addingTimeInterval(300)
        while minute < wake {
            let heart = (late ? 60 : 52) + draw(-3...3, &random)
            samples.append(.quantity(.heartRate, heart.rounded(), .countPerMinute, start: minute, source: watch))
            if Int(minute.timeIntervalSince(bedtime)) % 3600 < 600 {
                samples.append(
                    .quantity(
                        .respiratoryRate, 14.5 + draw(-0.8...0.8, &random), .countPerMinute, start: minute,
                        source: watch))
                samples.append(
                    .quantity(
                        .oxygenSaturation, ((96 + draw(-1...1.5, &random)) / 100 * 1000).rounded() / 1000, .percent,
                        start: minute.addingTimeInterval(120), source: watch))
            }
            minute = minute.addingTimeInterval(600)
        }
        samples.append(
            .quantity(
                .heartRateVariabilitySDNN, (late ? 32 : 48) + draw(-6...6, &random), .millisecond,
                start: bedtime.addingTimeInterval(3 * 3600), source: watch))
        samples.append(
            .quantity(
                .restingHeartRate, ((late ? 61 : 55) + draw(-2...2, &random)).rounded(), .countPerMinute,
                start: wake.addingTimeInterval(1800), source: watch))
        samples.append(
            .quantity(
                .appleSleepingWristTemperature, 35.6 + (late ? 0.7 : 0) + draw(-0.2...0.2, &random), .degreeCelsius,
                start: bedtime, end: wake, source: watch))
        return samples
    }

    /// The day `day`: steps, active energy and walking speed, a weekly weight, drinks, workouts and mindful minutes.
    static func daytime(of day: LocalDate, random: inout SeededGenerator) -> [Sample] {
        let start = day.start(in: calendar)
        func at(_ hour: Double) -> Date { start.addingTimeInterval(hour * 3600) }
        var samples: [Sample] = [
            .quantity(
                .stepCount, draw(6000...11000, &random).rounded(), .count, start: at(9), end: at(20), source: phone),
            .quantity(
                .activeEnergyBurned, draw(350...700, &random).rounded(), .kilocalorie, start: at(9), end: at(20),
                source: watch),
            .quantity(
                .walkingSpeed, draw(1.2...1.5, &random), .metersPerSecond, start: at(12),
                source: phone),
        ]
        let index = (try! LocalDate(parsing: "2025-01-01")).days(to: day)
        if index % 7 == 0 {
            samples.append(.quantity(.bodyMass, 70 + draw(-0.5...0.5, &random), .kilogram, start: at(7), source: phone))
        }
        // A NoAlc entry most days: drinks every fourth day, none on the others logged.
        if index % 4 == 1 || index % 3 == 0 {
            let drinks = index % 4 == 1 ? Double(1 + random.next() % 3) : 0
            samples.append(.quantity(.numberOfAlcoholicBeverages, drinks, .count, start: at(20), source: phone))
        }
        if index % 3 != 2 {
            let workoutStart = at(index % 2 == 0 ? 19.5 : 7.5)
            samples.append(
                Sample(
                    type: .workout, start: workoutStart, end: workoutStart.addingTimeInterval(2700),
                    content: .workout(Workout(activityType: .running)), source: watch))
        }
        if index % 2 == 1 {
            samples.append(
                Sample.category(
                    .mindfulSession, 0, start: at(21.5), end: at(21.5).addingTimeInterval(600), source: phone))
        }
        return samples
    }
}
