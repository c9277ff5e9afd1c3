import Foundation
import VitalsCore
import VitalsInsights

/// The plain-text report of `vitals insights`.
enum InsightsText {
    static func day(_ insights: DayInsights) -> String {
        var lines = ["Insights for \(insights.date) (\(insights.timeZone))", ""]
        lines += sleep(insights.sleepScore)
        lines.append("")
        lines += overnight(insights.overnight)
        lines.append("")
        lines += readiness(insights.readiness)
        lines.append("")
        let notices = insights.trendNotices
        lines.append(notices.isEmpty ? "Trends: no lasting change against the year before" : "Trends")
        for trend in notices {
            lines.append(
                "  \(trend.figure.rawValue) \(trend.direction) \(Output.number(abs(trend.percent), digits: 1))%: "
                    + "\(Output.number(trend.recent)) \(trend.unit) a day over the last 90 days, \(Output.number(trend.reference)) the year before"
            )
        }
        let missing = DailyFigure.allCases.filter { insights.trends[$0]?.value == nil }
        if !missing.isEmpty {
            lines.append("  not enough data: \(missing.map(\.rawValue).joined(separator: ", "))")
        }
        lines.append("")
        lines.append("Factors (the next night's sleep, with against without)")
        for factor in Factor.allCases {
            for outcome in ["sleepScore", "sleepMinutes"] {
                guard let effect = insights.factors[factor]?[outcome] else { continue }
                if let value = effect.value {
                    lines.append(
                        "  \(factor.rawValue) → \(outcome): \(signed(value.difference)) "
                            + "(\(Output.number(value.withMean)) on \(value.withCount) days, \(Output.number(value.withoutMean)) on \(value.withoutCount))"
                    )
                } else {
                    lines.append("  \(factor.rawValue) → \(outcome): not enough days")
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    static func sleep(_ insight: Insight<SleepScore>) -> [String] {
        guard let score = insight.value else { return ["Sleep score: none (\(insight.missingReason ?? ""))"] }
        let minutes = Int(score.night.asleepMinutes.rounded())
        var lines = ["Sleep score \(score.score) (\(score.rating)): \(minutes / 60) h \(minutes % 60) min asleep"]
        for part in score.parts {
            lines.append("  " + partLine(part))
        }
        return lines
    }

    static func overnight(_ report: OvernightReport) -> [String] {
        var lines = ["Overnight vitals (typical range from the \(OvernightReport.window) nights before)"]
        for metric in report.metrics {
            var line =
                "  \(metric.vital.rawValue): "
                + (metric.value.map { "\(Output.number($0)) \(metric.unit)" } ?? "no value")
            if let baseline = metric.baseline, let low = baseline.low, let high = baseline.high {
                line += ", typical \(Output.number(low))-\(Output.number(high))"
            }
            if let direction = metric.direction { line += ", \(direction) the range" }
            if let missing = metric.missing { line += " (\(missing))" }
            lines.append(line)
        }
        lines.append(
            report.notice
                ? "  \(report.outliers) outside their typical range: worth a look"
                : "  \(report.outliers) outside their typical range")
        return lines
    }

    static func readiness(_ insight: Insight<Readiness>) -> [String] {
        guard let readiness = insight.value else { return ["Readiness: none (\(insight.missingReason ?? ""))"] }
        var lines = ["Readiness \(readiness.score)"]
        for part in readiness.parts {
            var line = "  \(part.name): "
            line += part.value.map { "\(Output.number($0)) \(part.unit)" } ?? "no value"
            if let baseline = part.baseline {
                line +=
                    ", baseline \(Output.number(baseline.center)) ± \(Output.number(baseline.spread)) (\(baseline.count) days)"
            }
            if let z = part.zScore, let points = part.points {
                line += ", z \(signed(z)) × weight \(Output.number(part.maximum, digits: 3)) = \(signed(points))"
            }
            if let missing = part.missing { line += " (left out: \(missing))" }
            lines.append(line)
        }
        return lines
    }

    static func correlation(_ insight: Insight<Correlation>, x: DailyFigure, y: DailyFigure) -> String {
        guard let value = insight.value else {
            return "\(x.rawValue) against \(y.rawValue): none (\(insight.missingReason ?? ""))"
        }
        let when = value.lag == 1 ? " the day after" : ""
        return
            "\(x.rawValue) against \(y.rawValue)\(when): r = \(Output.number(value.r, digits: 3)) over \(value.n) days"
    }

    private static func partLine(_ part: InsightPart) -> String {
        let points =
            part.points.map { "\(Output.number($0)) / \(Output.number(part.maximum))" }
            ?? "— / \(Output.number(part.maximum))"
        var line = "\(part.name): \(points)"
        switch part.name {
        case "duration": line += ", \(Output.number(part.value ?? 0)) min asleep (8 h gives all 50)"
        case "bedtime":
            line += ", bedtime \(clock(part.value))"
            if let baseline = part.baseline { line += ", usual \(clock(baseline.center)) (\(baseline.count) nights)" }
        default: line += ", \(Output.number(part.value ?? 0)) \(part.unit)"
        }
        if let missing = part.missing { line += " (left out: \(missing))" }
        return line
    }

    /// HH:MM from minutes after noon.
    private static func clock(_ minutesAfterNoon: Double?) -> String {
        guard let minutesAfterNoon else { return "?" }
        let minutes = (Int(minutesAfterNoon.rounded()) + 720) % 1440
        return String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    private static func signed(_ value: Double) -> String {
        (value >= 0 ? "+" : "−") + Output.number(abs(value))
    }
}
