import Foundation
import VitalsCore
import VitalsServerStorage

/// What Core samples become on the server: stored samples, workout records and the days they touch.
///
/// Shared by the Health Auto Export ingest and the import of an Apple Health export, so both
/// keep the same things (correlations as their members, workouts as records) and recompute the
/// same days (every day a sample covers, a sample ending at midnight in the day before).
struct IngestedItems: Sendable {
    /// The user's calendar, for days.
    let calendar: Calendar
    var samples: [StoredSample] = []
    var workouts: [WorkoutRecord] = []
    /// The days the samples and workouts lie in.
    var touched: Set<LocalDate> = []
    /// Samples (correlation members included) that statistics cannot count, so the server keeps none of them.
    var notKept = 0
    /// The day last looked up and its bounds: samples mostly come in time order, and asking
    /// the calendar for each one's day cost more than the rest of adding it.
    private var lastDay: (day: LocalDate, start: Date, end: Date)?

    init(calendar: Calendar) { self.calendar = calendar }

    /// Adds a sample: a workout as a record, a correlation as its members, others as stored samples.
    mutating func add(_ sample: Sample) {
        switch sample.content {
        case .workout(let workout):
            workouts.append(HealthService.record(of: sample, workout: workout, calendar: calendar))
            touched.insert(LocalDate(containing: sample.start, in: calendar))
        case .correlation:
            for member in sample.members ?? [] { add(member) }
        default:
            guard let stored = StoredSample(sample) else {
                notKept += 1
                return
            }
            samples.append(stored)
            if sample.type == .sleepAnalysis {
                // A night counts on the day it ends on (noon to noon), so an evening's sleep on the next.
                touched.formUnion(DayRecompute.nightDays(of: stored, calendar: calendar))
            }
            var day = self.day(containing: sample.start)
            touched.insert(day)
            guard sample.end > sample.start else { return }
            // A sample ending at midnight, [23:00, 00:00), lies in the day before.
            let last = self.day(containing: sample.end.addingTimeInterval(-0.001))
            guard last != day else { return }
            var guardDays = 0
            while day < last, guardDays < 31 {
                day = day.adding(days: 1)
                touched.insert(day)
                guardDays += 1
            }
        }
    }

    /// The day in the user's zone that `date` lies in.
    private mutating func day(containing date: Date) -> LocalDate {
        if let lastDay, date >= lastDay.start, date < lastDay.end { return lastDay.day }
        let day = LocalDate(containing: date, in: calendar)
        let range = day.range(in: calendar)
        lastDay = (day, range.start, range.end)
        return day
    }
}
