import Foundation
import VitalsCore

/// How a Health Auto Export automation aggregated a document's values: its "Aggregate Data"
/// switch and interval, stated by the caller (`?aggregation=days`, `vitals import --aggregation`)
/// or told from the items.
///
/// With aggregation on (the app's default, by minutes), each item of a cumulative metric
/// (`step_count`, `active_energy`, distances...) is HealthKit's merged total of a period starting
/// at its `date`; such an item becomes one sample over its period, marked as a reported total
/// (``VitalsCore/ReportedTotal``). Told from the items: a metric whose items give only `date`
/// (no `startDate`, `endDate` or `end`) and whose first ``sampledItems`` dates all fall on a
/// boundary of the period, in their own UTC offset, is aggregated by the coarsest of days
/// (00:00:00), hours (mm:ss = 00:00) or minutes (ss = 00); otherwise its items are single
/// samples, as before. Weeks, months and years look like days and are only known when stated.
/// A later item of the metric not on the boundary is a single sample.
public enum HealthAutoExportAggregation: Sendable, Hashable {
    /// Told from each metric's items (the default).
    case inferred
    /// Every item is one HealthKit sample ("Aggregate Data" off).
    case none
    /// Every item of a cumulative metric is the phone's total for one such period.
    case interval(Interval)

    /// The app's aggregation intervals.
    public enum Interval: String, Sendable, Hashable, CaseIterable {
        case minutes, hours, days, weeks, months, years
    }

    /// How many items of a metric the interval is told from.
    public static let sampledItems = 64

    /// The aggregation a query parameter or option names: `auto`; `none` (or `false`); a period
    /// in the app's words, singular or plural (`minute`, `hours`, `day`...); nil for anything else.
    public init?(parameter: String) {
        let text = parameter.lowercased()
        switch text {
        case "auto", "inferred": self = .inferred
        case "none", "false", "off": self = .none
        default:
            let plural = text.hasSuffix("s") ? text : text + "s"
            guard let interval = Interval(rawValue: plural) else { return nil }
            self = .interval(interval)
        }
    }

    /// The words ``init(parameter:)`` takes, for help texts and errors.
    public static let parameterWords = "auto, none, minutes, hours, days, weeks, months or years"

    /// The coarsest interval whose boundary `date` (written with UTC offset `offset`) falls on:
    /// days at 00:00:00, hours at mm:ss = 00:00, minutes at ss = 00; nil for none.
    static func boundary(of date: Date, offset: Int) -> Interval? {
        let local = date.timeIntervalSince1970 + Double(offset)
        guard local.rounded() == local else { return nil }
        let secondOfDay = ((Int64(local) % 86_400) + 86_400) % 86_400
        if secondOfDay == 0 { return .days }
        if secondOfDay % 3_600 == 0 { return .hours }
        if secondOfDay % 60 == 0 { return .minutes }
        return nil
    }

    /// The end of the period of `interval` starting at `start` (written with UTC offset
    /// `offset`): a day, week, month or year in `calendar` when `start` is a midnight there,
    /// else in the offset's own calendar.
    static func end(of interval: Interval, from start: Date, offset: Int, calendar: Calendar?) -> Date {
        switch interval {
        case .minutes: return start.addingTimeInterval(60)
        case .hours: return start.addingTimeInterval(3_600)
        case .days, .weeks, .months, .years:
            var local = Calendar(identifier: .gregorian)
            local.timeZone = TimeZone(secondsFromGMT: offset) ?? .gmt
            if let calendar, calendar.startOfDay(for: start) == start { local = calendar }
            let component: Calendar.Component =
                switch interval {
                case .weeks: .weekOfYear
                case .months: .month
                case .years: .year
                default: .day
                }
            return local.date(byAdding: component, value: 1, to: start) ?? start.addingTimeInterval(86_400)
        }
    }

    /// The UTC offset, in seconds, a Health Auto Export timestamp is written in (`+0100`, `-08:00`,
    /// `Z`); 0 when it names none.
    static func offset(of text: String) -> Int {
        // Read from the end as bytes (every cumulative item of a backfill comes through here):
        // four digits, an optional colon between them, after the last + or -.
        var digits = 0, value = 0, scale = 1
        for byte in text.utf8.reversed() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard digits < 4 else { return 0 }
                value += Int(byte - UInt8(ascii: "0")) * scale
                scale *= 10
                digits += 1
            case UInt8(ascii: ":") where digits == 2, UInt8(ascii: " ") where digits == 0:
                continue
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                guard digits == 4 else { return 0 }
                let seconds = (value / 100) * 3_600 + (value % 100) * 60
                return byte == UInt8(ascii: "-") ? -seconds : seconds
            default:
                return 0
            }
        }
        return 0
    }
}
