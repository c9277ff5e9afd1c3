import Foundation

/// What kind of HealthKit object a type describes.
public enum SampleKind: String, Sendable, Codable, CaseIterable {
    case quantity, category, correlation, characteristic, workout, other
}

/// How HealthKit combines values of a quantity type (`HKQuantityAggregationStyle`, same raw values).
public enum AggregationStyle: Int, Sendable, Codable, CaseIterable {
    /// Values add up over time (steps, energy): statistics offer sum.
    case cumulative = 0
    /// Independent readings (body mass): average is the plain mean.
    case discreteArithmetic = 1
    /// Readings of a continuous signal (heart rate): average is weighted by time.
    case discreteTemporallyWeighted = 2
    /// Levels on a logarithmic scale (audio exposure): average of equivalent continuous level.
    case discreteEquivalentContinuousLevel = 3

    /// Whether the style is one of the discrete ones (average/min/max, no sum).
    public var isDiscrete: Bool { self != .cumulative }
}

/// A HealthKit object type, named by HealthKit's own identifier string.
///
/// Known types carry their kind, aggregation style and canonical unit (the unit Vitals stores
/// values in). Unknown identifiers are kept as they are, never dropped: their kind is guessed
/// from HealthKit's naming prefix. Equality and hashing use the identifier alone.
public struct SampleType: Sendable, Hashable, CustomStringConvertible {
    /// HealthKit's identifier, for example `HKQuantityTypeIdentifierStepCount`.
    public let identifier: String
    /// Quantity, category, correlation, characteristic or workout.
    public let kind: SampleKind
    /// For quantity types, how values combine; `nil` for other kinds and unknown quantities.
    public let aggregationStyle: AggregationStyle?
    /// For quantity types, the unit string values are stored in (`count`, `kcal`, `kg`, `min`...).
    public let canonicalUnitString: String?
    /// Whether Vitals' catalog knows this identifier.
    public let isKnown: Bool

    /// Creates a catalog entry. Use the static constants or ``init(identifier:)`` instead.
    init(_ identifier: String, _ kind: SampleKind, _ style: AggregationStyle? = nil, unit: String? = nil) {
        self.identifier = identifier
        self.kind = kind
        self.aggregationStyle = style
        self.canonicalUnitString = unit
        self.isKnown = true
    }

    /// The type with this HealthKit identifier; unknown identifiers are kept with a guessed kind.
    public init(identifier: String) {
        if let known = SampleType.catalog[identifier] {
            self = known
            return
        }
        self.identifier = identifier
        self.kind = SampleType.guessKind(identifier)
        self.aggregationStyle = nil
        self.canonicalUnitString = nil
        self.isKnown = false
    }

    /// Looks a type up by identifier (`HKQuantityTypeIdentifierStepCount`) or short name
    /// (`stepCount`, case-insensitive); `nil` when neither matches a known type.
    public init?(name: String) {
        if let known = SampleType.catalog[name] {
            self = known
        } else if let known = SampleType.byShortName[name.lowercased()] {
            self = known
        } else {
            return nil
        }
    }

    /// The identifier without HealthKit's prefix: `stepCount`, `sleepAnalysis`, `workout`.
    public var shortName: String {
        if let exception = SampleType.swiftNameExceptions[identifier] { return exception }
        for prefix in SampleType.prefixes where identifier.hasPrefix(prefix.0) {
            let rest = identifier.dropFirst(prefix.0.count)
            guard let first = rest.first else { return identifier }
            return first.lowercased() + rest.dropFirst()
        }
        return identifier == SampleType.workout.identifier ? "workout" : identifier
    }

    /// The canonical unit, parsed; `nil` for types that carry no quantity.
    public var canonicalUnit: HealthUnit? {
        canonicalUnitString.flatMap { try? HealthUnit(parsing: $0) }
    }

    public var description: String { identifier }

    public static func == (lhs: SampleType, rhs: SampleType) -> Bool { lhs.identifier == rhs.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    /// Identifiers whose Swift name is not the identifier minus its prefix.
    static let swiftNameExceptions = [
        "HKCategoryTypeIdentifierAudioExposureEvent": "environmentalAudioExposureEvent",
        "HKQuantityTypeIdentifierVO2Max": "vo2Max",
        "HKQuantityTypeIdentifierUVExposure": "uvExposure",
    ]

    static let prefixes: [(String, SampleKind)] = [
        ("HKQuantityTypeIdentifier", .quantity),
        ("HKCategoryTypeIdentifier", .category),
        ("HKCorrelationTypeIdentifier", .correlation),
        ("HKCharacteristicTypeIdentifier", .characteristic),
        ("HKDataType", .other),
    ]

    private static func guessKind(_ identifier: String) -> SampleKind {
        if identifier == "HKWorkoutTypeIdentifier" { return .workout }
        return prefixes.first { identifier.hasPrefix($0.0) }?.1 ?? .other
    }

    /// Every known type by identifier.
    public static let catalog: [String: SampleType] = Dictionary(
        all.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })

    private static let byShortName: [String: SampleType] = Dictionary(
        all.map { ($0.shortName.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
}

extension SampleType: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(identifier: try container.decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }
}
