import ArgumentParser
import Foundation

/// How long a new API token works: a whole number and a unit, `30m`, `12h`, `90d` or `2w`.
struct TokenLifetime: ExpressibleByArgument, Sendable, Hashable {
    /// The lifetime in seconds.
    var seconds: TimeInterval

    init?(argument: String) {
        let units: [Character: TimeInterval] = ["m": 60, "h": 3600, "d": 86_400, "w": 7 * 86_400]
        guard let unit = argument.last, let scale = units[unit], let count = Int(argument.dropLast()),
            count > 0, count <= 100 * 366 * 86_400 / Int(scale)
        else { return nil }
        seconds = TimeInterval(count) * scale
    }

    static var defaultCompletionKind: CompletionKind { .default }

    /// The instant a token made at `now` stops working, in whole seconds.
    func expiry(from now: Date) -> Date {
        Date(timeIntervalSince1970: (now.timeIntervalSince1970 + seconds).rounded(.down))
    }
}
