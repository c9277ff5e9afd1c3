import Foundation
import VitalsCore

/// A day's hourly sums as SVG bars, one per hour of the day in its zone (23 or 25 on a DST change).
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

    static let width = 600.0, height = 180.0, left = 54.0, bottom = 22.0, top = 8.0

    func render() -> HTML {
        let titleID = "\(key)-chart-title"
        let maximum = max(1, buckets.compactMap(\.sum).max() ?? 0)
        let plotWidth = Self.width - Self.left - 4, plotHeight = Self.height - Self.bottom - Self.top
        let slot = plotWidth / Double(max(1, buckets.count))
        return Tag.figure(.class("chart"), .data("chart", key), .data("bars", String(buckets.count))) {
            Tag.svg(.viewBox(width: Self.width, height: Self.height), .role("img"), .ariaLabelledBy(titleID)) {
                Tag.title(.id(titleID)) { "\(title), \(buckets.count) hours" }
                Tag.line(.class("axis"), .x1(Self.left), .y1(Self.top + plotHeight), .x2(Self.width - 4), .y2(Self.top + plotHeight))
                Tag.text(.class("tick"), .x(Self.left - 4), .y(Self.top + 8), .textAnchor("end")) {
                    DisplayFormat.number(maximum)
                }
                for (index, bucket) in buckets.enumerated() {
                    bar(bucket, index: index, slot: slot, plotHeight: plotHeight, maximum: maximum)
                }
            }
            Tag.figcaption { title }
            table()
        }
    }

    private func bar(_ bucket: Statistics, index: Int, slot: Double, plotHeight: Double, maximum: Double) -> HTML {
        let value = bucket.sum ?? 0
        let height = plotHeight * value / maximum
        let x = Self.left + Double(index) * slot
        var attributes: [Attribute] = [
            .class("bar"), .x(x + slot * 0.1), .y(Self.top + plotHeight - height), .width(slot * 0.8), .height(height),
            .data("start", DisplayFormat.instant(bucket.range.start, in: calendar)),
        ]
        if let sum = bucket.sum { attributes.append(.data("value", DisplayFormat.exact(sum))) }
        let label = hourLabel(bucket)
        return HTML {
            Tag.rect(attributes: attributes) {
                Tag.title { "\(label): \(bucket.sum.map { DisplayFormat.number($0) } ?? "no data") \(unit)" }
            }
            if index % 3 == 0 {
                Tag.text(.class("tick"), .x(x + slot / 2), .y(Self.height - 6), .textAnchor("middle")) {
                    DisplayFormat.clock(bucket.range.start, in: calendar)
                }
            }
        }
    }

    /// `07:00–08:00`.
    private func hourLabel(_ bucket: Statistics) -> String {
        "\(DisplayFormat.clock(bucket.range.start, in: calendar))–\(DisplayFormat.clock(bucket.range.end, in: calendar))"
    }

    private func table() -> HTML {
        Tag.details {
            Tag.summary { "\(title) as a table" }
            Tag.table {
                Tag.thead { Tag.tr { Tag.th(.scope("col")) { "Hour" }; Tag.th(.scope("col")) { unit.capitalized } } }
                Tag.tbody {
                    for bucket in buckets {
                        Tag.tr {
                            Tag.th(.scope("row")) {
                                Tag.time(.datetime(DisplayFormat.instant(bucket.range.start, in: calendar))) { hourLabel(bucket) }
                            }
                            Tag.td { bucket.sum.map { DisplayFormat.number($0) } ?? "–" }
                        }
                    }
                }
            }
        }
    }
}
