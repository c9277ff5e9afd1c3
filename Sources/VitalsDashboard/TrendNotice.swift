import Foundation
import VitalsInsights

/// A lasting change as one line: `Steps up 12.4 %: 9,120 a day over the last 90 days against 8,115`.
struct TrendNotice: Sendable {
    var trend: Trend
    var calendar: Calendar

    func render() -> HTML {
        let unit = InsightFormat.unit(trend.figure)
        return Tag.li(
            .class("trend-notice trend-\(trend.direction)"), .data("figure", trend.figure.rawValue),
            .data("direction", trend.direction), .data("value", DisplayFormat.exact(trend.percent))
        ) {
            Tag.strong {
                "\(InsightFormat.figure(trend.figure)) \(trend.direction) \(DisplayFormat.number(abs(trend.percent), digits: 1)) %"
            }
            ": \(InsightFormat.value(trend.recent, unit: unit)) a day from "
                + DisplayFormat.days(trend.recentPeriod.lowerBound, through: trend.recentPeriod.upperBound)
                + " against \(InsightFormat.value(trend.reference, unit: unit)) from "
                + DisplayFormat.days(trend.referencePeriod.lowerBound, through: trend.referencePeriod.upperBound)
                + " (\(InsightFormat.signed(trend.change)) \(unit == "count" ? "" : unit))"
        }
    }
}
