import Foundation
import Testing
import VitalsCore

@testable import VitalsServer

/// The document's day and timestamp patterns accept exactly the days the request reader accepts.
@Suite("Server: the days a body may name, as the reader checks them and the document's patterns")
struct BodyDaysTests {
    /// Every day from 1850 to two years past `latest`, each tested against the pattern and `contains`.
    @Test(
        "Each day from 1850 to past the bound: the pattern matches it exactly when the reader accepts it",
        arguments: ["2025-11-16T12:00:00Z", "2024-02-28T23:30:00Z", "2023-12-31T00:00:00Z", "2100-02-28T12:00:00Z"])
    func everyDay(now text: String) throws {
        let days = BodyDays(now: try #require(ISO8601.parse(text)))
        let day = try Regex(days.dayPattern), instant = try Regex(days.instantPattern)
        var date = try LocalDate(year: 1850, month: 1, day: 1)
        var accepted = 0
        while date <= days.latest.adding(days: 730) {
            let matches = date.description.wholeMatch(of: day) != nil
            #expect(matches == days.contains(date), "\(date)")
            #expect((("\(date)T07:30:00+01:00").wholeMatch(of: instant) != nil) == days.contains(date), "\(date)")
            if matches { accepted += 1 }
            date = date.adding(days: 1)
        }
        #expect(accepted == BodyDays.earliest.days(to: days.latest) + 1)
    }

    @Test("Not days: short years, impossible days, other digits, missing parts")
    func notDays() throws {
        let days = BodyDays(now: try #require(ISO8601.parse("2025-11-16T12:00:00Z")))
        let day = try Regex(days.dayPattern), any = try Regex(BodyDays.anyDayPattern)
        for text in [
            "223-07-31", "02025-01-01", "2025-1-01", "2025-02-29", "1900-02-29", "2025-13-01", "2025-00-10",
            "2025-06-31", "2025-01-00", "٢٠٢٥-01-01", "2025-01-01 ", "", "2025/01/01",
        ] {
            #expect(text.wholeMatch(of: day) == nil, "\(text)")
            #expect(text.wholeMatch(of: any) == nil, "\(text)")
            #expect((try? LocalDate(parsing: text)) == nil, "\(text)")
        }
        for text in ["0001-01-01", "2000-02-29", "2400-02-29", "9999-12-31", "1600-02-29"] {
            #expect(text.wholeMatch(of: any) != nil && (try? LocalDate(parsing: text)) != nil, "\(text)")
        }
        for text in ["2100-02-29", "1700-02-29", "0000-01-01"] {
            #expect(text.wholeMatch(of: any) == nil && (try? LocalDate(parsing: text)) == nil, "\(text)")
        }
    }

    @Test("Timestamps the pattern takes are the ones ISO8601.parse reads, and the other way round")
    func timestamps() throws {
        let days = BodyDays(now: try #require(ISO8601.parse("2025-11-16T12:00:00Z")))
        let instant = try Regex(days.instantPattern)
        let texts = [
            "2025-11-16T07:30:00+01:00", "2025-11-16 07:30Z", "2025-11-16t07:30:00,5 z", "2025-11-16T24:00Z",
            "2025-11-16T24:01Z", "2025-11-16T24:00:00.000-0800", "2025-11-16T24:00:00.001Z", "2025-11-16T23:59:60Z",
            "2025-11-16T23:59:61Z", "2025-11-16T07:30+2400", "2025-11-16T07:30", "2025-11-16T7:30Z",
            "2025-11-16T07:30:00.Z", "2025-11-16T07:30   -08:00", "2025-11-16T07:30:00 PM Z",
        ]
        for text in texts {
            #expect((text.wholeMatch(of: instant) != nil) == (ISO8601.parse(text) != nil), "\(text)")
        }
    }
}
