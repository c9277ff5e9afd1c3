import VitalsCore

/// One quest completed on one day, as the Calendar marks it.
public struct CompletedQuest: Sendable, Hashable {
    /// The quest's id (stable across renames of its title).
    public var questID: String
    /// The quest's title, shown in the mark's text alternative and the month's list.
    public var title: String
    /// The day (in the user's zone) whose data completed it.
    public var day: LocalDate

    /// A completion of quest `questID`, titled `title`, on `day`.
    public init(questID: String, title: String, day: LocalDate) {
        self.questID = questID
        self.title = title
        self.day = day
    }
}
