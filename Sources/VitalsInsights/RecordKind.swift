import VitalsCore

/// The four record kinds (weight, dietary calories, resting and active energy), with their
/// HealthKit type and base unit.
public enum RecordKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Body mass, in kilograms.
    case weight
    /// Dietary energy consumed, in kilocalories, with optional macros in grams.
    case dietaryCalorie
    /// Basal (resting) energy burned, in kilocalories.
    case restingEnergy
    /// Active energy burned, in kilocalories, with a duration and an optional workout type.
    case activeEnergy

    /// The HealthKit type the record's value is stored as.
    public var sampleType: SampleType {
        switch self {
        case .weight: .bodyMass
        case .dietaryCalorie: .dietaryEnergyConsumed
        case .restingEnergy: .basalEnergyBurned
        case .activeEnergy: .activeEnergyBurned
        }
    }

    /// The unit records hold their value in: kg or kcal.
    public var baseUnit: HealthUnit {
        self == .weight ? .kilogram : .kilocalorie
    }

    /// The kind whose value is stored as `type`, if any.
    public init?(sampleType type: SampleType) {
        guard let kind = Self.allCases.first(where: { $0.sampleType == type }) else { return nil }
        self = kind
    }
}
