import Foundation
import VitalsInsights

/// Two daily figures against each other as SVG: a dot a day, x across, y up, with the least-squares line.
///
/// Each dot has a `<title>` (the day and both values) and `data-date`, `data-x` and `data-y`
/// with the exact values, so the script's tooltip and arrow keys step through the days.
struct ScatterChart: Sendable {
    var correlation: Correlation

    static let width = 600.0, height = 360.0, left = 72.0, right = 12.0, top = 12.0, bottom = 40.0

    func render() -> HTML {
        let points = correlation.points
        let xs = points.map(\.x), ys = points.map(\.y)
        let xScale = Self.scale(xs), yScale = Self.scale(ys)
        func px(_ v: Double) -> Double {
            Self.left + (Self.width - Self.left - Self.right) * (v - xScale.low) / (xScale.high - xScale.low)
        }
        func py(_ v: Double) -> Double {
            Self.top + (Self.height - Self.top - Self.bottom) * (1 - (v - yScale.low) / (yScale.high - yScale.low))
        }
        let xUnit = InsightFormat.unit(correlation.x), yUnit = InsightFormat.unit(correlation.y)
        let xName = InsightFormat.figure(correlation.x)
        let yName = InsightFormat.figure(correlation.y) + (correlation.lag == 1 ? " (the day after)" : "")
        let base = Self.height - Self.bottom
        return Tag.figure(.class("chart scatter"), .data("chart", "scatter"), .data("points", String(points.count))) {
            Tag.svg(.viewBox(width: Self.width, height: Self.height), .role("img"), .ariaLabelledBy("scatter-title")) {
                Tag.title(.id("scatter-title")) {
                    "\(yName) against \(xName), one dot a day, \(points.count) days"
                }
                Tag.line(.class("axis"), .x1(Self.left), .y1(base), .x2(Self.width - Self.right), .y2(base))
                Tag.line(.class("axis"), .x1(Self.left), .y1(Self.top), .x2(Self.left), .y2(base))
                Tag.text(.class("tick"), .x(Self.left), .y(base + 16), .textAnchor("start")) {
                    InsightFormat.value(xScale.low, unit: xUnit)
                }
                Tag.text(.class("tick"), .x(Self.width - Self.right), .y(base + 16), .textAnchor("end")) {
                    InsightFormat.value(xScale.high, unit: xUnit)
                }
                Tag.text(.class("tick"), .x((Self.left + Self.width) / 2), .y(Self.height - 4), .textAnchor("middle")) {
                    xName
                }
                Tag.text(.class("tick"), .x(Self.left - 4), .y(Self.top + 8), .textAnchor("end")) {
                    InsightFormat.value(yScale.high, unit: yUnit)
                }
                Tag.text(.class("tick"), .x(Self.left - 4), .y(base), .textAnchor("end")) {
                    InsightFormat.value(yScale.low, unit: yUnit)
                }
                if let fit = Self.fit(points) {
                    Tag.line(
                        .class("fit"), .x1(px(xScale.low)), .y1(py(fit.intercept + fit.slope * xScale.low)),
                        .x2(px(xScale.high)), .y2(py(fit.intercept + fit.slope * xScale.high)))
                }
                for point in points {
                    Tag.circle(
                        .class("point dot"), .cx(px(point.x)), .cy(py(point.y)), .r(5),
                        .data("date", point.date.description), .data("x", DisplayFormat.exact(point.x)),
                        .data("y", DisplayFormat.exact(point.y))
                    ) {
                        Tag.title {
                            "\(DisplayFormat.shortDate(point.date)): \(xName) \(InsightFormat.value(point.x, unit: xUnit)), "
                                + "\(yName) \(InsightFormat.value(point.y, unit: yUnit))"
                        }
                    }
                }
            }
            Tag.figcaption { "\(yName) (up) against \(xName) (across); the line is the least-squares fit." }
        }
    }

    /// A padded scale over `values`.
    static func scale(_ values: [Double]) -> (low: Double, high: Double) {
        guard let low = values.min(), let high = values.max() else { return (0, 1) }
        let pad = max((high - low) * 0.05, abs(high) * 0.01, 0.5)
        return (low - pad, high + pad)
    }

    /// The least-squares line through `points`, when x varies.
    static func fit(_ points: [Correlation.Point]) -> (slope: Double, intercept: Double)? {
        guard points.count >= 2 else { return nil }
        let n = Double(points.count)
        let mx = points.map(\.x).reduce(0, +) / n, my = points.map(\.y).reduce(0, +) / n
        let sxx = points.reduce(0) { $0 + ($1.x - mx) * ($1.x - mx) }
        guard sxx > 0 else { return nil }
        let slope = points.reduce(0) { $0 + ($1.x - mx) * ($1.y - my) } / sxx
        return (slope, my - slope * mx)
    }
}
