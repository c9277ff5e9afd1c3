import Foundation
import VitalsCore

/// Apple documentation: "HKStatisticsCollection". Statistics over consecutive intervals.
///
/// Computed with Vitals' `StatisticsEngine` (HealthKit's source merge) over the samples that
/// matched the query, one interval at a time.
public final class HKStatisticsCollection: NSObject {
    let quantityType: HKQuantityType
    let points: [StatisticsPoint]
    let pointSources: [Source]
    let template: StatisticsQuery

    init(quantityType: HKQuantityType, points: [StatisticsPoint], sources: [Source], template: StatisticsQuery) {
        self.quantityType = quantityType
        self.points = points
        pointSources = sources
        self.template = template
        super.init()
    }

    /// Apple documentation: "statistics(for:)" (HKStatisticsCollection). Empty intervals have nil quantities.
    public func statistics(for date: Date) -> HKStatistics? {
        var query = template
        query.range = DateRange(clampingStart: date, end: date.addingTimeInterval(1))
        guard let bucket = StatisticsEngine.buckets(for: query).first else { return nil }
        query.range = bucket
        guard
            let values = try? StatisticsEngine.compute(
                query, points: points, sources: pointSources,
                priority: Array(pointSources.indices)
            ).first
        else { return nil }
        return HKStatistics(quantityType: quantityType, values: values)
    }
}
