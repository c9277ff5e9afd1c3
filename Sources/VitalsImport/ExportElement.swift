import Foundation

/// The element names of an Apple Health export that Vitals reads.
enum ExportElement: Equatable {
    case healthData, exportDate, me, record, metadataEntry, heartRateVariabilityMetadataList
    case instantaneousBeatsPerMinute, workout, workoutEvent, workoutStatistics, workoutRoute, fileReference
    case location, workoutActivity, correlation, activitySummary
    case other

    init(_ name: ByteSlice) {
        switch name.count {
        case 2: self = name.equals("Me") ? .me : .other
        case 6: self = name.equals("Record") ? .record : .other
        case 7: self = name.equals("Workout") ? .workout : .other
        case 8: self = name.equals("Location") ? .location : .other
        case 10: self = name.equals("HealthData") ? .healthData : name.equals("ExportDate") ? .exportDate : .other
        case 11: self = name.equals("Correlation") ? .correlation : .other
        case 12:
            self = name.equals("WorkoutEvent") ? .workoutEvent : name.equals("WorkoutRoute") ? .workoutRoute : .other
        case 13:
            self =
                name.equals("MetadataEntry") ? .metadataEntry : name.equals("FileReference") ? .fileReference : .other
        case 15:
            self =
                name.equals("ActivitySummary")
                ? .activitySummary : name.equals("WorkoutActivity") ? .workoutActivity : .other
        case 17: self = name.equals("WorkoutStatistics") ? .workoutStatistics : .other
        case 27: self = name.equals("InstantaneousBeatsPerMinute") ? .instantaneousBeatsPerMinute : .other
        case 32: self = name.equals("HeartRateVariabilityMetadataList") ? .heartRateVariabilityMetadataList : .other
        default: self = .other
        }
    }
}

/// Gives identical records their occurrence number (0, 1, 2...) so that two genuinely
/// identical samples get two UUIDs, while the same file imported again gets the same ones.
///
/// Identical records sit next to each other in an export (sorted by type and date), so only
/// the most recent `capacity` content hashes are remembered: memory stays bounded.
struct OccurrenceWindow {
    private var counts: [UUID: Int] = [:]
    private var order: [UUID] = []
    private var head = 0
    private let capacity: Int

    init(capacity: Int = 8192) {
        self.capacity = capacity
        order.reserveCapacity(capacity)
    }

    /// How many times `key` was seen before (within the window), counting this sighting.
    mutating func next(_ key: UUID) -> Int {
        if let seen = counts[key] {
            counts[key] = seen + 1
            return seen
        }
        if order.count < capacity {
            order.append(key)
        } else {
            counts[order[head]] = nil
            order[head] = key
            head = (head + 1) % capacity
        }
        counts[key] = 1
        return 0
    }
}
