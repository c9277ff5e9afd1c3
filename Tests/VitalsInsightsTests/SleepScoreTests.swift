import Foundation
import Testing
import VitalsCore
import VitalsInsights

/// Sleep-analysis samples for the sleep score's tests, days in Berlin unless a sample says otherwise.
enum Sleep {
    static let calendar = InsightsFixture.calendar
    static let watch = InsightsFixture.watch
    static let phone = InsightsFixture.phone

    static func day(_ text: String) -> LocalDate { try! LocalDate(parsing: text) }

    /// A sample of `value` from `start` to `end` (ISO 8601 with offsets).
    static func sample(
        _ value: SleepAnalysisValue, _ start: String, _ end: String, source: Source = watch, zone: String? = nil
    ) -> Sample {
        Sample.category(
            .sleepAnalysis, value.rawValue, start: at(start), end: at(end), source: source,
            metadata: zone.map { [MetadataValue.timeZoneKey: .string($0)] } ?? [:])
    }

    /// Core sleep from `bedtime` (HH:MM, the evening before `day`, Berlin summer time) to `wake` on `day`.
    static func night(ending day: String, bedtime: String = "23:00", wake: String = "07:00") -> Sample {
        let evening = Sleep.day(day).adding(days: -1).description
        return sample(.asleepCore, "\(evening)T\(bedtime):00+02:00", "\(day)T\(wake):00+02:00")
    }

    /// The nights of `samples`, by the day each ends on.
    static func nights(_ samples: [Sample]) -> [LocalDate: SleepNight] {
        SleepNight.nights(from: samples, calendar: calendar)
    }
}

@Suite("Sleep score")
struct SleepScoreTests {
    /// The night ending on 2025-10-14: asleep 23:45-02:00, awake 20 min, 02:20-03:00 deep, a
    /// 3-minute gap (no awakening), 03:03-06:15; the phone's in bed 23:30-06:30 and its own
    /// asleep hour inside the watch's, which the union does not count twice.
    static let tonight = [
        Sleep.sample(.asleepCore, "2025-10-13T23:45:00+02:00", "2025-10-14T02:00:00+02:00"),
        Sleep.sample(.awake, "2025-10-14T02:00:00+02:00", "2025-10-14T02:20:00+02:00"),
        Sleep.sample(.asleepDeep, "2025-10-14T02:20:00+02:00", "2025-10-14T03:00:00+02:00"),
        Sleep.sample(.asleepREM, "2025-10-14T03:03:00+02:00", "2025-10-14T06:15:00+02:00"),
        Sleep.sample(.inBed, "2025-10-13T23:30:00+02:00", "2025-10-14T06:30:00+02:00", source: Sleep.phone),
        Sleep.sample(.asleepUnspecified, "2025-10-14T00:00:00+02:00", "2025-10-14T01:00:00+02:00", source: Sleep.phone),
    ]

    /// Three earlier nights, bedtime 23:00, 23:10 and 22:50: the usual bedtime is their median, 23:00.
    static let before = [
        Sleep.night(ending: "2025-10-11"), Sleep.night(ending: "2025-10-12", bedtime: "23:10"),
        Sleep.night(ending: "2025-10-13", bedtime: "22:50"),
    ]

    @Test("A night's parts, computed by hand: 367 min asleep, 45 min late, one 20-minute awakening")
    func handComputed() throws {
        let nights = Sleep.nights(Self.tonight + Self.before)
        let night = try #require(nights[Sleep.day("2025-10-14")])
        #expect(night.asleepMinutes == 367)  // 135 + 40 + 192
        #expect(night.inBedSeconds == 420 * 60)  // 23:30-06:30, the asleep time inside it
        #expect(night.main.awakenings.count == 1 && night.main.awakeSeconds == 20 * 60)
        #expect(night.main.bedtimeMinutesAfterNoon == 705)  // 23:45
        let score = try #require(SleepScore.score(night, date: night.date, previous: nights).value)
        let points = score.parts.map(\.points)
        // 50 × 367/480 = 38.229; 30 × (120 − 45)/90 = 25; 20 − 2 × 1 − 20/5 = 14.
        #expect(points == [38.23, 25, 14])
        #expect(score.parts[1].baseline?.center == 660 && score.parts[1].baseline?.count == 3)
        #expect(score.score == 77 && score.rating == "ok")
    }

