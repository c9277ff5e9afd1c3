import Foundation
import VitalsCore

/// Dietary energy consumed, in kilocalories, with protein, carbohydrates and fat in grams when known.
///
/// Macros come from a food correlation (`HKCorrelationTypeIdentifierFood`) holding the energy
/// sample; a lone energy sample has none (`nil`, not 0). This app's records with macros are
/// saved as food correlations, without macros as plain energy samples.
public struct DietaryCalorieRecord: HealthRecord {
    public static let kind = RecordKind.dietaryCalorie
    /// The macro nutrient types, in the order protein, carbohydrates, fat.
    public static let macroTypes: [SampleType] = [.dietaryProtein, .dietaryCarbohydrates, .dietaryFatTotal]

    public var id: UUID
    public var start: Date
    public var end: Date
    /// Energy in kilocalories.
    public var kilocalories: Double
    /// Grams of protein, carbohydrates and fat; `nil` when not recorded.
    public var protein: Double?
    public var carbohydrates: Double?
    public var fat: Double?
    public var source: Source
    public var origin: RecordOrigin
    public var mirrorOf: UUID?

    /// Creates a record; a new local one by default.
    public init(
        id: UUID = UUID(), start: Date, end: Date? = nil, kilocalories: Double, protein: Double? = nil,
        carbohydrates: Double? = nil, fat: Double? = nil, source: Source, origin: RecordOrigin = .local,
        mirrorOf: UUID? = nil
    ) {
        self.id = id
        self.start = start
        self.end = end ?? start
        self.kilocalories = kilocalories
        self.protein = protein
        self.carbohydrates = carbohydrates
        self.fat = fat
        self.source = source
        self.origin = origin
        self.mirrorOf = mirrorOf
    }

    /// The record a lone dietary-energy sample holds (no macros), or `nil` for another kind.
    public init?(energy sample: Sample, app: Source) {
        guard sample.type == .dietaryEnergyConsumed,
            let kilocalories = try? sample.quantity?.doubleValue(for: .kilocalorie)
        else { return nil }
        self.init(
            id: sample.uuid, start: sample.start, end: sample.end, kilocalories: kilocalories,
            source: sample.source, origin: RecordOrigin(source: sample.source, app: app),
            mirrorOf: sample.mirroredRecordID)
    }

    /// The record a food correlation holds: its energy members' sum and, for each macro type in
    /// `readableMacros`, its members' sum (`nil` when it has none). `nil` without an energy member.
    public init?(food correlation: Sample, app: Source, readableMacros: Set<SampleType>) {
        guard correlation.type == .food, let members = correlation.members else { return nil }
        func sum(_ type: SampleType, _ unit: HealthUnit) -> Double? {
            let values = members.filter { $0.type == type }.compactMap { try? $0.quantity?.doubleValue(for: unit) }
            return values.isEmpty ? nil : values.reduce(0, +)
        }
        guard let kilocalories = sum(.dietaryEnergyConsumed, .kilocalorie) else { return nil }
        func macro(_ type: SampleType) -> Double? { readableMacros.contains(type) ? sum(type, .gram) : nil }
        self.init(
            id: correlation.uuid, start: correlation.start, end: correlation.end, kilocalories: kilocalories,
            protein: macro(.dietaryProtein), carbohydrates: macro(.dietaryCarbohydrates), fat: macro(.dietaryFatTotal),
            source: correlation.source, origin: RecordOrigin(source: correlation.source, app: app),
            mirrorOf: correlation.mirroredRecordID)
    }

    public var value: Double { kilocalories }

    /// Whether any macro is known.
    public var hasMacros: Bool { protein != nil || carbohydrates != nil || fat != nil }

    public func validated() throws(VitalsError) -> DietaryCalorieRecord {
        try RecordValidation.nonNegative(kilocalories, field: "value", unit: "kcal")
        try RecordValidation.nonNegative(protein, field: "protein", unit: "g")
        try RecordValidation.nonNegative(carbohydrates, field: "carbs", unit: "g")
        try RecordValidation.nonNegative(fat, field: "fat", unit: "g")
        try RecordValidation.interval(start: start, end: end)
        return self
    }

    public func applying(_ change: RecordChange) throws(VitalsError) -> DietaryCalorieRecord {
        try change.require(only: ["protein", "carbs", "fat"], for: Self.kind)
        var copy = self
        copy.kilocalories = try change.value(in: .kilocalorie, current: kilocalories)
        copy.protein = try RecordChange.grams(change.protein, current: protein, field: "protein")
        copy.carbohydrates = try RecordChange.grams(change.carbohydrates, current: carbohydrates, field: "carbs")
        copy.fat = try RecordChange.grams(change.fat, current: fat, field: "fat")
        copy.start = change.start ?? start
        copy.end = change.end ?? (change.start.map { $0 + end.timeIntervalSince(start) } ?? end)
        return copy
    }

    public func sample(uuid: UUID, source: Source) -> Sample {
        let energy = Sample.quantity(
            .dietaryEnergyConsumed, kilocalories, .kilocalorie, start: start, end: end,
            source: source, uuid: hasMacros ? UUID() : uuid)
        guard hasMacros else { return energy }
        var members = [energy]
        for (type, grams) in zip(Self.macroTypes, [protein, carbohydrates, fat]) {
            if let grams { members.append(.quantity(type, grams, .gram, start: start, end: end, source: source)) }
        }
        return Sample(uuid: uuid, type: .food, start: start, end: end, content: .correlation(members), source: source)
    }
}
