import Foundation
import Testing
import VitalsCore
import VitalsTesting

@Suite("Local dates")
struct LocalDateTests {
    static let zones = [
        "UTC", "America/Los_Angeles", "Europe/Berlin", "Pacific/Kiritimati", "Asia/Kathmandu",
        "Australia/Lord_Howe", "America/Santiago", "Pacific/Apia", "America/St_Johns",
    ]

    /// The day Foundation's calendar names for an instant.
    static func foundationDay(_ date: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    @Test(
        "The day containing an instant matches Foundation's calendar in every zone, around DST changes too",
        arguments: zones)
    func containing(zone: String) throws {
        let calendar = Calendar.gregorian(in: try TimeZone.iana(zone))
        var generator = SeededGenerator(seed: UInt64(zone.utf8.count * 7919))
        // Random instants from 1950 to 2060, plus every 20 minutes across two DST-heavy weeks.
        var instants = (0..<3000).map { _ in
            Date(timeIntervalSince1970: Double.random(in: -631_152_000...2_840_140_800, using: &generator))
        }
        for step in 0..<(14 * 72) {
            instants.append(Date(timeIntervalSince1970: 1_711_843_200 + Double(step) * 1200))  // 2024-03-31 onwards
            instants.append(Date(timeIntervalSince1970: 1_730_073_600 + Double(step) * 1200))  // 2024-10-28 onwards
        }
        for instant in instants {
            #expect(
                LocalDate(containing: instant, in: calendar).description == Self.foundationDay(instant, calendar),
                "\(instant) in \(zone)")
        }
    }

    @Test("Adding days and counting them agree with Foundation across leap years and centuries")
    func arithmetic() throws {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<2000 {
            // From 1600: before the 1582 reform Foundation counts Julian days; LocalDate stays Gregorian (ISO 8601).
            let start = try LocalDate(
                year: Int.random(in: 1600...2400, using: &generator), month: Int.random(in: 1...12, using: &generator),
                day: Int.random(in: 1...28, using: &generator))
            let count = Int.random(in: -5_000...200_000, using: &generator)
            let moved = start.adding(days: count)
            let expected = utc.date(byAdding: .day, value: count, to: start.start(in: utc))!
            #expect(moved.description == Self.foundationDay(expected, utc))
            #expect(start.days(to: moved) == count)
        }
        #expect(try LocalDate(parsing: "2024-02-28").adding(days: 1).description == "2024-02-29")
        #expect(try LocalDate(parsing: "2100-02-28").adding(days: 1).description == "2100-03-01")
        #expect(try LocalDate(parsing: "2000-02-28").adding(days: 1).description == "2000-02-29")
        #expect(try LocalDate(parsing: "1970-01-01").adding(days: -1).description == "1969-12-31")
    }

    @Test("The weekday is Foundation's in every zone, before 1970 and after, whatever the calendar's first weekday")
    func weekday() throws {
        var generator = SeededGenerator(seed: 7)
        for zone in Self.zones {
            var calendar = Calendar.gregorian(in: try TimeZone.iana(zone))
            calendar.firstWeekday = Int.random(in: 1...7, using: &generator)
            for _ in 0..<300 {
                let day = try LocalDate(
                    year: Int.random(in: 1600...2400, using: &generator),
                    month: Int.random(in: 1...12, using: &generator),
                    day: Int.random(in: 1...28, using: &generator))
                #expect(day.weekday == calendar.component(.weekday, from: day.start(in: calendar)), "\(day) in \(zone)")
            }
        }
        #expect(try LocalDate(parsing: "1970-01-01").weekday == 5)  // a Thursday
        #expect(try LocalDate(parsing: "1969-12-28").weekday == 1)  // a Sunday
        #expect(try LocalDate(parsing: "2025-11-15").weekday == 7)  // a Saturday
    }
}
