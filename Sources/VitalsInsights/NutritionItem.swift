import Foundation
import VitalsCore

/// One thing eaten, as a store holds it: a food correlation or a lone nutrient sample.
///
/// Meal grouping counts items, so a food correlation with energy, protein and fat members is
/// one item, as the person logged one food.
public struct NutritionItem: Sendable, Hashable, Codable {
    /// The correlation's or sample's UUID (HealthKit's UUID, the ingestion key).
    public var uuid: UUID
    /// When it was eaten.
    public var date: Date
    /// Kilocalories, and grams of protein, carbohydrates and fat; `nil` when not recorded.
    public var kilocalories: Double?
    public var protein: Double?
    public var carbohydrates: Double?
    public var fat: Double?

    /// Creates an item.
    public init(
        uuid: UUID = UUID(), date: Date, kilocalories: Double? = nil, protein: Double? = nil,
        carbohydrates: Double? = nil, fat: Double? = nil
    ) {
        self.uuid = uuid
        self.date = date
        self.kilocalories = kilocalories
        self.protein = protein
        self.carbohydrates = carbohydrates
        self.fat = fat
    }

    /// The nutrient types an item is made of.
    public static let nutrientTypes: [SampleType] = [
        .dietaryEnergyConsumed, .dietaryProtein, .dietaryCarbohydrates, .dietaryFatTotal,
    ]

    /// The item a food correlation or a lone energy/macro sample is; `nil` for other samples.
    /// Members of types not in `readable` are left out.
    public init?(sample: Sample, readable: Set<SampleType> = Set(nutrientTypes)) {
        let parts = sample.members ?? [sample]
        guard sample.type == .food || Self.nutrientTypes.contains(sample.type) else { return nil }
        func sum(_ type: SampleType, _ unit: HealthUnit) -> Double? {
            guard readable.contains(type) else { return nil }
            let values = parts.filter { $0.type == type }.compactMap { try? $0.quantity?.doubleValue(for: unit) }
            return values.isEmpty ? nil : values.reduce(0, +)
        }
        self.init(
            uuid: sample.uuid, date: sample.start, kilocalories: sum(.dietaryEnergyConsumed, .kilocalorie),
            protein: sum(.dietaryProtein, .gram), carbohydrates: sum(.dietaryCarbohydrates, .gram),
            fat: sum(.dietaryFatTotal, .gram))
    }
}