    @Test("Without a bedtime baseline the bedtime part is missing and the rest is scaled to 100")
    func bedtimeForming() throws {
        let nights = Sleep.nights([Sleep.night(ending: "2025-10-14", bedtime: "23:00", wake: "05:00")])
        let score = try #require(
            SleepScore.score(nights[Sleep.day("2025-10-14")], date: Sleep.day("2025-10-14"), previous: nights).value)
        #expect(score.parts[1].points == nil)
        #expect(score.parts[1].missing?.contains("there are 0") == true)
        #expect(score.score == 82)  // (37.5 + 20) / 70 = 82.1%
    }

    @Test("No sleep, or under an hour, gives no score and says why, never a zero")
    func missing() {
        let date = Sleep.day("2025-10-14")
        #expect(SleepScore.score(nil, date: date, previous: [:]).missingReason?.contains("no asleep time") == true)
        let nap = Sleep.nights([Sleep.sample(.asleepCore, "2025-10-14T03:00:00+02:00", "2025-10-14T03:40:00+02:00")])
        let result = SleepScore.score(nap[date], date: date, previous: nap)
        #expect(result.value == nil && result.missingReason?.contains("less than an hour") == true)
        let inBedOnly = Sleep.nights([
            Sleep.sample(.inBed, "2025-10-13T23:00:00+02:00", "2025-10-14T07:00:00+02:00", source: Sleep.phone)
        ])
        #expect(inBedOnly.isEmpty)
    }

    @Test("A night over the autumn DST change is nine real hours, bedtime on the evening's wall clock")
    func dstNight() throws {
        // Berlin: 26 Oct 2025, 03:00 CEST becomes 02:00 CET.
        let nights = Sleep.nights([
            Sleep.sample(.asleepCore, "2025-10-25T23:00:00+02:00", "2025-10-26T07:00:00+01:00")
        ])
        let night = try #require(nights[Sleep.day("2025-10-26")])
        #expect(night.asleepMinutes == 540)
        #expect(night.main.bedtimeMinutesAfterNoon == 660)
        let score = try #require(SleepScore.score(night, date: night.date, previous: nights).value)
        #expect(score.parts[0].points == 50)
    }

    @Test("A night slept in New York belongs to the New York morning it ends on, bedtime on its wall clock")
    func tripAcrossZones() throws {
        // 23:00-07:00 in New York is 05:00-13:00 in Berlin: read in Berlin it would end after noon,
        // the next day's night, with a 05:00 bedtime.
        let zone = "America/New_York"
        let recorded = Sleep.sample(
            .asleepCore, "2025-10-20T23:00:00-04:00", "2025-10-21T07:00:00-04:00", zone: zone)
        let night = try #require(Sleep.nights([recorded])[Sleep.day("2025-10-21")])
        #expect(night.timeZone == zone && night.main.bedtimeMinutesAfterNoon == 660)
        var unrecorded = recorded
        unrecorded.metadata = [:]
        let berlin = try #require(Sleep.nights([unrecorded])[Sleep.day("2025-10-22")])
        #expect(berlin.main.bedtimeMinutesAfterNoon == 1020)
    }

    @Test("A night split by midnight into two samples, and an afternoon nap, make one night and the next")
    func splitAndNap() throws {
        let nights = Sleep.nights([
            Sleep.sample(.asleepCore, "2025-10-13T22:30:00+02:00", "2025-10-14T00:00:00+02:00"),
            Sleep.sample(.asleepCore, "2025-10-14T00:00:00+02:00", "2025-10-14T06:30:00+02:00"),
            Sleep.sample(.asleepCore, "2025-10-14T14:00:00+02:00", "2025-10-14T14:30:00+02:00"),
        ])
        let night = try #require(nights[Sleep.day("2025-10-14")])
        #expect(night.asleepMinutes == 480 && night.main.awakenings.isEmpty)
        #expect(nights[Sleep.day("2025-10-15")]?.asleepMinutes == 30)  // noon to noon: the next night
    }

    @Test("Ratings follow Apple's bands from iOS 26.2")
    func ratings() {
        #expect(
            [0, 40, 41, 60, 61, 80, 81, 95, 96, 100].map(SleepScore.rating) == [
                "veryLow", "veryLow", "low", "low", "ok", "ok", "high", "high", "veryHigh", "veryHigh",
            ])
    }
}
