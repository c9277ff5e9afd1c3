import Foundation
import VitalsCore

/// A trend's numbers as tables: the summary of both periods, and every bucket beside last year's.
///
/// Summary cells carry `data-summary` (`total`, `average`, `minimum`, `maximum`), `data-series`
/// and the exact value in `data-value`, as the charts' marks do.
struct TrendTable: Sendable {
    var metric: DashboardMetric
    var current: TrendSeries
    var lastYear: TrendSeries
    var calendar: Calendar

    /// What one bucket is called in headings: day, night or week.
    private var unit: String {
        current.period.bucketDays == 7 && !metric.isNightly ? "week" : metric.isNightly ? "night" : "day"
    }

    /// Total (additive figures only), average, minimum and maximum of both periods.
    func summary() -> HTML {
        var rows: [(key: String, label: String, current: Double?, lastYear: Double?)] = []
        if metric.isAdditive {
            rows.append(("total", "Total", current.total, lastYear.total))
            rows.append(("average", "Average per \(unit) with data", current.average, lastYear.average))
            rows.append(("minimum", "Lowest \(unit)", current.minimum, lastYear.minimum))
            rows.append(("maximum", "Highest \(unit)", current.maximum, lastYear.maximum))
        } else {
            rows.append(
                (
                    "average",
                    metric.sampleType.aggregationStyle == .discreteTemporallyWeighted
                        ? "Average (weighted by time)" : "Average", current.average, lastYear.average
                ))
            rows.append(("minimum", "Lowest", current.minimum, lastYear.minimum))
            rows.append(("maximum", "Highest", current.maximum, lastYear.maximum))
        }
        return Tag.table(.class("summary"), .data("table", "summary")) {
            Tag.caption { "\(metric.label): summary" }
            Tag.thead {
                Tag.tr {
                    Tag.th(.scope("col")) { "" }
                    Tag.th(.scope("col")) {
                        "This period (\(DisplayFormat.days(current.period.first, through: current.period.last)))"
                    }
                    Tag.th(.scope("col")) {
                        "Last year (\(DisplayFormat.days(lastYear.period.first, through: lastYear.period.last)))"
                    }
                }
            }
            Tag.tbody {
                for row in rows {
                    Tag.tr {
                        Tag.th(.scope("row")) { row.label }
                        cell(row.current, key: row.key, series: "current")
                        cell(row.lastYear, key: row.key, series: "last-year")
                    }
                }
                Tag.tr {
                    Tag.th(.scope("row")) { "\(unit.capitalized)s with data" }
                    Tag.td { "\(current.countWithData) of \(current.period.dayCount / (unit == "week" ? 7 : 1))" }
                    Tag.td { "\(lastYear.countWithData) of \(lastYear.period.dayCount / (unit == "week" ? 7 : 1))" }
                }
            }
        }
    }

    private func cell(_ value: Double?, key: String, series: String) -> HTML {
        var attributes: [Attribute] = [.data("summary", key), .data("series", series)]
        if let value { attributes.append(.data("value", DisplayFormat.exact(value))) }
        return Tag.td(attributes: attributes) { value.map(metric.display) ?? "–" }
    }

    /// Every bucket with last year's beside it, in a disclosure under the chart.
    func buckets() -> HTML {
        let discrete = !metric.isAdditive || (metric.isNightly && current.period.bucketDays == 7)
        return Tag.details {
            Tag.summary { "\(metric.label) per \(unit) as a table" }
            Tag.table(.data("table", "buckets")) {
                Tag.thead {
                    Tag.tr {
                        Tag.th(.scope("col")) { unit.capitalized }
                        Tag.th(.scope("col")) { metric.isNightly && unit == "week" ? "Average per night" : "Value" }
                        if discrete {
                            Tag.th(.scope("col")) { "Lowest" }
                            Tag.th(.scope("col")) { "Highest" }
                        }
                        Tag.th(.scope("col")) { "Last year" }
                        Tag.th(.scope("col")) { "Value last year" }
                    }
                }
                Tag.tbody {
                    for (index, bucket) in current.buckets.enumerated() {
                        row(
                            bucket, previous: lastYear.buckets.indices.contains(index) ? lastYear.buckets[index] : nil,
                            discrete: discrete)
                    }
                }
            }
        }
    }

    private func row(_ bucket: TrendBucket, previous: TrendBucket?, discrete: Bool) -> HTML {
        let days = current.period.bucketDays
        return Tag.tr {
            Tag.th(.scope("row")) {
                Tag.time(.datetime(bucket.first.description)) {
                    TrendChart.label(bucket, bucketDays: days, metric: metric, calendar: calendar)
                }
            }
            Tag.td { bucket.value.map(metric.display) ?? "–" }
            if discrete {
                Tag.td { bucket.minimum.map(metric.display) ?? "–" }
                Tag.td { bucket.maximum.map(metric.display) ?? "–" }
            }
            Tag.td {
                previous.map { TrendChart.label($0, bucketDays: days, metric: metric, calendar: calendar) } ?? "–"
            }
            Tag.td { previous?.value.map(metric.display) ?? "–" }
        }
    }
}
