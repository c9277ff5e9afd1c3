import Foundation
import VitalsCore

/// A day's hourly sums as SVG bars, one per hour of the day in its zone (23 or 25 on a DST change),
/// on the Day page's ``HourAxis``.
///
/// Every bar carries a `<title>` (hour and value) and `data-start` / `data-value` (the bucket's
/// sum exactly, absent for an hour without samples); a table under the chart lists the same numbers.
struct HourlyBarChart: Sendable {
    /// `steps`: the chart's id prefix.
    var key: String
    /// `Steps per hour`.
    var title: String
    /// `steps`: what one value counts, for titles and the table.
    var unit: String
    var buckets: [Statistics]
    var calendar: Calendar

    static let height = 180.0, bottom = 22.0, top = 8.0

    private var axis: HourAxis { HourAxis(hours: buckets.map(\.range), calendar: calendar) }

    func render() -> HTML {
        let titleID = "\(key)-chart-title"
        let maximum = max(1, buckets.compactMap(\.sum).max() ?? 0)
        let plotHeight = Self.height - Self.bottom - Self.top
        let axis = axis
        return Tag.figure(.class("chart"), .data("chart", key), .data("bars", String(buckets.count))) {
            Tag.svg(.viewBox(width: HourAxis.width, height: Self.height), .role("img"), .ariaLabelledBy(titleID)) {
                Tag.title(.id(titleID)) { "\(title), \(buckets.count) hours" }
                Tag.line(
                    .class("axis"), .x1(HourAxis.left), .y1(Self.top + plotHeight),
                    .x2(HourAxis.width - HourAxis.right),
                    .y2(Self.top + plotHeight))
                Tag.text(.class("tick"), .x(HourAxis.left - 4), .y(Self.top + 8), .textAnchor("end")) {
                    DisplayFormat.number(maximum)
                }
                for (index, bucket) in buckets.enumerated() {
                    bar(bucket, x: axis.x(ofHour: index), slot: axis.slot, plotHeight: plotHeight, maximum: maximum)
                }
                axis.ticks(y: Self.height - 6)
            }
            Tag.figcaption { title }
            table()
        }
    }

    private func bar(_ bucket: Statistics, x: Double, slot: Double, plotHeight: Double, maximum: Double) -> HTML {
        let value = bucket.sum ?? 0
        let height = plotHeight * value / maximum
        var attributes: [Attribute] = [
            .class("bar"), .x(x + slot * 0.1), .y(Self.top + plotHeight - height), .width(slot * 0.8), .height(height),
            .data("start", DisplayFormat.instant(bucket.range.start, in: calendar)),
        ]
        if let sum = bucket.sum { attributes.append(.data("value", DisplayFormat.exact(sum))) }
        return Tag.rect(attributes: attributes) {
            Tag.title {
                "\(axis.label(bucket.range)): \(bucket.sum.map { DisplayFormat.number($0) } ?? "no data") \(unit)"
            }
        }
    }

    private func table() -> HTML {
        Tag.details {
            Tag.summary { "\(title) as a table" }
            Tag.table {
                Tag.thead {
                    Tag.tr {
                        Tag.th(.scope("col")) { "Hour" }; Tag.th(.scope("col")) { unit.capitalized }
                    }
                }
                Tag.tbody {
                    for bucket in buckets {
                        Tag.tr {
                            Tag.th(.scope("row")) {
                                Tag.time(.datetime(DisplayFormat.instant(bucket.range.start, in: calendar))) {
                                    axis.label(bucket.range)
                                }
                            }
                            Tag.td { bucket.sum.map { DisplayFormat.number($0) } ?? "–" }
                        }
                    }
                }
            }
        }
    }
}
