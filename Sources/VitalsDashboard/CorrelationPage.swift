import Foundation
import VitalsCore
import VitalsInsights

/// The correlations page: two daily figures chosen in a GET form, Pearson's r and n, and a scatter chart.
struct CorrelationPage: Sendable {
    var request: CorrelationRequest
    var correlation: Insight<Correlation>
    var date: LocalDate
    var isEmptyStore: Bool
    var layout: PageLayout

    func render() -> String {
        layout.page(title: "Correlations", current: .insights) {
            Tag.h1 {
                "Correlations"
                Tag.small { " \(request.days) days to \(DisplayFormat.shortDate(date))" }
            }
            form()
            if isEmptyStore {
                layout.gettingStarted()
            } else {
                result()
            }
            Tag.p(.class("more")) {
                Tag.a(.href(layout.links.insights(date))) { "← Insights of \(DisplayFormat.shortDate(date))" }
            }
        }
    }

    private func result() -> HTML {
        var attributes: [Attribute] = [
            .class("panel insight"), .data("insight", "correlation"), .data("x", request.x.rawValue),
            .data("y", request.y.rawValue), .data("lag", String(request.lag)),
        ]
        if let value = correlation.value {
            attributes += [.data("value", DisplayFormat.exact(value.r)), .data("n", String(value.n))]
        }
        return Tag.section(attributes: attributes) {
            switch correlation {
            case .missing(let reason): InsightsPage.missing(reason)
            case .value(let value):
                Tag.p(.class("score")) {
                    Tag.span(.class("value")) { "r = " + InsightFormat.signed(value.r, digits: 2) }
                    Tag.span(.class("rating")) { " over \(value.n) days · " + Self.strength(value.r) }
                }
                Tag.p(.class("note")) {
                    "Pearson's r over the days that have both values; days missing either are left out. "
                    "An association, not a cause."
                }
                ScatterChart(correlation: value).render()
            }
        }
    }

    /// How strong an r is, in words.
    static func strength(_ r: Double) -> String {
        let size = abs(r)
        let word = size < 0.1 ? "no clear" : size < 0.3 ? "a weak" : size < 0.5 ? "a moderate" : "a strong"
        return size < 0.1 ? "no clear relation" : "\(word) \(r > 0 ? "positive" : "negative") relation"
    }

    private func form() -> HTML {
        Tag.form(.class("custom-range"), .method("get"), .action(layout.links.correlationsHome)) {
            select("x", label: "X", selected: request.x)
            select("y", label: "Y", selected: request.y)
            Tag.label(.for("correlation-lag")) { "Y on" }
            Tag.select(.id("correlation-lag"), .name("lag")) {
                option("0", "the same day", selected: request.lag == 0)
                option("1", "the day after", selected: request.lag == 1)
            }
            Tag.label(.for("correlation-days")) { "Days" }
            Tag.select(.id("correlation-days"), .name("days")) {
                for days in Set(CorrelationRequest.presetDays + [request.days]).sorted() {
                    option(String(days), String(days), selected: days == request.days)
                }
            }
            Tag.input(.type("hidden"), .name("date"), .value(date.description))
            Tag.button(.type("submit")) { "Show" }
        }
    }

    private func select(_ name: String, label: String, selected: DailyFigure) -> HTML {
        HTML {
            Tag.label(.for("correlation-\(name)")) { label }
            Tag.select(.id("correlation-\(name)"), .name(name)) {
                for figure in DailyFigure.allCases {
                    option(figure.rawValue, InsightFormat.figure(figure), selected: figure == selected)
                }
            }
        }
    }

    private func option(_ value: String, _ label: String, selected: Bool) -> HTML {
        Tag.option(attributes: [.value(value)] + (selected ? [.selected()] : [])) { label }
    }
}
