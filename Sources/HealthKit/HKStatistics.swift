import Foundation
import VitalsCore

/// Apple documentation: "HKStatistics". The statistics of one interval, overall and per source.
public class HKStatistics: NSObject {
    /// Apple documentation: "quantityType" (HKStatistics).
    public let quantityType: HKQuantityType
    /// Apple documentation: "startDate" (HKStatistics).
    public let startDate: Date
    /// Apple documentation: "endDate" (HKStatistics).
    public let endDate: Date
    /// Values in `unit`, the type's canonical unit; `values.unit` is not read.
    let values: Statistics
    /// The unit of the values, parsed by the stand-in's own table.
    let unit: HKUnit?

    init(quantityType: HKQuantityType, values: Statistics) {
        self.quantityType = quantityType
        startDate = values.range.start
        endDate = values.range.end
        self.values = values
        unit = Self.canonicalUnit(of: quantityType)
        super.init()
    }

    /// The unit Vitals' catalog stores a quantity type's values in (`count`, `kcal`, ...); nil for unknown types.
    static func canonicalUnit(of quantityType: HKQuantityType) -> HKUnit? {
        SampleType(identifier: quantityType.identifier).canonicalUnitString.map { HKUnit(from: $0) }
    }

    /// Apple documentation: "sources" (HKStatistics). Only with `.separateBySource`.
    public var sources: [HKSource]? {
        values.bySource.isEmpty
            ? nil
            : values.bySource.map {
                HKSource(name: $0.source.name, bundleIdentifier: $0.source.bundleIdentifier)
            }
    }

    /// Apple documentation: "sumQuantity()".
    public func sumQuantity() -> HKQuantity? { quantity(values.sum) }
    /// Apple documentation: "sumQuantity(for:)".
    public func sumQuantity(for source: HKSource) -> HKQuantity? { of(source).flatMap { quantity($0.sum) } }
    /// Apple documentation: "averageQuantity()".
    public func averageQuantity() -> HKQuantity? { quantity(values.average) }
    /// Apple documentation: "averageQuantity(for:)".
    public func averageQuantity(for source: HKSource) -> HKQuantity? { of(source).flatMap { quantity($0.average) } }
    /// Apple documentation: "minimumQuantity()".
    public func minimumQuantity() -> HKQuantity? { quantity(values.minimum) }
    /// Apple documentation: "minimumQuantity(for:)".
    public func minimumQuantity(for source: HKSource) -> HKQuantity? { of(source).flatMap { quantity($0.minimum) } }
    /// Apple documentation: "maximumQuantity()".
    public func maximumQuantity() -> HKQuantity? { quantity(values.maximum) }
    /// Apple documentation: "maximumQuantity(for:)".
    public func maximumQuantity(for source: HKSource) -> HKQuantity? { of(source).flatMap { quantity($0.maximum) } }
    /// Apple documentation: "mostRecentQuantity()".
    public func mostRecentQuantity() -> HKQuantity? { quantity(values.mostRecent) }
    /// Apple documentation: "mostRecentQuantity(for:)".
    public func mostRecentQuantity(for source: HKSource) -> HKQuantity? {
        of(source).flatMap { quantity($0.mostRecent) }
    }
    /// Apple documentation: "mostRecentQuantityDateInterval()".
    public func mostRecentQuantityDateInterval() -> DateInterval? {
        values.mostRecentRange.map { DateInterval(start: $0.start, end: $0.end) }
    }

    private func of(_ source: HKSource) -> Statistics? {
        values.bySource.first { $0.source.bundleIdentifier == source.bundleIdentifier }?.statistics
    }

    private func quantity(_ value: Double?) -> HKQuantity? {
        guard let value, let unit else { return nil }
        return HKQuantity(unit: unit, doubleValue: value)
    }
}
