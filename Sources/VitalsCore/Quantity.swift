/// An amount with its unit (`HKQuantity`).
///
/// Equality and hashing compare the stored value and unit exactly, so 1 kcal is not equal to
/// 4.184 kJ. Use ``doubleValue(for:)`` to compare amounts across units.
/// JSON form: `{"value": 1.5, "unit": "kcal"}`.
public struct Quantity: Sendable, Hashable, Codable {
    /// The number, in ``unit``.
    public var value: Double
    /// The unit ``value`` is expressed in.
    public var unit: HealthUnit

    /// Creates a quantity of `value` in `unit`.
    public init(_ value: Double, _ unit: HealthUnit) {
        self.value = value
        self.unit = unit
    }

    /// The amount expressed in `unit` (`HKQuantity.doubleValue(for:)`).
    ///
    /// - Throws: ``VitalsError`` `.incompatibleUnit` when `unit` measures something else. This
    ///   is where HealthKit would raise an exception instead.
    public func doubleValue(for unit: HealthUnit) throws(VitalsError) -> Double {
        try self.unit.convert(value, to: unit)
    }

    /// Whether the amount can be expressed in `unit` (`HKQuantity.is(compatibleWith:)`).
    public func isCompatible(with unit: HealthUnit) -> Bool {
        self.unit.isCompatible(with: unit)
    }

    private enum CodingKeys: String, CodingKey { case value, unit }
}
