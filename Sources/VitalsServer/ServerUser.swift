import Foundation
import VitalsCore

/// A user of the server: an account with a name, a time zone and one API token.
public struct ServerUser: Sendable, Hashable, Codable {
    /// The database id.
    public var id: Int64
    public var name: String
    /// IANA time zone identifier, used for "today" and day boundaries.
    public var timeZone: String

    public init(id: Int64, name: String, timeZone: String) {
        self.id = id
        self.name = name
        self.timeZone = timeZone
    }

    /// The Gregorian calendar in the user's zone (UTC if the stored zone is unknown here).
    public var calendar: Calendar {
        Calendar.gregorian(in: TimeZone(identifier: timeZone) ?? TimeZone(identifier: "UTC")!)
    }

    /// The user's today at `now`.
    public func today(at now: Date) -> LocalDate { LocalDate(containing: now, in: calendar) }
}
