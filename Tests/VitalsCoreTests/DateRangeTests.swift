import Foundation
import Testing

@testable import VitalsCore

@Suite("Date ranges")
struct DateRangeTests {
    let berlin = Calendar.gregorian(in: TimeZone(identifier: "Europe/Berlin")!)
    let losAngeles = Calendar.gregorian(in: TimeZone(identifier: "America/Los_Angeles")!)

    @Test("Monthly Query Range: October is Oct 1 00:00 to Nov 1 00:00")
    func monthlyQueryRange() throws {
        let october = try DateRange.month(10, of: 2025, in: berlin)
        #expect(ISO8601.format(october.start, in: berlin.timeZone) == "2025-10-01T00:00:00+02:00")
        #expect(ISO8601.format(october.end, in: berlin.timeZone) == "2025-11-01T00:00:00+01:00")
        let lastSecond = ISO8601.parse("2025-10-31T23:59:59.500+01:00")!
        #expect(october.contains(lastSecond))
        #expect(!october.contains(october.end))
        #expect(october.contains(october.start))
    }

    @Test("Today's Data Query: today 00:00 to tomorrow 00:00")
    func todayRange() {
        let now = ISO8601.parse("2025-10-14T15:42:00+02:00")!
        let today = DateRange.today(now: now, in: berlin)
        #expect(ISO8601.format(today.start, in: berlin.timeZone) == "2025-10-14T00:00:00+02:00")
        #expect(ISO8601.format(today.end, in: berlin.timeZone) == "2025-10-15T00:00:00+02:00")
        #expect(today.duration == 86_400)
    }

    @Test("A day with a DST change is 23 or 25 hours long")
    func dstDays() {
        let spring = DateRange.period(.day, containing: ISO8601.parse("2025-03-09T12:00:00-07:00")!, in: losAngeles)
        #expect(spring.duration == 23 * 3600)
        let autumn = DateRange.period(.day, containing: ISO8601.parse("2025-11-02T12:00:00-08:00")!, in: losAngeles)
        #expect(autumn.duration == 25 * 3600)
    }

    @Test("Invalid ranges and months are rejected")
    func invalid() {
        let now = Date()
        #expect(throws: VitalsError.self) { try DateRange(start: now, end: now.addingTimeInterval(-1)) }
        #expect(throws: VitalsError.self) { try DateRange.month(13, of: 2025, in: berlin) }
        #expect(throws: VitalsError.self) { try TimeZone.iana("Mars/Olympus") }
    }

    @Test("Days of a range follow local midnights across DST")
    func daysAcrossDST() throws {
        let range = try DateRange(
            start: ISO8601.parse("2025-03-08T00:00:00-08:00")!,
            end: ISO8601.parse("2025-03-11T00:00:00-07:00")!)
        let days = range.days(in: losAngeles)
        let hours: [TimeInterval] = days.map { $0.duration / 3600 }
        #expect(hours == [24, 23, 24])
    }
}

@Suite("ISO 8601")
struct ISO8601Tests {
    @Test("Parses the forms exports and APIs use")
    func parses() {
        let expected = Date(timeIntervalSince1970: 1_563_557_771)
        #expect(ISO8601.parse("2019-07-19 10:36:11 -0700") == expected)
        #expect(ISO8601.parse("2019-07-19T10:36:11-07:00") == expected)
        #expect(ISO8601.parse("2019-07-19T17:36:11Z") == expected)
        #expect(ISO8601.parse("2019-07-19T17:36:11.250Z") == expected.addingTimeInterval(0.25))
    }

    @Test("Rejects timestamps without an offset or out of range")
    func rejects() {
        for text in [
            "2019-07-19T10:36:11", "2019-02-30T10:00:00Z", "2019-13-01T00:00:00Z", "yesterday", "",
            "2019-07-19T10:36:11+0700x",
        ] {
            #expect(ISO8601.parse(text) == nil, "\(text)")
        }
    }

    @Test("Formats with the zone's offset and round-trips")
    func roundTrip() {
        let zone = TimeZone(identifier: "Asia/Kolkata")!
        let date = Date(timeIntervalSince1970: 1_700_000_000.125)
        let text = ISO8601.format(date, in: zone)
        #expect(text == "2023-11-15T03:43:20.125+05:30")
        #expect(ISO8601.parse(text) == date)
        #expect(ISO8601.format(Date(timeIntervalSince1970: -86_400), in: .gmt) == "1969-12-31T00:00:00Z")
    }
}
