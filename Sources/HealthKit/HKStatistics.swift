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
    let values: Statistics

    init(quantityType: HKQuantityType, values: Statistics) {
        self.quantityType = quantityType
        startDate = values.range.start
        endDate = values.range.end
        self.values = values
        super.init()
    }

    /// Apple documentation: "sources" (HKStatistics). Only with `.separateBySource`.
    public var sources: [HKSource]? {
        values.bySource.isEmpty ? nil : values.bySource.map {
            HKSource(name: $0.source.name, bundleIdentifier: $0.source.bundleIdentifier)
        }
    }

    /// Apple documentation: "sumQuantity()".
    public func sumQuantity() -> HKQuantity? { quantity(values.sum, of: values) }
    /// Apple documentation: "sumQuantity(for:)".
    public func sumQuantity(for source: HKSource) -> HKQuantity? { of(source).flatMap { quantity($0.sum, of: $0) } }
    /// Apple documentation: "averageQuantity()".
    public func averageQuantity() -> HKQuantity? { quantity(values.average, of: values) }
    /// Apple documentation: "averageQuantity(for:)".
    public func averageQuantity(for source: HKSource) -> HKQuantity? { of(source).flatMap { quantity($0.average, of: $0) } }
    /// Apple documentation: "minimumQuantity()".
    public func minimumQuantity() -> HKQuantity? { quantity(values.minimum, of: values) }
    /// Apple documentation: "minimumQuantity(for:)".
    public func minimumQuantity(for source: HKSource) -> HKQuantity? { of(source).flatMap { quantity($0.minimum, of: $0) } }
    /// Apple documentation: "maximumQuantity()".
    public func maximumQuantity() -> HKQuantity? { quantity(values.maximum, of: values) }
    /// Apple documentation: "maximumQuantity(for:)".
    public func maximumQuantity(for source: HKSource) -> HKQuantity? { of(source).flatMap { quantity($0.maximum, of: $0) } }
    /// Apple documentation: "mostRecentQuantity()".
    public func mostRecentQuantity() -> HKQuantity? { quantity(values.mostRecent, of: values) }
    /// Apple documentation: "mostRecentQuantity(for:)".
    public func mostRecentQuantity(for source: HKSource) -> HKQuantity? {
        of(source).flatMap { quantity($0.mostRecent, of: $0) }
    }
    /// Apple documentation: "mostRecentQuantityDateInterval()".
    public func mostRecentQuantityDateInterval() -> DateInterval? {
        values.mostRecentRange.map { DateInterval(start: $0.start, end: $0.end) }
    }

    private func of(_ source: HKSource) -> Statistics? {
        values.bySource.first { $0.source.bundleIdentifier == source.bundleIdentifier }?.statistics
    }

    private func quantity(_ value: Double?, of statistics: Statistics) -> HKQuantity? {
        guard let value, let unit = statistics.unit else { return nil }
        return HKQuantity(quantity: Quantity(value, unit))
    }
}
