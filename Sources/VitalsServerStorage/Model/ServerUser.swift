import Foundation
import VitalsCore

/// A user of the server: an account with a name, a time zone and one API token.
public struct ServerUser: Sendable, Hashable, Codable {
    /// The database id.
    public var id: Int64
    public var name: String
    /// IANA time zone identifier, used for "today" and day boundaries.
    public var timeZone: String
    /// When the user's token stops working; `nil` when it never does.
    public var tokenExpiresAt: Date?

    public init(id: Int64, name: String, timeZone: String, tokenExpiresAt: Date? = nil) {
        self.id = id
        self.name = name
        self.timeZone = timeZone
        self.tokenExpiresAt = tokenExpiresAt
    }

    /// Whether the user's token still works at `now` (it expires at ``tokenExpiresAt``, exclusive).
    public func tokenIsValid(at now: Date) -> Bool { tokenExpiresAt.map { now < $0 } ?? true }

    /// The Gregorian calendar in the user's zone (UTC if the stored zone is unknown here).
    public var calendar: Calendar {
        Calendar.gregorian(in: TimeZone(identifier: timeZone) ?? TimeZone(identifier: "UTC")!)
    }

    /// The user's today at `now`.
    public func today(at now: Date) -> LocalDate { LocalDate(containing: now, in: calendar) }
}
