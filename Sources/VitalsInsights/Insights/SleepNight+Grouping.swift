import Foundation
import VitalsCore

extension SleepNight {
    /// The nights in `samples` (sleep analysis, any source), by the day each ends on.
    ///
    /// A night needs asleep time: in-bed or awake samples alone make none. `calendar` is the
    /// zone of samples that carry no `HKTimeZone`.
    public static func nights(from samples: [Sample], calendar: Calendar) -> [LocalDate: SleepNight] {
        var zones = ZoneCalendars(calendar: calendar)
        var asleep: [(range: DateRange, zone: String?)] = []
        var other: [(range: DateRange, zone: String?)] = []
        for sample in samples where sample.type == .sleepAnalysis && sample.end > sample.start {
            guard let raw = sample.categoryValue, let value = SleepAnalysisValue(rawValue: raw) else { continue }
            // Instants to the millisecond: stores keep them to different precision (a double
            // since 1970, or since 2001), which must not show in a night.
            let range = DateRange(clampingStart: Self.millisecond(sample.start), end: Self.millisecond(sample.end))
            let zone = ZoneCalendars.recordedZone(of: sample)
            if value.isAsleep { asleep.append((range, zone)) } else { other.append((range, zone)) }
        }
        var bouts: [LocalDate: [(bout: SleepBout, zone: String, segments: [DateRange])]] = [:]
        for group in Self.bouts(of: Self.segments(of: asleep)) {
            let zone = group.zone ?? calendar.timeZone.identifier
            let local = zones.calendar(for: zone)
            let bout = SleepBout(
                start: group.segments[0].start, end: group.segments[group.segments.count - 1].end,
                asleepSeconds: InsightMath.rounded(group.segments.reduce(0) { $0 + $1.duration }, 3),
                awakenings: zip(group.segments, group.segments.dropFirst()).compactMap { before, after in
                    let gap = DateRange(clampingStart: before.end, end: after.start)
                    return gap.duration >= awakeningMinimum ? gap : nil
                },
                bedtimeMinutesAfterNoon: Self.minutesAfterNoon(group.segments[0].start, in: local))
            bouts[Self.nightDate(ending: bout.end, in: local), default: []].append((bout, zone, group.segments))
        }
        var inBedByNight: [LocalDate: [DateRange]] = [:]
        for (range, zone) in other {
            let date = Self.nightDate(ending: range.end, in: zones.calendar(for: zone ?? calendar.timeZone.identifier))
            if bouts[date] != nil { inBedByNight[date, default: []].append(range) }
        }
        var nights: [LocalDate: SleepNight] = [:]
        for (date, parts) in bouts {
            let main = parts.max { $0.bout.asleepSeconds < $1.bout.asleepSeconds }!
            let segments = parts.flatMap(\.segments)
            let inBed = Self.union(segments + (inBedByNight[date] ?? []))
            nights[date] = SleepNight(
                date: date, timeZone: main.zone,
                asleepSeconds: InsightMath.rounded(segments.reduce(0) { $0 + $1.duration }, 3),
                inBedSeconds: InsightMath.rounded(inBed.reduce(0) { $0 + $1.duration }, 3), main: main.bout)
        }
        return nights
    }

    /// The day a stretch of sleep ending at `end` belongs to: noon to noon on `calendar`'s wall clock.
    static func nightDate(ending end: Date, in calendar: Calendar) -> LocalDate {
        let last = end.addingTimeInterval(-0.001)
        let day = LocalDate(containing: last, in: calendar)
        return calendar.component(.hour, from: last) >= 12 ? day.adding(days: 1) : day
    }

    /// Minutes after noon of `date` on `calendar`'s wall clock, 0 up to 1440.
    static func minutesAfterNoon(_ date: Date, in calendar: Calendar) -> Double {
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        let minutes = Double((parts.hour ?? 0) * 60 + (parts.minute ?? 0)) + Double(parts.second ?? 0) / 60
        return (minutes - 720 + 1440).truncatingRemainder(dividingBy: 1440)
    }

    /// The union of asleep intervals, in order, each with the first recorded zone among its samples.
    /// `date` rounded to the millisecond, counted from 1970.
    static func millisecond(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded() / 1000)
    }

    private static func segments(
        of intervals: [(range: DateRange, zone: String?)]
    ) -> [(
        range: DateRange, zone: String?
    )] {
        var merged: [(range: DateRange, zone: String?)] = []
        for (range, zone) in intervals.sorted(by: { $0.range.start < $1.range.start }) {
            if let last = merged.last, range.start <= last.range.end {
                let end = max(last.range.end, range.end)
                merged[merged.count - 1] = (DateRange(clampingStart: last.range.start, end: end), last.zone ?? zone)
            } else {
                merged.append((range, zone))
            }
        }
        return merged
    }

    /// Segments joined into bouts where the gap between them is shorter than ``boutGap``.
    private static func bouts(
        of segments: [(range: DateRange, zone: String?)]
    ) -> [(
        segments: [DateRange], zone: String?
    )] {
        var bouts: [(segments: [DateRange], zone: String?)] = []
        for (range, zone) in segments {
            if let last = bouts.last?.segments.last, range.start.timeIntervalSince(last.end) < boutGap {
                bouts[bouts.count - 1].segments.append(range)
                bouts[bouts.count - 1].zone = bouts[bouts.count - 1].zone ?? zone
            } else {
                bouts.append(([range], zone))
            }
        }
        return bouts
    }

    /// The union of `ranges`, in order.
    static func union(_ ranges: [DateRange]) -> [DateRange] {
        var merged: [DateRange] = []
        for range in ranges.sorted(by: { $0.start < $1.start }) {
            if let last = merged.last, range.start <= last.end {
                merged[merged.count - 1] = DateRange(clampingStart: last.start, end: max(last.end, range.end))
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}

/// Calendars by recorded zone, made once each.
struct ZoneCalendars {
    let calendar: Calendar
    private var calendars: [String: Calendar] = [:]

    init(calendar: Calendar) { self.calendar = calendar }

    /// The `HKTimeZone` a sample was recorded in, when it names a zone this system knows.
    static func recordedZone(of sample: Sample) -> String? {
        guard case .string(let identifier)? = sample.metadata[MetadataValue.timeZoneKey],
            TimeZone(identifier: identifier) != nil
        else { return nil }
        return identifier
    }

    /// The calendar of zone `identifier` (the default calendar's when it is that zone or unknown).
    mutating func calendar(for identifier: String) -> Calendar {
        if identifier == calendar.timeZone.identifier { return calendar }
        if let known = calendars[identifier] { return known }
        guard let zone = TimeZone(identifier: identifier) else { return calendar }
        var made = calendar
        made.timeZone = zone
        calendars[identifier] = made
        return made
    }
}
