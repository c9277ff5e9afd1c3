import Foundation
import VitalsCore
import VitalsInsights

extension CalendarPage {
    /// The month's completed quests as a table (day, quest), under the grid that marks them Q.
    ///
    /// Only for a scope with quests (a server user); each row carries `data-date` and `data-quest`
    /// (the quest's id). A month without any says so instead.
    func questList(_ month: YearMonth) -> HTML {
        let quests = data.completedQuests
        let name = DisplayFormat.monthName(year: month.year, month: month.month)
        return HTML {
            if quests.isEmpty {
                Tag.p(.class("muted"), .data("quests", "none")) { "No quests completed in \(name)." }
            } else {
                Tag.table(.class("quests"), .data("table", "quests")) {
                    Tag.caption { "Quests completed in \(name)" }
                    Tag.thead {
                        Tag.tr {
                            Tag.th(.scope("col")) { "Day" }; Tag.th(.scope("col")) { "Quest" }
                        }
                    }
                    Tag.tbody {
                        for quest in quests {
                            Tag.tr(.data("date", quest.day.description), .data("quest", quest.questID)) {
                                Tag.th(.scope("row")) {
                                    Tag.a(.href(layout.links.day(quest.day))) {
                                        DisplayFormat.dayLabel(quest.day)
                                    }
                                }
                                Tag.td { quest.title }
                            }
                        }
                    }
                }
            }
        }
    }
}
