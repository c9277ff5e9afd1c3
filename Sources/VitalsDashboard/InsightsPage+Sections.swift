import Foundation
import VitalsCore
import VitalsInsights

extension InsightsPage {
    /// Overnight vitals against the person's range, and the notice when two or more are outside it.
    func overnight() -> HTML {
        let report = insights.overnight
        return Tag.section(
            .class("panel insight"), .data("insight", "overnight"), .data("outliers", String(report.outliers))
        ) {
            Tag.h2 { "Overnight vitals" }
            if report.notice {
                Tag.p(.class("notice"), .data("state", "notice")) {
                    "\(report.outliers) readings were outside your typical range last night."
                }
            }
            Tag.p(.class("note")) {
                "Typical: the median of the 28 nights before ± twice the robust spread (1.4826 × MAD), at least "
                "a floor per vital; at least 7 nights."
            }
            InsightCharts.ranges(report.metrics)
            Tag.div(.class("table-scroll")) {
                Tag.table(.class("overnight")) {
                    Tag.thead {
                        Tag.tr {
                            Tag.th(.scope("col")) { "Vital" }
                            Tag.th(.scope("col")) { "Last night" }
                            Tag.th(.scope("col")) { "Typical" }
                        }
                    }
                    Tag.tbody {
                        for metric in report.metrics {
                            Tag.tr(.data("vital", metric.vital.rawValue), .data("direction", metric.direction ?? "")) {
                                Tag.th(.scope("row")) { InsightFormat.vital(metric.vital) }
                                Tag.td {
                                    metric.value.map {
                                        InsightFormat.value($0, unit: metric.unit)
                                            + (metric.direction.map { " (\($0))" } ?? "")
                                    } ?? "—"
                                }
                                Tag.td {
                                    metric.missing ?? metric.baseline.map { baselineText($0, unit: metric.unit) } ?? "—"
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The trends that are up or down, then the steady ones and those without enough days.
    func trends() -> HTML {
        let notices = insights.trendNotices
        return Tag.section(.class("panel insight"), .data("insight", "trends"), .data("notices", String(notices.count)))
        {
            Tag.h2 { "Trends" }
            Tag.p(.class("note")) {
                "The last 90 days' daily average against the 365 days before; a trend when the change is at least "
                "the figure's threshold and the last 28 days agree."
            }
            if notices.isEmpty {
                Tag.p(.class("muted")) { "No lasting change in the figures with enough days." }
            } else {
                Tag.ul(.class("trend-notices")) {
                    for trend in notices { TrendNotice(trend: trend, calendar: calendar).render() }
                }
            }
            Tag.details {
                Tag.summary { "The other figures" }
                Tag.ul {
                    for figure in DailyFigure.allCases {
                        switch insights.trends[figure] {
                        case .value(let trend)? where trend.direction == "steady":
                            Tag.li(.data("figure", figure.rawValue), .data("direction", "steady")) {
                                "\(InsightFormat.figure(figure)): steady, \(InsightFormat.signed(trend.percent)) % against the year before"
                            }
                        case .missing(let reason)?:
                            Tag.li(.data("figure", figure.rawValue), .data("state", "missing")) {
                                "\(InsightFormat.figure(figure)): \(reason)"
                            }
                        default: HTML.empty
                        }
                    }
                }
            }
        }
    }

    /// Each factor's effect on the next night.
    func factors() -> HTML {
        Tag.section(.class("panel insight"), .data("insight", "factors")) {
            Tag.h2 { "What came before a night" }
            Tag.p(.class("note")) {
                "Over the 90 days before: the next night after days with the factor against days without it, "
                "with at least 3 days on each side. An association, not a cause."
            }
            Tag.div(.class("table-scroll")) {
                Tag.table(.class("factors")) {
                    Tag.thead {
                        Tag.tr {
                            Tag.th(.scope("col")) { "Factor" }
                            Tag.th(.scope("col")) { "Next night" }
                            Tag.th(.scope("col")) { "With (days)" }
                            Tag.th(.scope("col")) { "Without (days)" }
                            Tag.th(.scope("col")) { "Difference" }
                        }
                    }
                    Tag.tbody {
                        for factor in Factor.allCases {
                            for outcome in ["sleepScore", "sleepMinutes"] {
                                factorRow(factor, outcome: outcome, insights.factors[factor]?[outcome])
                            }
                        }
                    }
                }
            }
        }
    }

    private func factorRow(_ factor: Factor, outcome: String, _ effect: Insight<FactorEffect>?) -> HTML {
        let unit = outcome == "sleepMinutes" ? "min" : "count"
        let label = outcome == "sleepMinutes" ? "Minutes asleep" : "Sleep score"
        return Tag.tr(.data("factor", factor.rawValue), .data("outcome", outcome)) {
            Tag.th(.scope("row")) { InsightFormat.factor(factor) }
            Tag.td { label }
            switch effect {
            case .value(let effect)?:
                Tag.td { "\(InsightFormat.value(effect.withMean, unit: unit)) (\(effect.withCount))" }
                Tag.td { "\(InsightFormat.value(effect.withoutMean, unit: unit)) (\(effect.withoutCount))" }
                Tag.td(.data("value", DisplayFormat.exact(effect.difference))) {
                    (effect.difference < 0 ? "−" : "+") + InsightFormat.value(abs(effect.difference), unit: unit)
                }
            case .missing(let reason)?:
                Tag.td(.data("state", "missing")) { reason }
                Tag.td { "" }
                Tag.td { "" }
            case nil:
                Tag.td { "—" }
                Tag.td { "" }
                Tag.td { "" }
            }
        }
    }
}
