import Foundation
import VitalsCore
import VitalsInsights

/// The Calendar page: a month grid or a year heatmap of one daily figure, with the marks and
/// current streaks of mindfulness, workouts and NoAlc as `vitals calendar` and `vitals streak` count them,
/// and a server user's completed quests.
struct CalendarPage: Sendable {
    var data: CalendarData
    var layout: PageLayout
    var calendar: Calendar

    private var request: CalendarRequest { data.request }

    func render() -> String {
        let heading = headingText()
        return layout.page(title: "Calendar: \(request.metric.label), \(heading)", current: .calendar) {
            Tag.h1 {
                request.metric.label + " "
                Tag.small { heading }
            }
            navigation()
            if data.isEmptyStore {
                layout.gettingStarted()
            } else {
                figure()
                streaks()
            }
        }
    }

    private func headingText() -> String {
        switch request.view {
        case .month(let month): DisplayFormat.monthName(year: month.year, month: month.month)
        case .year(let year): String(year)
        }
    }

    private func link(_ label: String, to target: CalendarRequest, current: Bool = false, rel: String? = nil) -> HTML {
        var attributes: [Attribute] = [.href(layout.links.calendar(target))]
        if current { attributes.append(.ariaCurrent("page")) }
        if let rel { attributes.append(.rel(rel)) }
        return Tag.a(attributes: attributes) { label }
    }

    private func navigation() -> HTML {
        let (previous, next, other): (CalendarRequest.View, CalendarRequest.View, (String, CalendarRequest.View))
        switch request.view {
        case .month(let month):
            let before =
                (try? YearMonth(
                    year: month.month == 1 ? month.year - 1 : month.year,
                    month: month.month == 1 ? 12 : month.month - 1)) ?? month
            (previous, next, other) = (
                .month(before), .month(month.next), ("Whole year \(month.year)", .year(month.year))
            )
        case .year(let year):
            let shown = year == data.today.year ? data.today.month : 1
            (previous, next, other) = (
                .year(year - 1), .year(year + 1),
                ("Month view", .month(try! YearMonth(year: year, month: shown)))
            )
        }
        return HTML {
            Tag.nav(.class("tabs"), .ariaLabel("Figure")) {
                for preset in DashboardMetric.calendarPresets {
                    link(preset.label, to: request.with(preset), current: preset == request.metric)
                }
            }
            Tag.nav(.class("days"), .ariaLabel("Other periods")) {
                link("← " + label(previous), to: request.with(previous), rel: "prev")
                link(other.0, to: request.with(other.1))
                link(label(next) + " →", to: request.with(next), rel: "next")
            }
        }
    }

    private func label(_ view: CalendarRequest.View) -> String {
        switch view {
        case .month(let month): month.description
        case .year(let year): String(year)
        }
    }

    private func figure() -> HTML {
        Tag.section(.class("panel"), .data("metric", request.metric.key), .data("unit", request.metric.unit)) {
            if data.isUnreadable {
                Tag.p(.class("muted"), .data("state", "unreadable")) {
                    "Not allowed to read \(request.metric.sampleType.shortName): the values are unknown, not zero."
                }
            } else if !data.hasData {
                Tag.p(.class("muted"), .data("state", "none")) {
                    "No \(request.metric.label.lowercased()) in \(headingText())."
                }
            }
            switch request.view {
            case .month(let month):
                MonthGrid(data: data, month: month, links: layout.links, calendar: calendar).render()
            case .year(let year): YearHeatmap(data: data, year: year, calendar: calendar).render()
            }
            if case .year = request.view {
                YearHeatmap.legend(data, dots: true)
            } else {
                YearHeatmap.legend(data, dots: false)
            }
            Tag.p(.class("note")) {
                request.metric.isNightly ? "Each day shows the night ending that morning (noon to noon). " : ""
                "Marks: M mindfulness and W workout days with at least \(Self.minutes(data.goalMinutes)) minutes, 0 a day logged alcohol-free; "
                data.showsQuests ? "Q a day that completed a quest; " : ""
                data.sourcesAreMixed
                    ? "every source counts (mixed). "
                    : "only this app's own samples count, as vitals calendar counts them. "
            }
            if data.showsQuests, case .month(let month) = request.view { questList(month) }
            Tag.p {
                link(
                    data.sourcesAreMixed ? "Count only this app's samples" : "Count every source",
                    to: {
                        var other = request; other.allSources.toggle(); return other
                    }())
            }
        }
    }

    /// `10`, `7.5`: a goal in minutes without needless decimals.
    static func minutes(_ value: Double) -> String {
        DisplayFormat.number(value, digits: value == value.rounded() ? 0 : 1)
    }

    private func streaks() -> HTML {
        Tag.section(.class("panel")) {
            Tag.h2 { "Current streaks" }
            Tag.ul(.class("streaks")) {
                for streak in data.streaks { item(streak) }
            }
        }
    }

    private func item(_ streak: Streak) -> HTML {
        let name = streak.activity == .noalc ? "NoAlc" : streak.activity.rawValue.capitalized
        var attributes: [Attribute] = [.data("streak", streak.activity.rawValue)]
        if streak.unreadableTypes.isEmpty { attributes.append(.data("value", String(streak.length))) }
        return Tag.li(attributes: attributes) {
            Tag.strong { name + ": " }
            if !streak.unreadableTypes.isEmpty {
                Tag.span(.data("state", "unreadable")) { "not allowed to read \(streak.activity.sampleType.shortName)" }
            } else {
                "\(streak.length) \(streak.length == 1 ? "day" : "days")"
                if let first = streak.days.last, let last = streak.days.first {
                    " (\(DisplayFormat.days(first, through: last)))"
                }
                Tag.span(.class("note")) {
                    " · "
                        + (streak.goalMinutes.map { "at least \(Self.minutes($0)) min a day" }
                            ?? "days logged alcohol-free")
                        + (streak.todayCounted ? ", today counted" : ", today not met yet")
                }
            }
        }
    }
}
