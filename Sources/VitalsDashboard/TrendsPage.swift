import Foundation
import VitalsCore
import VitalsInsights

/// The Trends page: one figure over 7, 30, 90 or 365 days or a custom range, daily or weekly,
/// beside the same period last year, with the numbers in tables under the chart.
///
/// Tabs preselect weight, resting heart rate, HRV, VO2max, steps and sleep; every choice is a
/// link (a bookmarkable URL), and the custom range is a GET form, so no script is needed.
struct TrendsPage: Sendable {
    var data: TrendsData
    var layout: PageLayout
    var calendar: Calendar

    private var request: TrendsRequest { data.request }
    private var metric: DashboardMetric { request.metric }

    func render() -> String {
        let title = "Trends: \(metric.label)"
        return layout.page(title: title, current: .trends) {
            Tag.h1 {
                metric.label + " "
                Tag.small { periodText() }
            }
            choices()
            if data.isEmptyStore {
                layout.gettingStarted()
            } else {
                content()
            }
        }
    }

    /// `3 Nov 2025 – 2 Dec 2025, daily`.
    private func periodText() -> String {
        let period = data.current.period
        let per = request.bucket == .week ? "weekly" : metric.isNightly ? "per night" : "daily"
        return DisplayFormat.days(period.first, through: period.last) + ", " + per
    }

    private func content() -> HTML {
        let table = TrendTable(metric: metric, current: data.current, lastYear: data.lastYear, calendar: calendar)
        return Tag.section(.class("panel"), .data("metric", metric.key), .data("unit", metric.unit)) {
            if data.current.isUnreadable {
                Tag.p(.class("muted"), .data("state", "unreadable")) {
                    "Not allowed to read \(metric.label.lowercased()): the store's owner has not allowed reading \(metric.sampleType.shortName), so its values are unknown (not zero)."
                }
            } else if !data.current.hasData && !data.lastYear.hasData {
                Tag.p(.class("muted"), .data("state", "none")) {
                    "No \(metric.label.lowercased()) in this period or the same period last year. Pick another range or figure above."
                }
            } else {
                trendNotice()
                note()
                TrendChart(metric: metric, current: data.current, lastYear: data.lastYear, calendar: calendar).render()
                table.summary()
                table.buckets()
            }
        }
    }

    /// The insights' lasting change of the figure, when there is one (up or down against the year before).
    private func trendNotice() -> HTML {
        guard case .value(let trend)? = data.trend, trend.direction != "steady" else { return .empty }
        return Tag.ul(.class("trend-notices"), .data("insight", "trend")) {
            TrendNotice(trend: trend, calendar: calendar).render()
        }
    }

    private func note() -> HTML {
        let rule: String
        switch metric {
        case .sleep:
            rule = "Asleep time per night (noon to noon, the union of asleep stages), as the Today page counts it."
        case .mindful: rule = "Minutes of mindful sessions per day (their union)."
        case .quantity(let type) where type.aggregationStyle == .cumulative:
            rule = "Totals per \(request.bucket.rawValue), sources merged by priority as vitals stats sums them."
        case .quantity:
            rule =
                "Averages per \(request.bucket.rawValue) with the lowest and highest reading, as vitals stats gives them."
        }
        return Tag.p(.class("note")) { rule }
    }

    private func link(_ label: String, to target: TrendsRequest, current: Bool) -> HTML {
        var attributes: [Attribute] = [.href(layout.links.trends(target))]
        if current { attributes.append(.ariaCurrent("page")) }
        return Tag.a(attributes: attributes) { label }
    }

    private func choices() -> HTML {
        HTML {
            Tag.nav(.class("tabs"), .ariaLabel("Figure")) {
                for preset in DashboardMetric.trendPresets {
                    link(
                        preset.label, to: TrendsRequest(metric: preset, span: request.span, bucket: request.bucket),
                        current: preset == metric)
                }
            }
            Tag.nav(.class("tabs"), .ariaLabel("Range")) {
                for days in TrendsRequest.presetDays {
                    link(
                        "\(days) days",
                        to: TrendsRequest(metric: metric, span: .lastDays(days), bucket: request.bucket),
                        current: request.span == .lastDays(days))
                }
            }
            Tag.nav(.class("tabs"), .ariaLabel("Bucket")) {
                for bucket in TrendsRequest.Bucket.allCases {
                    link(
                        bucket == .day ? "Daily" : "Weekly",
                        to: TrendsRequest(metric: metric, span: request.span, bucket: bucket),
                        current: bucket == request.bucket)
                }
            }
            customForm()
        }
    }

    private func customForm() -> HTML {
        let days = request.days(today: data.today)
        return Tag.form(.class("custom-range"), .method("get"), .action(layout.links.trendsHome)) {
            Tag.input(.type("hidden"), .name("type"), .value(metric.key))
            Tag.input(.type("hidden"), .name("range"), .value("custom"))
            Tag.input(.type("hidden"), .name("bucket"), .value(request.bucket.rawValue))
            Tag.label(.for("trend-from")) { "From" }
            Tag.input(.type("date"), .id("trend-from"), .name("from"), .value(days.first.description), .required())
            Tag.label(.for("trend-to")) { "To (not included)" }
            Tag.input(.type("date"), .id("trend-to"), .name("to"), .value(days.end.description), .required())
            Tag.button(.type("submit")) { "Show" }
        }
    }
}
