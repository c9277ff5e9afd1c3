import Foundation
import VitalsCore
import VitalsInsights

extension FHIRExporter {
    /// The file of the CodeSystem that defines the insights' codes.
    public static let codeSystemFile = "CodeSystem.ndjson"
    /// Days of scores computed per read: the engine reads a chunk's nights and readings at once.
    static let insightDaysPerRead = 366

    /// Hands `emit` the Observation lines of each day's sleep score and readiness, day by day.
    ///
    /// The days are those whose start lies in the request's range, in its zone. Only days near
    /// sleep are read: the walk jumps from one chunk to the next night the store has, so a range
    /// of decades costs what its nights cost. A day without a score writes nothing for it; the
    /// Insights API says why. Returns how many Observations were handed.
    static func insightLines(
        from reader: any HealthReader, _ request: ExportRequest, emit: ([UInt8]) async throws -> Void
    ) async throws -> Int {
        let calendar = Calendar.gregorian(in: request.zone)
        let engine = InsightsEngine(reader: reader, calendar: calendar)
        let writer = FHIRInsightWriter(patient: request.patient)
        let range = request.range
        guard range.start < range.end else { return 0 }
        var firstDay = LocalDate(containing: range.start, in: calendar)
        if firstDay.start(in: calendar) < range.start { firstDay = firstDay.adding(days: 1) }
        let lastDay = LocalDate(containing: range.end.addingTimeInterval(-1), in: calendar)
        var written = 0
        // A night ending on the first day may have begun the evening before it.
        var next = try await firstNight(
            reader, from: firstDay.adding(days: -1).noon(in: calendar), before: range.end, calendar: calendar)
        while let start = next.map({ max($0, firstDay) }), start <= lastDay {
            let end = min(start.adding(days: insightDaysPerRead - 1), lastDay)
            let scores = try await engine.scores(from: start, through: end)
            for day in scores.keys.sorted() {
                guard let day = scores[day] else { continue }
                if let score = day.sleepScore.value {
                    try await emit(writer.sleepScore(score))
                    written += 1
                }
                if let readiness = day.readiness.value {
                    try await emit(writer.readiness(readiness))
                    written += 1
                }
            }
            // The next night after this chunk: sleep that starts from its last noon on ends after it.
            next = try await firstNight(reader, from: end.noon(in: calendar), before: range.end, calendar: calendar)
                .map { max($0, end.adding(days: 1)) }
        }
        return written
    }

    /// The day of the first sleep sample starting in `[start, end)`: no night after `start` ends before it.
    private static func firstNight(
        _ reader: any HealthReader, from start: Date, before end: Date, calendar: Calendar
    ) async throws -> LocalDate? {
        guard start < end else { return nil }
        let first = try await reader.samples(
            of: .sleepAnalysis, matching: SamplePredicate(start: start, end: end, options: .strictStartDate), limit: 1)
        return first.value.first.map { LocalDate(containing: $0.start, in: calendar) }
    }
}
