import Foundation
import VitalsContract
import VitalsCore

/// A change of a user's own samples from one source, applied in one transaction: the
/// ``removing`` samples are deleted and the ``adding`` ones stored (the dashboard's add, edit
/// and delete of a record).
///
/// Only the user's samples from ``sourceName`` are ever deleted: a UUID that is another
/// user's, another source's or unknown throws `.notFound` and the whole change is rolled back,
/// as is a sample to add whose UUID is stored already (`.duplicate`). A food's energy sample
/// (``StoredFood``) is deleted with its members. The days the removed and added samples cover
/// are then recomputed as an ingest recomputes them (``HealthWrite``, with its quests); a day
/// left without active energy samples gets an active energy of 0 in its HEALTHKIT snapshot,
/// which the recomputation, counting only what is stored, would otherwise leave as it was.
public struct SampleReplacement: Sendable {
    /// The source whose samples may be deleted, and that every added sample must have.
    public var sourceName: String
    /// The samples to delete (with a food's members).
    public var removing: [UUID]
    /// The samples to store.
    public var adding: [StoredSample]

    public init(sourceName: String, removing: [UUID] = [], adding: [StoredSample] = []) {
        self.sourceName = sourceName
        self.removing = removing
        self.adding = adding
    }

    /// What a replacement changed.
    public struct Outcome: Sendable {
        /// The rows deleted (with foods' members).
        public var removed: [StoredSample] = []
        /// How many samples were stored.
        public var added = 0
        /// Days whose HEALTHKIT snapshot was recomputed.
        public var recomputedDays: [LocalDate] = []
    }

    /// The days from the start of each sample through its end (at most a month), in `calendar`,
    /// of the samples whose type a day's snapshot counts; as an ingest marks the days it touched.
    static func recomputedDays(of samples: [StoredSample], calendar: Calendar) -> Set<LocalDate> {
        let counted = Set(DayRecompute.types.map(\.identifier))
        var days = Set<LocalDate>()
        for sample in samples where counted.contains(sample.type) {
            if sample.type == SampleType.sleepAnalysis.identifier {
                days.formUnion(DayRecompute.nightDays(of: sample, calendar: calendar))
            }
            var day = LocalDate(containing: sample.start, in: calendar)
            days.insert(day)
            guard sample.end > sample.start else { continue }
            let last = LocalDate(containing: sample.end.addingTimeInterval(-0.001), in: calendar)
            var steps = 0
            while day < last, steps < 31 {
                day = day.adding(days: 1)
                days.insert(day)
                steps += 1
            }
        }
        return days
    }
}
