import Foundation
import VitalsCore
import VitalsInsights

/// A month as a table of weeks: each day's figure, shaded, with its activity marks and a link to its Day page.
///
/// Weeks start on the calendar's first weekday. Each day cell carries `data-date`, `data-value`
/// (the statistic exactly, absent without data), `data-level` and `data-marks` (the activities
/// whose goal it met, as `vitals calendar` marks them: M mindfulness, W workout, 0 alcohol-free)
/// and, for a scope with quests, `data-quests` (how many quests the day completed, marked Q).
struct MonthGrid: Sendable {
    var data: CalendarData
    var month: YearMonth
    var links: DashboardLinks
    var calendar: Calendar

    func render() -> HTML {
        let order = (0..<7).map { (calendar.firstWeekday - 1 + $0) % 7 }
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let weeks = rows()
        let scale = data.scale
        return Tag.table(.class("month"), .data("chart", "month")) {
            Tag.caption {
                "\(data.request.metric.label), \(DisplayFormat.monthName(year: month.year, month: month.month))"
                data.request.metric.displayUnit.isEmpty ? "" : " (\(data.request.metric.displayUnit))"
            }
            Tag.thead { Tag.tr { for index in order { Tag.th(.scope("col")) { names[index] } } } }
            Tag.tbody {
                for week in weeks {
                    Tag.tr {
                        for day in week { cell(day, scale: scale) }
                    }
                }
            }
        }
    }

    /// The month's days in weeks, `nil` before the first and after the last day.
    private func rows() -> [[CalendarDay?]] {
        guard let first = data.days.first else { return [] }
        let weekday = first.day.weekday
        var cells: [CalendarDay?] = Array(repeating: nil, count: (weekday - calendar.firstWeekday + 7) % 7)
        cells += data.days.map { $0 }
        while cells.count % 7 != 0 { cells.append(nil) }
        return stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<$0 + 7]) }
    }

    private func cell(_ day: CalendarDay?, scale: HeatScale) -> HTML {
        guard let day else { return Tag.td(.class("blank")) {} }
        let metric = data.request.metric
        var attributes: [Attribute] = [
            .data("date", day.day.description), .data("marks", Self.marks(day).joined(separator: " ")),
        ]
        if let value = day.value {
            let level = scale.level(value)
            attributes += [
                .class("day level-\(level)"), .data("value", DisplayFormat.exact(value)), .data("level", String(level)),
            ]
        } else {
            attributes.append(.class("day no-data"))
        }
        if data.showsQuests { attributes.append(.data("quests", String(day.quests.count))) }
        if day.day == data.today { attributes.append(.ariaCurrent("date")) }
        return Tag.td(attributes: attributes) {
            Tag.a(.href(links.day(day.day)), .ariaLabel(DisplayFormat.dayLabel(day.day))) {
                String(day.day.day)
            }
            Tag.span(.class("value")) { day.value.map(metric.number) ?? (data.isUnreadable ? "?" : "–") }
            Tag.span(.class("marks")) { marks(day) }
        }
    }

    private func marks(_ day: CalendarDay) -> HTML {
        HTML {
            for activity in TrackedActivity.allCases {
                if data.unreadableActivities.contains(activity.sampleType) {
                    Tag.span(.class("mark unknown")) {
                        "?"
                        Tag.span(.class("visually-hidden")) { " \(activity.rawValue) not readable" }
                    }
                } else if day.met.contains(activity) {
                    Tag.span(.class("mark mark-\(activity.rawValue)")) {
                        Self.letter(activity)
                        Tag.span(.class("visually-hidden")) { " " + Self.meaning(activity) }
                    }
                } else if activity == .noalc, let level = day.activity?.noAlc {
                    Tag.span(.class("mark missed")) {
                        String(level.rawValue)
                        Tag.span(.class("visually-hidden")) { " NoAlc level \(level.rawValue)" }
                    }
                }
            }
            if !day.quests.isEmpty {
                Tag.span(.class("mark mark-quest"), .title(Self.questMeaning(day.quests))) {
                    Self.questLetter
                    Tag.span(.class("visually-hidden")) { " " + Self.questMeaning(day.quests) }
                }
            }
        }
    }

    /// `Q`: the mark of a day that completed a quest.
    static let questLetter = "Q"

    /// What a day's quest mark means: `quest completed: Walk 10k` (titles joined by commas).
    static func questMeaning(_ quests: [CompletedQuest]) -> String {
        (quests.count == 1 ? "quest completed: " : "\(quests.count) quests completed: ")
            + quests.map(\.title).joined(separator: ", ")
    }

    /// The activities `day` met, by name.
    static func marks(_ day: CalendarDay) -> [String] {
        TrackedActivity.allCases.filter { day.met.contains($0) }.map(\.rawValue)
    }

    /// `M`, `W`, `0`: the letters `vitals calendar` prints.
    static func letter(_ activity: TrackedActivity) -> String {
        switch activity {
        case .mindfulness: "M"
        case .workout: "W"
        case .noalc: "0"
        }
    }

    /// What a mark means, for screen readers and titles.
    static func meaning(_ activity: TrackedActivity) -> String {
        switch activity {
        case .mindfulness: "mindfulness goal met"
        case .workout: "workout goal met"
        case .noalc: "alcohol-free"
        }
    }
}
