import Foundation
import VitalsCore

/// A workout sample kept whole for a user (a `workout_samples` row, unique per user and UUID):
/// activity, duration, statistics per type, events, activities and metadata, as the local store
/// keeps them.
///
/// The sample is stored as its JSON Lines object (``SampleJSON``, the format of
/// `vitals samples --json`), dates in UTC; start and end are also columns, for time windows.
/// Only an Apple Health export's workouts are stored whole; how a workout from Health Auto Export
/// or the sync API is read back is ``WorkoutRecord/sample``.
public struct StoredWorkout: Sendable, Hashable {
    public var uuid: UUID
    public var start: Date
    public var end: Date
    /// The sample as ``SampleJSON/line(for:in:)`` writes it.
    public var json: String

    public init(uuid: UUID, start: Date, end: Date, json: String) {
        self.uuid = uuid
        self.start = start
        self.end = end
        self.json = json
    }

    /// What the server keeps of a workout sample.
    public init(_ sample: Sample) {
        self.init(uuid: sample.uuid, start: sample.start, end: sample.end, json: SampleJSON.line(for: sample, in: .gmt))
    }

    /// The workout sample; nil when the stored text is not one this version can read.
    public var sample: Sample? {
        guard let sample = try? SampleJSON.decode(line: Data(json.utf8)), sample.workout != nil else { return nil }
        return sample
    }

    /// The sample's JSON as a value, for ``UserExport/workoutSamples``.
    package var exported: LoggedJSON {
        (try? JSONDecoder().decode(LoggedJSON.self, from: Data(json.utf8))) ?? .null
    }
}
