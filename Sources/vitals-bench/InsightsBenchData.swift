import Foundation
import VitalsCore
import VitalsStore

/// The nights the insights need, added to the daily-cache store: sleep stages, HRV, resting heart
/// rate, respiratory rate, blood oxygen and wrist temperature for every night of its years.
///
/// The store already has heart rate every minute from a watch and a phone, so the overnight heart
/// rate is read from ~1,000 samples a night, as on a real watch. Each night: in bed from the
/// phone, 8-10 stage samples from the watch (an awakening now and then), a respiratory rate and a
/// blood oxygen reading an hour, one HRV reading, one resting heart rate, one wrist temperature:
/// ~30 samples, ~55,000 over 5 years. Bedtimes vary by up to an hour; seeded, so every run is alike.
struct InsightsBenchData {
    let store: SQLiteHealthStore
    let start: Date
    let end: Date
    let calendar: Calendar

    /// Adds the nights unless the store has sleep already; returns how many samples it added.
    func ensure() async throws -> Int {
        let sleep = try await store.samples(
            of: .sleepAnalysis, matching: SamplePredicate(start: start, end: end), limit: 1)
        guard sleep.value.isEmpty else { return 0 }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func draw(_ range: ClosedRange<Double>) -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Double((state >> 33) % 10_000) / 10_000 * (range.upperBound - range.lowerBound)
        }
        var day = LocalDate(containing: start, in: calendar).adding(days: 1)
        let last = LocalDate(containing: end.addingTimeInterval(-1), in: calendar)
        var batch: [Sample] = []
        var added = 0
        while day <= last {
            batch += night(endingOn: day, draw: draw)
            if batch.count > 20_000 || day == last {
                _ = try await store.save(batch, duplicates: .fail)
                added += batch.count
                batch.removeAll(keepingCapacity: true)
            }
            day = day.adding(days: 1)
        }
        return added
    }

    private func night(endingOn day: LocalDate, draw: (ClosedRange<Double>) -> Double) -> [Sample] {
        let watch = DailyCacheBenchmark.watch, phone = DailyCacheBenchmark.phone
        let morning = day.start(in: calendar)
        let bedtime = morning.addingTimeInterval(-3600 + draw(-30...30) * 60)
        let wake = morning.addingTimeInterval(7 * 3600 + draw(-30...30) * 60)
        var samples = [
            Sample.category(
                .sleepAnalysis, SleepAnalysisValue.inBed.rawValue, start: bedtime.addingTimeInterval(-900), end: wake,
                source: phone)
        ]
        let stages: [SleepAnalysisValue] = [.asleepCore, .asleepDeep, .asleepCore, .asleepREM]
        var cursor = bedtime
        var step = 0
        while cursor < wake {
            let awake = draw(0...1) < 0.1
            let stop = min(wake, cursor.addingTimeInterval((awake ? draw(6...12) : draw(40...70)) * 60))
            let stage = awake ? SleepAnalysisValue.awake : stages[step % stages.count]
            samples.append(.category(.sleepAnalysis, stage.rawValue, start: cursor, end: stop, source: watch))
            cursor = stop
            step += 1
        }
        var hour = bedtime.addingTimeInterval(600)
        while hour < wake {
            samples.append(
                .quantity(.respiratoryRate, 14 + draw(-1...1), .countPerMinute, start: hour, source: watch))
            samples.append(
                .quantity(
                    .oxygenSaturation, (0.96 + draw(-0.01...0.015)), .percent, start: hour.addingTimeInterval(120),
                    source: watch))
            hour = hour.addingTimeInterval(3600)
        }
        samples.append(
            .quantity(
                .heartRateVariabilitySDNN, 45 + draw(-8...8), .millisecond, start: bedtime.addingTimeInterval(3 * 3600),
                source: watch))
        samples.append(
            .quantity(
                .restingHeartRate, (56 + draw(-3...3)).rounded(), .countPerMinute, start: wake.addingTimeInterval(1800),
                source: watch))
        samples.append(
            .quantity(
                .appleSleepingWristTemperature, 35.6 + draw(-0.3...0.3), .degreeCelsius, start: bedtime, end: wake,
                source: watch))
        return samples
    }
}
