import Foundation
import VitalsInsights

/// The Insights page's SVG charts: a score's parts, overnight vitals against their range, z-scores.
///
/// Every mark has a `<title>` (what it shows, in words) and `data-` attributes with the exact
/// numbers, so the page reads without the script and the script's tooltip and arrow keys work.
enum InsightCharts {
    static let width = 600.0, labelWidth = 170.0, row = 34.0, barHeight = 16.0

    /// A score's parts as bars: each part's track is its maximum, the filled bar its points.
    static func parts(_ parts: [InsightPart], title: String, id: String) -> HTML {
        let widest = parts.map(\.maximum).max() ?? 1
        let plot = width - labelWidth - 70
        return figure(id: id, title: title, rows: parts.count, kind: "parts") {
            for (index, part) in parts.enumerated() {
                let y = Double(index) * row + 8
                let track = plot * part.maximum / widest
                Tag.text(.class("tick label"), .x(0), .y(y + 12)) { InsightFormat.short(part.name) }
                Tag.rect(.class("track"), .x(labelWidth), .y(y), .width(track), .height(barHeight))
                if let points = part.points {
                    Tag.rect(
                        .class("bar part"), .x(labelWidth), .y(y), .width(track * max(0, points) / part.maximum),
                        .height(barHeight), .data("part", part.name), .data("value", DisplayFormat.exact(points))
                    ) {
                        Tag.title {
                            "\(InsightFormat.part(part.name)): \(DisplayFormat.number(points, digits: 1)) of \(DisplayFormat.number(part.maximum)) points"
                        }
                    }
                    Tag.text(.class("tick"), .x(labelWidth + track + 6), .y(y + 12)) {
                        "\(DisplayFormat.number(points, digits: 1))/\(DisplayFormat.number(part.maximum))"
                    }
                } else {
                    Tag.text(.class("tick"), .x(labelWidth + 6), .y(y + 12)) { "missing" }
                }
            }
        }
    }

    /// Each overnight vital on its own scale: the typical range as a band, its middle as a line,
    /// last night as a dot (filled in the warning colour when outside the range).
    static func ranges(_ metrics: [OvernightMetric]) -> HTML {
        let shown = metrics.filter { $0.value != nil && $0.baseline?.low != nil }
        let plot = width - labelWidth - 20
        return figure(
            id: "overnight-chart", title: "Last night's vitals against their typical range", rows: shown.count,
            kind: "ranges"
        ) {
            for (index, metric) in shown.enumerated() { rangeRow(metric, y: Double(index) * row + 8, plot: plot) }
        }
    }

    /// One vital's row of ``ranges(_:)``, its top at `y`.
    private static func rangeRow(_ metric: OvernightMetric, y: Double, plot: Double) -> HTML {
        guard let value = metric.value, let baseline = metric.baseline, let low = baseline.low else { return .empty }
        let high = baseline.high ?? low
        let lower = min(low, value), upper = max(high, value)
        let pad = max((upper - lower) * 0.25, 0.001)
        func x(_ v: Double) -> Double { labelWidth + plot * (v - lower + pad) / (upper - lower + 2 * pad) }
        let name = InsightFormat.vital(metric.vital)
        return HTML {
            Tag.text(.class("tick label"), .x(0), .y(y + 12)) { InsightFormat.short(metric.vital.rawValue) }
            Tag.rect(
                .class("band range"), .x(x(low)), .y(y), .width(x(high) - x(low)), .height(barHeight),
                .data("low", DisplayFormat.exact(low)), .data("high", DisplayFormat.exact(high))
            ) {
                Tag.title {
                    "\(name), typical range: \(InsightFormat.value(low, unit: metric.unit)) to \(InsightFormat.value(high, unit: metric.unit)) (\(baseline.count) nights)"
                }
            }
            Tag.line(
                .class("range-center"), .x1(x(baseline.center)), .y1(y), .x2(x(baseline.center)),
                .y2(y + barHeight))
            Tag.circle(
                .class(metric.direction == nil ? "point night" : "point night outside"), .cx(x(value)),
                .cy(y + barHeight / 2), .r(6), .data("vital", metric.vital.rawValue),
                .data("value", DisplayFormat.exact(value)), .data("direction", metric.direction ?? "within")
            ) {
                Tag.title {
                    "\(name) last night: \(InsightFormat.value(value, unit: metric.unit)), \(metric.direction.map { "\($0) the typical range" } ?? "within the typical range")"
                }
            }
        }
    }

    /// Readiness's parts as z-scores from −3 to 3 around the baseline (0), a bar each.
    static func zScores(_ parts: [InsightPart]) -> HTML {
        let shown = parts.filter { $0.zScore != nil }
        let plot = width - labelWidth - 20
        func x(_ z: Double) -> Double { labelWidth + plot * (z + 3) / 6 }
        return figure(
            id: "readiness-chart", title: "Readiness inputs as z-scores against 28 days (0 is usual)",
            rows: shown.count, kind: "z-scores", axis: true
        ) {
            Tag.line(.class("axis"), .x1(x(0)), .y1(0), .x2(x(0)), .y2(Double(max(shown.count, 1)) * row))
            for (index, part) in shown.enumerated() {
                let z = part.zScore!
                let y = Double(index) * row + 8
                Tag.text(.class("tick label"), .x(0), .y(y + 12)) { InsightFormat.short(part.name) }
                Tag.rect(
                    .class(z >= 0 ? "bar z-up" : "bar z-down"), .x(min(x(0), x(z))), .y(y),
                    .width(max(1, abs(x(z) - x(0)))), .height(barHeight), .data("part", part.name),
                    .data("value", DisplayFormat.exact(z))
                ) {
                    Tag.title {
                        "\(InsightFormat.part(part.name)): z = \(InsightFormat.signed(z, digits: 2)), weight \(DisplayFormat.number(part.maximum * 100)) %"
                    }
                }
            }
            let base = Double(max(shown.count, 1)) * row + 14
            for z in [-3.0, 0, 3] {
                Tag.text(.class("tick"), .x(x(z)), .y(base), .textAnchor(z < 0 ? "start" : z > 0 ? "end" : "middle")) {
                    z == 0 ? "usual" : InsightFormat.signed(z, digits: 0)
                }
            }
        }
    }

    /// A figure around an SVG of `rows` rows, titled `title`.
    private static func figure(
        id: String, title: String, rows: Int, kind: String, axis: Bool = false, @HTMLBuilder marks: () -> HTML
    ) -> HTML {
        let height = Double(max(rows, 1)) * row + (axis ? 22 : 6)
        return Tag.figure(.class("chart insight-chart"), .data("chart", kind)) {
            Tag.svg(.viewBox(width: width, height: height), .role("img"), .ariaLabelledBy(id)) {
                Tag.title(.id(id)) { title }
                marks()
            }
        }
    }
}
