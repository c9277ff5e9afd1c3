import Foundation
import VitalsCore

/// A night's sleep stages in time order as SVG: one row per stage (awake at the top, deep at
/// the bottom), time in bed as a band behind them, every interval with a `<title>`, and a table
/// listing the samples in order.
struct Hypnogram: Sendable {
    /// The night's sleep-analysis samples, in time order.
    var samples: [Sample]
    var calendar: Calendar

    /// The stage rows, top to bottom.
    static let rows: [SleepAnalysisValue] = [.awake, .asleepREM, .asleepCore, .asleepDeep, .asleepUnspecified]
    static let width = 600.0, rowHeight = 26.0, left = 78.0, top = 6.0, bottom = 22.0

    static func label(_ value: SleepAnalysisValue) -> String {
        switch value {
        case .inBed: "In bed"
        case .awake: "Awake"
        case .asleepREM: "REM"
        case .asleepCore: "Core"
        case .asleepDeep: "Deep"
        case .asleepUnspecified: "Asleep"
        }
    }

    func render() -> HTML {
        guard let first = samples.map(\.start).min(), let last = samples.map(\.end).max(), last > first else {
            return .empty
        }
        let plotWidth = Self.width - Self.left - 4
        let height = Self.top + Double(Self.rows.count) * Self.rowHeight + Self.bottom
        let span = last.timeIntervalSince(first)
        let x: (Date) -> Double = { date in Self.left + plotWidth * date.timeIntervalSince(first) / span }
        let plotHeight = Double(Self.rows.count) * Self.rowHeight
        // Time in bed first, so the stages are drawn over it.
        let valued = Self.stages(of: samples)
        let inBed = valued.filter { $0.value == .inBed }.map {
            interval($0.sample, .inBed, x: x, plotHeight: plotHeight)
        }
        let stages = valued.filter { $0.value != .inBed }.map {
            interval($0.sample, $0.value, x: x, plotHeight: plotHeight)
        }
        let rowLabels = Self.rows.enumerated().map { row, stage in
            Tag.text(
                .class("tick"), .x(Self.left - 6), .y(Self.top + Double(row) * Self.rowHeight + 17),
                .textAnchor("end")
            ) { Self.label(stage) }
        }
        let hourLabels = hours(from: first, to: last).enumerated().map { index, hour in
            Tag.text(.class(index % 2 == 0 ? "tick" : "tick minor"), .x(x(hour)), .y(height - 6), .textAnchor("middle"))
            {
                DisplayFormat.clock(hour, in: calendar)
            }
        }
        let title =
            "Sleep stages from \(DisplayFormat.clock(first, in: calendar)) to \(DisplayFormat.clock(last, in: calendar))"
        return Tag.figure(.class("chart"), .data("chart", "hypnogram")) {
            Tag.svg(.viewBox(width: Self.width, height: height), .role("img"), .ariaLabelledBy("hypnogram-title")) {
                Tag.title(.id("hypnogram-title")) { title }
                for label in rowLabels { label }
                for band in inBed { band }
                for stage in stages { stage }
                for label in hourLabels { label }
            }
            Tag.figcaption { "Sleep stages in time order; the pale band is time in bed" }
            table()
        }
    }

    /// Each sleep sample with its value (samples with an unknown value left out). Not inlined:
    /// inlined into ``render()``, Swift 6.3.1's optimizer fails its ownership check (release builds).
    @inline(never)
    private static func stages(of samples: [Sample]) -> [(sample: Sample, value: SleepAnalysisValue)] {
        var result: [(sample: Sample, value: SleepAnalysisValue)] = []
        for sample in samples {
            guard let raw = sample.categoryValue, let value = SleepAnalysisValue(rawValue: raw) else { continue }
            result.append((sample, value))
        }
        return result
    }

    private func interval(
        _ sample: Sample, _ value: SleepAnalysisValue, x: (Date) -> Double, plotHeight: Double
    ) -> HTML {
        let start = x(sample.start), width = max(0.5, x(sample.end) - start)
        let title = "\(Self.label(value)) \(span(sample)) (\(DisplayFormat.duration(minutes: sample.duration / 60)))"
        let instant = DisplayFormat.instant(sample.start, in: calendar)
        if value == .inBed {
            return Tag.rect(
                .class("in-bed"), .x(start), .y(Self.top), .width(width), .height(plotHeight),
                .data("stage", value.name), .data("start", instant)
            ) { Tag.title { title } }
        }
        let row = Double(Self.rows.firstIndex(of: value) ?? 0)
        return Tag.rect(
            .class("stage stage-\(value.name)"), .x(start), .y(Self.top + row * Self.rowHeight + 3),
            .width(width), .height(Self.rowHeight - 6), .data("stage", value.name), .data("start", instant)
        ) {
            Tag.title { title }
        }
    }

    /// `23:40–00:25`.
    private func span(_ sample: Sample) -> String {
        "\(DisplayFormat.clock(sample.start, in: calendar))–\(DisplayFormat.clock(sample.end, in: calendar))"
    }

    /// Whole hours between `first` and `last`, every second one when the night is long.
    private func hours(from first: Date, to last: Date) -> [Date] {
        var hours: [Date] = []
        var cursor = DateRange.period(.hour, containing: first, in: calendar).end
        let step = last.timeIntervalSince(first) > 8 * 3600 ? 2 : 1
        while cursor < last {
            hours.append(cursor)
            cursor = calendar.date(byAdding: .hour, value: step, to: cursor) ?? last
        }
        return hours
    }

    private func table() -> HTML {
        Tag.details {
            Tag.summary { "Sleep stages as a table" }
            Tag.table {
                Tag.thead {
                    Tag.tr {
                        Tag.th(.scope("col")) { "Time" }; Tag.th(.scope("col")) { "Stage" }
                        Tag.th(.scope("col")) { "Length" }; Tag.th(.scope("col")) { "Source" }
                    }
                }
                Tag.tbody {
                    for sample in samples {
                        Tag.tr {
                            Tag.th(.scope("row")) { span(sample) }
                            Tag.td {
                                sample.categoryValue.flatMap(SleepAnalysisValue.init(rawValue:)).map(Self.label)
                                    ?? "Unknown"
                            }
                            Tag.td { DisplayFormat.duration(minutes: sample.duration / 60) }
                            Tag.td { sample.source.name }
                        }
                    }
                }
            }
        }
    }
}
