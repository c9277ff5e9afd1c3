import Foundation
import VitalsCore

extension LocalDate {
    /// The night that ends on this day, as Health counts a night: `[noon the day before, noon)`.
    ///
    /// Noon on the wall clock, so on a day with a DST change the window has 23 or 25 hours.
    public func nightWindow(in calendar: Calendar) -> DateRange {
        DateRange(clampingStart: adding(days: -1).noon(in: calendar), end: noon(in: calendar))
    }

    /// 12:00 on this day's wall clock (on a DST day too, where it is not 12 hours after midnight).
    public func noon(in calendar: Calendar) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))
            ?? start(in: calendar).addingTimeInterval(12 * 3600)
    }
}
