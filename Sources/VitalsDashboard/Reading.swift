import VitalsCore

/// One figure as a statistics query gave it: its value, or why there is none.
struct Reading: Sendable, Hashable {
    /// The value in the type's canonical unit (minutes for durations); `nil` when nothing was measured.
    var value: Double?
    /// Whether the user did not allow reading the type (the value is then unknown, not zero).
    var isUnreadable = false
    /// Why the type could not be read (its authorization state), when ``isUnreadable``.
    var access: ReadAccess?
    /// Where the value came from when not from samples (a daily snapshot), shown under it.
    var origin: String?
    /// What kind of origin ``origin`` names, for `data-origin`: `snapshot` or `reported`.
    var originKind = "snapshot"

    /// A figure nobody measured.
    static let none = Reading(value: nil)

    /// A figure whose type may not be read, for the reason `access`.
    static func unreadable(_ access: ReadAccess) -> Reading { Reading(value: nil, isUnreadable: true, access: access) }
}
