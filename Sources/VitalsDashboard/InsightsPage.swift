import Foundation
import VitalsCore
import VitalsInsights

/// The Insights page of a day: sleep score, overnight vitals, readiness, trends and factor effects,
/// each with its parts, its inputs and the baseline it was held against.
///
/// A figure whose inputs are missing says why, never shows a zero. Each section carries
/// `data-insight` (and `data-value` with the score when there is one); the formulas are the
/// engine's (``VitalsInsights/InsightsEngine``), the same `vitals insights` and
/// `GET /api/me/insights` give.
struct InsightsPage: Sendable {
    var insights: DayInsights
    var today: LocalDate
    var isEmptyStore: Bool
    var layout: PageLayout
    var calendar: Calendar

    var day: LocalDate { insights.date }

    func render() -> String {
        layout.page(title: "Insights", current: .insights) {
            Tag.h1 {
                "Insights"
                Tag.small { " " + DisplayFormat.longDate(day) }
            }
            Tag.nav(.class("days"), .ariaLabel("Other days")) {
                Tag.a(.href(layout.links.insights(day.adding(days: -1)))) { "← Day before" }
                if day < today { Tag.a(.href(layout.links.insights(day.adding(days: 1)))) { "Day after →" } }
            }
            if isEmptyStore {
                layout.gettingStarted()
            } else {
                Tag.p(.class("note")) {
                    "A night's figures are the night that ends on this day. Each shows how it was computed and "
                    "what it was held against; one whose inputs are missing says why instead of a zero."
                }
                sleepScore()
                overnight()
                readiness()
                trends()
                factors()
                Tag.p(.class("more")) {
                    Tag.a(.href(layout.links.correlations(CorrelationRequest(date: day)))) {
                        "Compare two daily figures (correlations) →"
                    }
                }
            }
        }
    }

    /// A missing figure's reason.
    static func missing(_ reason: String) -> HTML {
        Tag.p(.class("muted"), .data("state", "missing")) { reason }
    }

    private func sleepScore() -> HTML {
        var attributes: [Attribute] = [.class("panel insight"), .data("insight", "sleep-score")]
        if let score = insights.sleepScore.value { attributes.append(.data("value", String(score.score))) }
        return Tag.section(attributes: attributes) {
            Tag.h2 { "Sleep score" }
            switch insights.sleepScore {
            case .missing(let reason): Self.missing(reason)
            case .value(let score):
                Tag.p(.class("score")) {
                    Tag.span(.class("value")) { String(score.score) }
                    Tag.span(.class("rating")) { " " + InsightFormat.rating(score.rating) }
                }
                Tag.p(.class("note")) { nightLine(score.night) }
                InsightCharts.parts(
                    score.parts, title: "The sleep score's parts, points of each part's most", id: "sleep-parts")
                partsTable(score.parts, caption: "Parts (Apple's weights: duration 50, bedtime 30, interruptions 20)")
            }
        }
    }

    private func nightLine(_ night: SleepNight) -> String {
        let zone = TimeZone(identifier: night.timeZone) ?? calendar.timeZone
        var wall = calendar
        wall.timeZone = zone
        let awake = night.main.awakenings.count
        var line =
            "Asleep \(DisplayFormat.duration(minutes: night.asleepMinutes)) of \(DisplayFormat.duration(minutes: night.inBedSeconds / 60)) in bed, "
            + "from \(DisplayFormat.clock(night.main.start, in: wall)) to \(DisplayFormat.clock(night.main.end, in: wall)), "
            + "\(awake) awakening\(awake == 1 ? "" : "s")"
        if zone.identifier != calendar.timeZone.identifier { line += " (slept in \(zone.identifier))" }
        return line
    }

    /// A table of parts: points of the most, the input and the baseline.
    private func partsTable(_ parts: [InsightPart], caption: String, weights: Bool = false) -> HTML {
        Tag.div(.class("table-scroll")) {
            Tag.table(.class("parts")) {
                Tag.caption { caption }
                Tag.thead {
                    Tag.tr {
                        Tag.th(.scope("col")) { "Part" }
                        Tag.th(.scope("col")) { weights ? "Weight" : "Points" }
                        Tag.th(.scope("col")) { "Input" }
                        Tag.th(.scope("col")) { weights ? "z-score" : "" }
                        Tag.th(.scope("col")) { "Held against" }
                    }
                }
                Tag.tbody {
                    for part in parts {
                        Tag.tr(.data("part", part.name)) {
                            Tag.th(.scope("row")) { InsightFormat.part(part.name) }
                            Tag.td {
                                weights
                                    ? "\(DisplayFormat.number(part.maximum * 100)) %"
                                    : part.points.map {
                                        "\(DisplayFormat.number($0, digits: 1)) of \(DisplayFormat.number(part.maximum))"
                                    } ?? "—"
                            }
                            Tag.td {
                                part.missing
                                    ?? part.value.map { InsightFormat.value($0, unit: part.unit) }
                                    ?? "—"
                            }
                            Tag.td { weights ? part.zScore.map { InsightFormat.signed($0, digits: 2) } ?? "—" : "" }
                            Tag.td { part.baseline.map { baselineText($0, unit: part.unit) } ?? "—" }
                        }
                    }
                }
            }
        }
    }

    func baselineText(_ baseline: Baseline, unit: String) -> String {
        let center = InsightFormat.value(baseline.center, unit: unit)
        let range =
            baseline.low.map {
                "\(InsightFormat.value($0, unit: unit)) to \(InsightFormat.value(baseline.high ?? $0, unit: unit))"
            }
        // A bedtime's spread is minutes, not a clock time.
        let spread =
            unit == "min after noon"
            ? DisplayFormat.duration(minutes: baseline.spread) : DisplayFormat.number(baseline.spread, digits: 1)
        return (range ?? "\(center) ± \(spread)")
            + ", \(baseline.count) of \(baseline.window) days (\(baseline.method))"
    }

    private func readiness() -> HTML {
        var attributes: [Attribute] = [.class("panel insight"), .data("insight", "readiness")]
        if let score = insights.readiness.value { attributes.append(.data("value", String(score.score))) }
        return Tag.section(attributes: attributes) {
            Tag.h2 { "Readiness" }
            switch insights.readiness {
            case .missing(let reason): Self.missing(reason)
            case .value(let readiness):
                Tag.p(.class("score")) { Tag.span(.class("value")) { String(readiness.score) } }
                Tag.p(.class("note")) {
                    "50 + 20 × the weighted sum of the z-scores (each clipped to ±3; resting heart rate counts "
                    "against): 50 is a usual day. Weights re-scaled over the inputs present."
                }
                InsightCharts.zScores(readiness.parts)
                partsTable(readiness.parts, caption: "Inputs against the 28 days before", weights: true)
            }
        }
    }
}
