import Foundation

/// One health sample (`HKSample`): a typed value over `[start, end)` from a source.
///
/// Quantity values are held in the type's canonical unit once saved to a store (kg, kcal, g,
/// min...). Correlations carry their member samples; workouts carry their details.
public struct Sample: Sendable, Hashable, Identifiable {
    /// The sample's identity, unique in a store.
    public var uuid: UUID
    /// What was measured.
    public var type: SampleType
    /// When the sample starts (inclusive).
    public var start: Date
    /// When the sample ends (exclusive); equal to `start` for an instant.
    public var end: Date
    /// The value: a quantity, a category value, a workout or a correlation's members.
    public var content: Content
    /// The app or device that saved it.
    public var source: Source
    /// The source's version string, when known.
    public var sourceVersion: String?
    /// The hardware that measured it, when known.
    public var device: Device?
    /// HealthKit and app metadata.
    public var metadata: Metadata
    /// When the sample was created on the device, if known (Health exports record it).
    public var creationDate: Date?

    /// The value of a sample, by kind.
    public enum Content: Sendable, Hashable {
        /// An amount, for quantity types.
        case quantity(Quantity)
        /// A raw category value (`HKCategoryValueSleepAnalysis` and friends), for category types.
        case category(Int)
        /// A workout's activity, events and statistics.
        case workout(Workout)
        /// A correlation's member samples (blood pressure, food).
        case correlation([Sample])
    }

    /// Creates a sample; see the kind-specific factories for the common cases.
    public init(
        uuid: UUID = UUID(), type: SampleType, start: Date, end: Date, content: Content,
        source: Source, sourceVersion: String? = nil, device: Device? = nil,
        metadata: Metadata = [:], creationDate: Date? = nil
    ) {
        self.uuid = uuid
        self.type = type
        self.start = start
        self.end = end
        self.content = content
        self.source = source
        self.sourceVersion = sourceVersion
        self.device = device
        self.metadata = metadata
        self.creationDate = creationDate
    }

    public var id: UUID { uuid }

    /// The time covered, in seconds.
    public var duration: TimeInterval { end.timeIntervalSince(start) }

    /// The quantity, for quantity samples.
    public var quantity: Quantity? {
        if case .quantity(let quantity) = content { return quantity }
        return nil
    }

    /// The raw category value, for category samples.
    public var categoryValue: Int? {
        if case .category(let value) = content { return value }
        return nil
    }

    /// The workout details, for workouts.
    public var workout: Workout? {
        if case .workout(let workout) = content { return workout }
        return nil
    }

    /// The member samples, for correlations.
    public var members: [Sample]? {
        if case .correlation(let members) = content { return members }
        return nil
    }

    /// The sample's own time range. Instants are empty ranges.
    public var range: DateRange { DateRange(uncheckedStart: start, end: max(start, end)) }
}

extension Sample {
    /// A quantity sample.
    public static func quantity(
        _ type: SampleType, _ value: Double, _ unit: HealthUnit, start: Date, end: Date? = nil,
        source: Source, device: Device? = nil, metadata: Metadata = [:], uuid: UUID = UUID()
    ) -> Sample {
        Sample(
            uuid: uuid, type: type, start: start, end: end ?? start,
            content: .quantity(Quantity(value, unit)), source: source, device: device,
            metadata: metadata)
    }

    /// A category sample.
    public static func category(
        _ type: SampleType, _ value: Int, start: Date, end: Date, source: Source,
        device: Device? = nil, metadata: Metadata = [:], uuid: UUID = UUID()
    ) -> Sample {
        Sample(
            uuid: uuid, type: type, start: start, end: end, content: .category(value),
            source: source, device: device, metadata: metadata)
    }
}
