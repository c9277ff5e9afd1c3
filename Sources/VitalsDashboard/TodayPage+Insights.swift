import Foundation
import VitalsInsights

extension TodayPage {
    /// The insights card: last night's sleep score, readiness and overnight outliers, linking to the Insights page.
    func insightsCard() -> HTML {
        guard let insights = data.insights else { return .empty }
        return Tag.section(.class("panel insight-card"), .data("insight", "card")) {
            Tag.h2 { "Last night's insights" }
            Tag.div(.class("figures")) {
                score(
                    "sleep-score", "Sleep score", insights.sleepScore.value?.score, insights.sleepScore.missingReason,
                    note: insights.sleepScore.value.map { InsightFormat.rating($0.rating) })
                score(
                    "readiness", "Readiness", insights.readiness.value?.score, insights.readiness.missingReason,
                    note: insights.readiness.value.map {
                        $0.score >= 50 ? "At or above your usual" : "Below your usual"
                    })
                outliers(insights.overnight)
            }
            Tag.p(.class("more")) {
                Tag.a(.href(layout.links.insights(data.day))) { "Each part, its inputs and the baselines →" }
            }
        }
    }

    private func score(_ key: String, _ label: String, _ value: Int?, _ missing: String?, note: String?) -> HTML {
        var attributes: [Attribute] = [.class("figure"), .data("metric", key)]
        if let value { attributes.append(.data("value", String(value))) }
        return Tag.div(attributes: attributes) {
            Tag.h3 { label }
            if let value {
                Tag.p(.class("value")) { String(value) }
                if let note { Tag.p(.class("note")) { note } }
            } else {
                Tag.p(.class("value muted"), .data("state", "missing")) { "Not yet" }
                Tag.p(.class("note")) { missing ?? "" }
            }
        }
    }

    private func outliers(_ report: OvernightReport) -> HTML {
        let measured = report.metrics.filter { $0.direction != nil || ($0.value != nil && $0.baseline != nil) }
        let outside = report.metrics.compactMap { metric in
            metric.direction.map { _ in InsightFormat.vital(metric.vital) }
        }
        return Tag.div(
            .class("figure"), .data("metric", "overnight-outliers"), .data("value", String(report.outliers)),
            .data("notice", report.notice ? "true" : "false")
        ) {
            Tag.h3 { "Overnight vitals" }
            if measured.isEmpty {
                Tag.p(.class("value muted"), .data("state", "missing")) { "Not yet" }
                Tag.p(.class("note")) { "Needs 7 nights of readings before a typical range" }
            } else if outside.isEmpty {
                Tag.p(.class("value")) { "Typical" }
                Tag.p(.class("note")) { "\(measured.count) of \(report.metrics.count) within your range" }
            } else {
                Tag.p(.class(report.notice ? "value notice-value" : "value")) { "\(outside.count) outside" }
                Tag.p(.class("note")) { outside.joined(separator: ", ") }
            }
        }
    }
}
