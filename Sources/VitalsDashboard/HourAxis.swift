import Foundation
import VitalsCore

/// The Day page's hour axis: one equal slot per hour of the day in its zone (23 or 25 on a DST change).
///
/// The hourly steps chart and the meals chart share it, so a time sits at the same x in both: an
/// instant is placed in its hour's slot by the fraction of that hour gone.
struct HourAxis: Sendable {
    /// The day's hours in order.
    var hours: [DateRange]
    var calendar: Calendar

    static let width = 600.0, left = 72.0, right = 4.0

    /// An axis over `hours`, e.g. the ranges of a day's hourly statistics buckets.
    init(hours: [DateRange], calendar: Calendar) {
        self.hours = hours
        self.calendar = calendar
    }

    /// The hours of the local day `day` (its `[00:00, next 00:00)` range) in `calendar`'s zone.
    init(day: DateRange, calendar: Calendar) {
        var hours: [DateRange] = []
        var cursor = day.start
        while cursor < day.end {
            let hour = DateRange.period(.hour, containing: cursor, in: calendar)
            hours.append(hour)
            cursor = hour.end
        }
        self.init(hours: hours, calendar: calendar)
    }

    var plotWidth: Double { Self.width - Self.left - Self.right }

    /// The width of one hour.
    var slot: Double { plotWidth / Double(max(1, hours.count)) }

    /// The left edge of hour `index`.
    func x(ofHour index: Int) -> Double { Self.left + Double(index) * slot }

    /// Where `date` sits: its hour's slot plus the fraction of the hour gone; clamped to the day.
    func x(_ date: Date) -> Double {
        guard let first = hours.first, date >= first.start else { return Self.left }
        guard let index = hours.firstIndex(where: { $0.contains(date) }) else { return x(ofHour: 0) + plotWidth }
        let hour = hours[index]
        return x(ofHour: index) + slot * date.timeIntervalSince(hour.start) / max(1, hour.duration)
    }

    /// `07:00–08:00`.
    func label(_ hour: DateRange) -> String {
        "\(DisplayFormat.clock(hour.start, in: calendar))–\(DisplayFormat.clock(hour.end, in: calendar))"
    }

    /// The hour labels every third hour, centred under their slots, on the baseline `y`; those
    /// between the six-hourly ones are `minor`, which a narrow screen hides.
    func ticks(y: Double) -> HTML {
        HTML {
            for index in stride(from: 0, to: hours.count, by: 3) {
                Tag.text(
                    .class(index % 6 == 0 ? "tick" : "tick minor"), .x(x(ofHour: index) + slot / 2), .y(y),
                    .textAnchor("middle")
                ) {
                    DisplayFormat.clock(hours[index].start, in: calendar)
                }
            }
        }
    }
}
