import VitalsCore

/// One figure as a statistics query gave it: its value, or why there is none.
struct Reading: Sendable, Hashable {
    /// The value in the type's canonical unit (minutes for durations); `nil` when nothing was measured.
    var value: Double?
    /// Whether the user did not allow reading the type (the value is then unknown, not zero).
    var isUnreadable = false

    /// A figure nobody measured.
    static let none = Reading(value: nil)
}
