import Foundation

/// Fast, allocation-light ISO 8601 parsing and formatting for timestamps with a UTC offset.
///
/// Accepts `2025-10-01T07:30:00+02:00`, `2025-10-01T07:30:00.250Z`, `2025-10-01 07:30:00 +0200`
/// (Apple Health export form) and `2025-10-01T07:30+02:00`. A timestamp without an offset is
/// rejected: an instant needs one. `DateFormatter` manages ~36k dates/s; this does millions.
///
/// With `twelveHourClock`, the form a phone set to a 12-hour clock writes is read too:
/// `2024-09-21 7:57:00 am +1000`, the hour in one or two digits (1-12), `am`/`pm` in any case
/// after an ASCII space, a no-break space (U+00A0), a narrow no-break space (U+202F) or nothing;
/// `12:xx am` is 00:xx and `12:xx pm` is 12:xx.
public enum ISO8601 {
    /// The instant `text` names, or `nil` when it is not an ISO 8601 timestamp with an offset.
    public static func parse(_ text: String) -> Date? {
        var copy = text
        return copy.withUTF8 { parse(bytes: $0) }
    }

    /// The instant `text` names, also in 12-hour form when `twelveHourClock` is true.
    public static func parse(_ text: String, twelveHourClock: Bool) -> Date? {
        var copy = text
        return copy.withUTF8 { parse(bytes: $0, twelveHourClock: twelveHourClock) }
    }

    /// Parses UTF-8 bytes; see ``parse(_:)`` and ``parse(_:twelveHourClock:)``.
    public static func parse(bytes b: UnsafeBufferPointer<UInt8>, twelveHourClock: Bool = false) -> Date? {
        var i = 0
        func digits(_ count: Int) -> Int? {
            guard i + count <= b.count else { return nil }
            var value = 0
            for _ in 0..<count {
                let d = Int(b[i]) - 48
                guard d >= 0 && d <= 9 else { return nil }
                value = value * 10 + d
                i += 1
            }
            return value
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < b.count, b[i] == c else { return false }
            i += 1
            return true
        }
        guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D),
            let day = digits(2)
        else { return nil }
        guard i < b.count, b[i] == 0x54 || b[i] == 0x20 || b[i] == 0x74 else { return nil }
        i += 1
        let shortHour = twelveHourClock && i + 1 < b.count && b[i + 1] == 0x3A
        guard var hour = digits(shortHour ? 1 : 2), expect(0x3A), let minute = digits(2) else { return nil }
        var second = 0
        var fraction = 0.0
        if expect(0x3A) {
            guard let s = digits(2) else { return nil }
            second = s
            if i < b.count, b[i] == 0x2E || b[i] == 0x2C {
                i += 1
                var scale = 0.1
                var sawDigit = false
                while i < b.count, b[i] >= 48, b[i] <= 57 {
                    fraction += Double(b[i] - 48) * scale
                    scale /= 10
                    i += 1
                    sawDigit = true
                }
                guard sawDigit else { return nil }
            }
        }
        if twelveHourClock {
            guard let adjusted = meridiem(b, &i, hour: hour) else { return nil }
            hour = adjusted
        }
        while i < b.count, b[i] == 0x20 { i += 1 }
        guard i < b.count else { return nil }
        var offset = 0
        if b[i] == 0x5A || b[i] == 0x7A {
            i += 1
        } else if b[i] == 0x2B || b[i] == 0x2D {
            let sign = b[i] == 0x2D ? -1 : 1
            i += 1
            guard let oh = digits(2) else { return nil }
            _ = expect(0x3A)
            guard let om = digits(2) else { return nil }
            guard oh <= 23, om <= 59 else { return nil }
            offset = sign * (oh * 3600 + om * 60)
        } else {
            return nil
        }
        guard i == b.count else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year, month),
            hour <= 23 || (hour == 24 && minute == 0 && second == 0 && fraction == 0),
            minute <= 59, second <= 60
        else { return nil }
        let days = daysFromCivil(year, month, day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    /// The 24-hour hour of `hour` when an am/pm marker follows at `i` (moving `i` past it), `hour`
    /// itself when none does (a 24-hour time), nil when a marker follows an hour outside 1-12.
    private static func meridiem(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, hour: Int) -> Int? {
        var j = i
        if j < b.count, b[j] == 0x20 {
            j += 1
        } else if j + 1 < b.count, b[j] == 0xC2, b[j + 1] == 0xA0 {
            j += 2
        } else if j + 2 < b.count, b[j] == 0xE2, b[j + 1] == 0x80, b[j + 2] == 0xAF {
            j += 3
        }
        guard j + 1 < b.count, b[j + 1] | 0x20 == 0x6D else { return hour }
        let pm: Bool
        switch b[j] | 0x20 {
        case 0x61: pm = false
        case 0x70: pm = true
        default: return hour
        }
        guard (1...12).contains(hour) else { return nil }
        i = j + 2
        return hour % 12 + (pm ? 12 : 0)
    }

    /// `2025-10-01T07:30:00+02:00` (or `...Z` in GMT), with milliseconds or microseconds only when present.
    public static func format(_ date: Date, in zone: TimeZone) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(32)
        write(date, offset: zone.secondsFromGMT(for: date), to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends ``format(_:in:)``'s text for `date` at `offset` seconds east of UTC, as UTF-8, without
    /// Foundation: what a writer of many dates calls with the zone's offset it knows.
    public static func write(_ date: Date, offset: Int, to text: inout [UInt8]) {
        let local = date.timeIntervalSince1970 + Double(offset)
        var whole = local.rounded(.down)
        var micros = Int(((local - whole) * 1_000_000).rounded())
        if micros == 1_000_000 { whole += 1; micros = 0 }
        let total = Int(whole)
        let days = Int((Double(total) / 86_400).rounded(.down))
        let secondsOfDay = total - days * 86_400
        let (y, m, d) = civilFromDays(days)
        append(y, 4, to: &text)
        text.append(0x2D)
        append(m, 2, to: &text)
        text.append(0x2D)
        append(d, 2, to: &text)
        text.append(0x54)
        append(secondsOfDay / 3600, 2, to: &text)
        text.append(0x3A)
        append(secondsOfDay / 60 % 60, 2, to: &text)
        text.append(0x3A)
        append(secondsOfDay % 60, 2, to: &text)
        if micros % 1000 == 0, micros != 0 {
            text.append(0x2E)
            append(micros / 1000, 3, to: &text)
        }
        if micros % 1000 != 0 {
            text.append(0x2E)
            append(micros, 6, to: &text)
        }
        if offset == 0 {
            text.append(0x5A)
            return
        }
        text.append(offset < 0 ? 0x2D : 0x2B)
        let magnitude = abs(offset)
        append(magnitude / 3600, 2, to: &text)
        text.append(0x3A)
        append(magnitude / 60 % 60, 2, to: &text)
    }

    /// Appends `value`'s decimal digits, zero-padded on the left to `width`.
    private static func append(_ value: Int, _ width: Int, to text: inout [UInt8]) {
        guard value >= 0 else {
            // A year before 0: written as it always was (the sign after the padding).
            let digits = String(value)
            text.append(contentsOf: (String(repeating: "0", count: max(0, width - digits.count)) + digits).utf8)
            return
        }
        var count = 1
        var scale = 1
        while value / scale >= 10 {
            scale *= 10
            count += 1
        }
        for _ in count..<max(count, width) { text.append(0x30) }
        while scale > 0 {
            text.append(UInt8(0x30 + value / scale % 10))
            scale /= 10
        }
    }

    static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The civil date of a day count since 1970-01-01.
    static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
