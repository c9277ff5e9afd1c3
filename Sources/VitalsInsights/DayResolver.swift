import Foundation
import VitalsCore

/// The local day of a sample: in its recorded `HKTimeZone` when it has one, else in the calendar's zone.
struct DayResolver {
    let calendar: Calendar
    private var calendars: [String: Calendar] = [:]

    init(calendar: Calendar) { self.calendar = calendar }

    mutating func day(of sample: Sample) -> LocalDate {
        guard case .string(let identifier)? = sample.metadata[MetadataValue.timeZoneKey],
            identifier != calendar.timeZone.identifier
        else {
            return LocalDate(containing: sample.start, in: calendar)
        }
        if let recorded = calendars[identifier] { return LocalDate(containing: sample.start, in: recorded) }
        guard let zone = TimeZone(identifier: identifier) else {
            return LocalDate(containing: sample.start, in: calendar)
        }
        let recorded = Calendar.gregorian(in: zone)
        calendars[identifier] = recorded
        return LocalDate(containing: sample.start, in: recorded)
    }
}
