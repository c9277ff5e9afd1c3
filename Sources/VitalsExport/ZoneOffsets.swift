import Foundation

/// A zone's offset from UTC at instants, asked of Foundation once per stretch between two of the
/// zone's transitions rather than once per date.
///
/// An export writes two dates per Observation, mostly in one zone and in time order: each stays
/// inside the stretch the last lookup found, `[instant looked up, next transition)`.
struct ZoneOffsets {
    let zone: TimeZone
    /// Where the cached ``offset`` holds: from (inclusive) and until (exclusive), UNIX seconds.
    private var from = Double.infinity
    private var until = -Double.infinity
    private var offset = 0

    init(zone: TimeZone) { self.zone = zone }

    /// Seconds east of UTC in the zone at `date`, as `zone.secondsFromGMT(for: date)` answers.
    mutating func offset(at date: Date) -> Int {
        let seconds = date.timeIntervalSince1970
        if seconds >= from, seconds < until { return offset }
        offset = zone.secondsFromGMT(for: date)
        from = seconds
        until = zone.nextDaylightSavingTimeTransition(after: date)?.timeIntervalSince1970 ?? .infinity
        return offset
    }
}
