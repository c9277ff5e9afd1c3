import Foundation
import VitalsCore

/// A sample kept for a user on the server (from Health Auto Export), enough for daily statistics.
public struct StoredSample: Sendable, Hashable, Codable {
    public var uuid: UUID
    /// The HealthKit identifier (`HKQuantityTypeIdentifierStepCount`).
    public var type: String
    public var start: Date
    public var end: Date
    /// In the type's canonical unit; a category's raw value.
    public var value: Double
    public var sourceName: String

    public init(uuid: UUID, type: String, start: Date, end: Date, value: Double, sourceName: String) {
        self.uuid = uuid
        self.type = type
        self.start = start
        self.end = end
        self.value = value
        self.sourceName = sourceName
    }

    /// What the server keeps of `sample`; nil for one statistics cannot count (a workout, a correlation).
    public init?(_ sample: Sample) {
        guard let value = sample.statisticsValue else { return nil }
        self.init(uuid: sample.uuid, type: sample.type.identifier, start: sample.start, end: sample.end, value: value,
                  sourceName: sample.source.name)
    }

    /// The sample as Core sees it, for statistics; nil when Core cannot count the type.
    public var sample: Sample? {
        let type = SampleType(identifier: type)
        let content: Sample.Content
        switch type.kind {
        case .quantity:
            guard let unit = type.canonicalUnit else { return nil }
            content = .quantity(Quantity(value, unit))
        case .category: content = .category(Int(value))
        default: return nil
        }
        return Sample(uuid: uuid, type: type, start: start, end: end, content: content,
                      source: Source(name: sourceName, bundleIdentifier: ""))
    }
}
