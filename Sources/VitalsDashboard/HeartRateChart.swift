import Foundation
import VitalsCore

/// Heart rate over a day: per hour a band from the minimum to the maximum and a line through
/// the time-weighted averages, as SVG, with a `<title>` per hour and a table of the same numbers.
struct HeartRateChart: Sendable {
    /// Hourly buckets with average, minimum and maximum.
    var buckets: [Statistics]
    var calendar: Calendar

    static let width = HourAxis.width, height = 200.0, left = HourAxis.left, bottom = 22.0, top = 8.0

    func render() -> HTML {
        let measured = buckets.filter { $0.maximum != nil && $0.minimum != nil }
        let low = ((measured.compactMap(\.minimum).min() ?? 40) / 10).rounded(.down) * 10
        let high = max(low + 10, ((measured.compactMap(\.maximum).max() ?? 120) / 10).rounded(.up) * 10)
        let plotWidth = Self.width - Self.left - HourAxis.right, plotHeight = Self.height - Self.bottom - Self.top
        let slot = plotWidth / Double(max(1, buckets.count))
        func y(_ value: Double) -> Double { Self.top + plotHeight * (1 - (value - low) / (high - low)) }
        var averages: [(slot: Int, x: Double, y: Double)] = []
        for (index, bucket) in buckets.enumerated() {
            if let average = bucket.average {
                averages.append((index, Self.left + (Double(index) + 0.5) * slot, y(average)))
            }
        }
        return Tag.figure(.class("chart"), .data("chart", "heart-rate")) {
            Tag.svg(
                .viewBox(width: Self.width, height: Self.height), .role("img"),
                .ariaLabelledBy("heart-rate-chart-title")
            ) {
                Tag.title(.id("heart-rate-chart-title")) {
                    "Heart rate per hour: lowest to highest, and the average, in beats per minute"
                }
                Tag.line(
                    .class("axis"), .x1(Self.left), .y1(Self.top + plotHeight), .x2(Self.width - HourAxis.right),
                    .y2(Self.top + plotHeight))
                Tag.text(.class("tick"), .x(Self.left - 4), .y(y(high) + 8), .textAnchor("end")) {
                    DisplayFormat.number(high)
                }
                Tag.text(.class("tick"), .x(Self.left - 4), .y(y(low)), .textAnchor("end")) {
                    DisplayFormat.number(low)
                }
                for (index, bucket) in buckets.enumerated() {
                    if let minimum = bucket.minimum, let maximum = bucket.maximum {
                        Tag.rect(
                            .class("band"), .x(Self.left + Double(index) * slot + slot * 0.15), .y(y(maximum)),
                            .width(slot * 0.7), .height(max(1, y(minimum) - y(maximum))),
                            .data("start", DisplayFormat.instant(bucket.range.start, in: calendar)),
                            .data("min", DisplayFormat.exact(minimum)), .data("max", DisplayFormat.exact(maximum))
                        ) {
                            Tag.title { "\(hourLabel(bucket)): \(describe(bucket))" }
                        }
                    }
                    if index % 3 == 0 {
                        Tag.text(
                            .class(index % 6 == 0 ? "tick" : "tick minor"),
                            .x(Self.left + (Double(index) + 0.5) * slot),
                            .y(Self.height - 6),
                            .textAnchor("middle")
                        ) { DisplayFormat.clock(bucket.range.start, in: calendar) }
                    }
                }
                for run in LineRuns.split(averages) where run.count > 1 {
                    Tag.polyline(.class("average"), .points(run))
                }
                for point in averages { Tag.circle(.class("average-point"), .cx(point.x), .cy(point.y), .r(2.5)) }
            }
            Tag.figcaption { "Heart rate (bpm): band from lowest to highest per hour, line through the averages" }
            table()
        }
    }

    private func describe(_ bucket: Statistics) -> String {
        let low = bucket.minimum.map { DisplayFormat.number($0) } ?? "–"
        let high = bucket.maximum.map { DisplayFormat.number($0) } ?? "–"
        let average = bucket.average.map { DisplayFormat.number($0) } ?? "–"
        return "\(low)–\(high) bpm, average \(average)"
    }

    private func hourLabel(_ bucket: Statistics) -> String {
        "\(DisplayFormat.clock(bucket.range.start, in: calendar))–\(DisplayFormat.clock(bucket.range.end, in: calendar))"
    }

    private func table() -> HTML {
        Tag.details {
            Tag.summary { "Heart rate per hour as a table" }
            Tag.table {
                Tag.thead {
                    Tag.tr {
                        Tag.th(.scope("col")) { "Hour" }; Tag.th(.scope("col")) { "Lowest" }
                        Tag.th(.scope("col")) { "Average" }; Tag.th(.scope("col")) { "Highest" }
                    }
                }
                Tag.tbody {
                    for bucket in buckets where bucket.sampleCount > 0 {
                        Tag.tr {
                            Tag.th(.scope("row")) { hourLabel(bucket) }
                            Tag.td { bucket.minimum.map { DisplayFormat.number($0) } ?? "–" }
                            Tag.td { bucket.average.map { DisplayFormat.number($0, digits: 1) } ?? "–" }
                            Tag.td { bucket.maximum.map { DisplayFormat.number($0) } ?? "–" }
                        }
                    }
                }
            }
        }
    }
}
