import Foundation
import VitalsCore

/// A trend as SVG: the period's buckets with the same period last year drawn beside them.
///
/// Additive figures (steps, minutes, sleep) are bars from zero, last year's a paler bar to the
/// left of each; discrete ones (weight, heart rate) are points joined by lines on a scale from
/// their lowest to highest value, a line broken where a bucket has no data. Every bar and point has a `<title>` (period and value) and
/// `data-series` (`current` or `last-year`), `data-start` and, when there is data, `data-value`
/// (the statistic exactly); ``TrendTable`` lists the same numbers.
struct TrendChart: Sendable {
    var metric: DashboardMetric
    var current: TrendSeries
    var lastYear: TrendSeries
    var calendar: Calendar

    static let width = 600.0, height = 220.0, left = 72.0, right = 6.0, bottom = 24.0, top = 10.0
    static var plotWidth: Double { width - left - right }
    static var plotHeight: Double { height - bottom - top }

    /// The value scale: `[low, high]`, zero-based for additive figures.
    var scale: (low: Double, high: Double) {
        let values = (current.buckets + lastYear.buckets).compactMap(\.value)
        guard let low = values.min(), let high = values.max() else { return (0, 1) }
        if metric.isAdditive { return (0, max(high, 1)) }
        let pad = max((high - low) * 0.1, abs(high) * 0.01, 0.5)
        return (low - pad, high + pad)
    }

    func render() -> HTML {
        let titleID = "trend-chart-title"
        let count = current.buckets.count
        let scale = scale
        let marks = metric.isAdditive ? bars(scale: scale) : lines(scale: scale)
        let ticks = axis(scale: scale)
        return Tag.figure(.class("chart trend"), .data("chart", "trend"), .data("buckets", String(count))) {
            Tag.svg(.viewBox(width: Self.width, height: Self.height), .role("img"), .ariaLabelledBy(titleID)) {
                Tag.title(.id(titleID)) {
                    "\(metric.label), \(count) \(bucketNoun(count)), with the same period last year"
                }
                ticks
                marks
            }
            Tag.figcaption {
                Tag.span(.class("key key-current")) { "This period" }
                " "
                Tag.span(.class("key key-last-year")) { "Same period last year" }
                metric.displayUnit.isEmpty ? "" : " · values in \(metric.displayUnit)"
            }
        }
    }

    /// `days`, `nights` or `weeks`.
    func bucketNoun(_ count: Int) -> String {
        let noun = current.period.bucketDays == 7 ? "week" : metric.isNightly ? "night" : "day"
        return count == 1 ? noun : noun + "s"
    }

    /// The bucket as people read it: `Mon 3 Nov 2025`, `Night to Mon 3 Nov 2025`, `3 Nov 2025 – 9 Nov 2025`.
    static func label(_ bucket: TrendBucket, bucketDays: Int, metric: DashboardMetric, calendar: Calendar) -> String {
        if bucketDays == 7 { return DisplayFormat.days(bucket.first, through: bucket.first.adding(days: 6)) }
        let day = DisplayFormat.dayLabel(bucket.first)
        return metric.isNightly ? "Night to " + day : day
    }

    private func y(_ value: Double, _ scale: (low: Double, high: Double)) -> Double {
        Self.top + Self.plotHeight * (1 - (value - scale.low) / max(scale.high - scale.low, .leastNonzeroMagnitude))
    }

    private func slot() -> Double { Self.plotWidth / Double(max(1, current.buckets.count)) }

    private func axis(scale: (low: Double, high: Double)) -> HTML {
        let base = Self.top + Self.plotHeight
        let buckets = current.buckets
        let labelled = Set([0, buckets.count / 2, buckets.count - 1].filter { $0 >= 0 })
        return HTML {
            Tag.line(.class("axis"), .x1(Self.left), .y1(base), .x2(Self.width - Self.right), .y2(base))
            Tag.text(.class("tick"), .x(Self.left - 4), .y(Self.top + 8), .textAnchor("end")) {
                metric.tick(scale.high)
            }
            Tag.text(.class("tick"), .x(Self.left - 4), .y(base), .textAnchor("end")) { metric.tick(scale.low) }
            for index in labelled.sorted() {
                Tag.text(
                    .class("tick"), .x(Self.left + (Double(index) + 0.5) * slot()), .y(Self.height - 6),
                    .textAnchor(index == 0 ? "start" : index == buckets.count - 1 ? "end" : "middle")
                ) {
                    DisplayFormat.shortDate(buckets[index].first)
                }
            }
        }
    }

    private func attributes(_ bucket: TrendBucket, series: String) -> [Attribute] {
        var attributes: [Attribute] = [
            .data("series", series), .data("start", DisplayFormat.instant(bucket.range.start, in: calendar)),
        ]
        if let value = bucket.value { attributes.append(.data("value", DisplayFormat.exact(value))) }
        return attributes
    }

    private func title(_ bucket: TrendBucket, series: TrendSeries) -> String {
        let label = Self.label(bucket, bucketDays: series.period.bucketDays, metric: metric, calendar: calendar)
        return "\(label): \(bucket.value.map(metric.display) ?? "no data")"
    }

    private func bars(scale: (low: Double, high: Double)) -> HTML {
        let width = slot() * 0.42
        let base = Self.top + Self.plotHeight
        func bar(_ bucket: TrendBucket, index: Int, series: TrendSeries, name: String, offset: Double) -> HTML {
            let top = bucket.value.map { y($0, scale) } ?? base
            let x = Self.left + Double(index) * slot() + offset
            return Tag.rect(
                attributes: [.class("bar bar-\(name)"), .x(x), .y(top), .width(width), .height(base - top)]
                    + attributes(bucket, series: name)
            ) {
                Tag.title { title(bucket, series: series) }
            }
        }
        return HTML {
            for (index, bucket) in lastYear.buckets.enumerated() {
                bar(bucket, index: index, series: lastYear, name: "last-year", offset: slot() * 0.06)
            }
            for (index, bucket) in current.buckets.enumerated() {
                bar(bucket, index: index, series: current, name: "current", offset: slot() * 0.52)
            }
        }
    }

    private func lines(scale: (low: Double, high: Double)) -> HTML {
        func points(_ series: TrendSeries, name: String) -> HTML {
            let placed = series.buckets.enumerated().compactMap { index, bucket in
                bucket.value.map {
                    (bucket, index: index, x: Self.left + (Double(index) + 0.5) * slot(), y: y($0, scale))
                }
            }
            let runs = LineRuns.split(placed.map { ($0.index, $0.x, $0.y) })
            return HTML {
                for run in runs where run.count > 1 {
                    Tag.polyline(.class("trend-line line-\(name)"), .points(run))
                }
                for point in placed {
                    Tag.circle(
                        attributes: [.class("point point-\(name)"), .cx(point.x), .cy(point.y), .r(3)]
                            + attributes(point.0, series: name)
                    ) {
                        Tag.title { title(point.0, series: series) }
                    }
                }
            }
        }
        return HTML {
            points(lastYear, name: "last-year")
            points(current, name: "current")
        }
    }
}
