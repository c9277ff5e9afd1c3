import Foundation
import VitalsCore
import VitalsInsights

/// A year as an SVG heatmap: one column per week (53 or 54), one row per weekday, shaded by the figure.
///
/// Weeks start on the calendar's first weekday. Every day is a `<rect>` with a `<title>` (day,
/// value, marks), `data-date` and `data-value` (the statistic exactly, absent without data);
/// small dots under a day mark its met goals (mindfulness, workout, alcohol-free) and, for a
/// scope with quests, a completed quest (named in the title; `data-quests` counts them). A legend
/// (``legend()``) names each shade's values.
struct YearHeatmap: Sendable {
    var data: CalendarData
    var year: Int
    var calendar: Calendar

    static let cell = 11.0, gap = 2.0, left = 38.0, top = 16.0

    func render() -> HTML {
        let titleID = "heatmap-title"
        let lead = leading()
        let columns = (lead + data.days.count + 6) / 7
        let width = Self.left + Double(columns) * (Self.cell + Self.gap)
        let height = Self.top + 7 * (Self.cell + Self.gap)
        // The shades' bounds once, not per day (each reading scans the whole year).
        let scale = data.scale
        let days = HTML(
            joining: data.days.enumerated().map { index, day in square(day, position: lead + index, scale: scale) })
        return Tag.figure(
            .class("chart heatmap"), .data("chart", "heatmap"), .data("days", String(data.days.count)),
            .data("columns", String(columns))
        ) {
            // Focusable so a keyboard can scroll it sideways on a narrow screen.
            Tag.div(.class("scroll"), .focusable(), .role("region"), .ariaLabel("Year heatmap")) {
                Tag.svg(.viewBox(width: width, height: height), .role("img"), .ariaLabelledBy(titleID)) {
                    Tag.title(.id(titleID)) {
                        "\(data.request.metric.label) per day in \(year), \(data.days.count) days"
                    }
                    labels(leading: lead)
                    days
                }
            }
            Tag.figcaption {
                "Each square is a day, each column a week; a square's title names its day, value and marks. The month view lists the numbers."
            }
        }
    }

    /// How many cells of the first week come before 1 January.
    private func leading() -> Int {
        guard let first = data.days.first else { return 0 }
        let weekday = first.day.weekday
        return (weekday - calendar.firstWeekday + 7) % 7
    }

    private func labels(leading: Int) -> HTML {
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let monthStarts = data.days.enumerated().filter { $0.element.day.day == 1 }
        return HTML {
            for row in [0, 2, 4, 6] {
                Tag.text(
                    .class("tick"), .x(Self.left - 4),
                    .y(Self.top + Double(row) * (Self.cell + Self.gap) + Self.cell - 1),
                    .textAnchor("end")
                ) { names[(calendar.firstWeekday - 1 + row) % 7] }
            }
            for (index, day) in monthStarts {
                Tag.text(
                    .class("tick"), .x(Self.left + Double((leading + index) / 7) * (Self.cell + Self.gap)),
                    .y(Self.top - 4)
                ) {
                    String(DisplayFormat.monthNames[day.day.month - 1].prefix(3))
                }
            }
        }
    }

    private func square(_ day: CalendarDay, position: Int, scale: HeatScale) -> HTML {
        let x = Self.left + Double(position / 7) * (Self.cell + Self.gap)
        let y = Self.top + Double(position % 7) * (Self.cell + Self.gap)
        var attributes: [Attribute] = [
            .x(x), .y(y), .width(Self.cell), .height(Self.cell), .data("date", day.day.description),
        ]
        if let value = day.value {
            let level = scale.level(value)
            attributes += [
                .class("day level-\(level)"), .data("value", DisplayFormat.exact(value)), .data("level", String(level)),
            ]
        } else {
            attributes.append(.class("day no-data"))
        }
        attributes.append(.data("marks", MonthGrid.marks(day).joined(separator: " ")))
        if data.showsQuests { attributes.append(.data("quests", String(day.quests.count))) }
        let met = TrackedActivity.allCases.filter { day.met.contains($0) }
        var title =
            DisplayFormat.dayLabel(day.day) + ": "
            + (day.value.map(data.request.metric.display) ?? (data.isUnreadable ? "not readable" : "no data"))
        if !met.isEmpty { title += "; " + met.map(MonthGrid.meaning).joined(separator: ", ") }
        if !day.quests.isEmpty { title += "; " + MonthGrid.questMeaning(day.quests) }
        let dots = met.map { "dot-\($0.rawValue)" } + (day.quests.isEmpty ? [] : ["dot-quest"])
        return HTML {
            Tag.rect(attributes: attributes) { Tag.title { title } }
            for (index, dot) in dots.enumerated() {
                Tag.circle(.class("dot \(dot)"), .cx(x + 2.5 + Double(index) * 3), .cy(y + Self.cell - 2), .r(1.2))
            }
        }
    }

    /// The shades and the values each stands for, as a list under the heatmap (the month grid uses it too).
    static func legend(_ data: CalendarData, dots: Bool) -> HTML {
        let metric = data.request.metric
        let scale = data.scale
        return Tag.ul(.class("legend"), .ariaLabel("Legend")) {
            Tag.li {
                Tag.span(.class("swatch no-data"), .ariaHidden()) {}; " no data"
            }
            if scale.fromZero && data.hasData {
                Tag.li {
                    Tag.span(.class("swatch level-0"), .ariaHidden()) {}; " " + metric.display(0)
                }
            }
            for band in data.hasData ? scale.bands : [] {
                Tag.li(.data("level", String(band.level))) {
                    Tag.span(.class("swatch level-\(band.level)"), .ariaHidden()) {}
                    " \(metric.display(band.from)) – \(metric.display(band.to))"
                }
            }
            if dots {
                Tag.li {
                    Tag.span(.class("dot-key dot-mindfulness"), .ariaHidden()) {}; " mindfulness goal met"
                }
                Tag.li {
                    Tag.span(.class("dot-key dot-workout"), .ariaHidden()) {}; " workout goal met"
                }
                Tag.li {
                    Tag.span(.class("dot-key dot-noalc"), .ariaHidden()) {}; " alcohol-free"
                }
                if data.showsQuests {
                    Tag.li(.data("legend", "quest")) {
                        Tag.span(.class("dot-key dot-quest"), .ariaHidden()) {}; " quest completed"
                    }
                }
            } else if data.showsQuests {
                Tag.li(.data("legend", "quest")) {
                    Tag.span(.class("mark mark-quest"), .ariaHidden()) { MonthGrid.questLetter }
                    " quest completed"
                }
            }
        }
    }
}
