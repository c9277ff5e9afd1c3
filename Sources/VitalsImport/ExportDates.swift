import Foundation
import VitalsCore

/// The export's timestamp forms: `2019-07-19 10:36:11 -0700`, and HRV beat clock times.
enum ExportDates {
    /// The instant of an export timestamp.
    static func parse(_ slice: ByteSlice) -> Date? {
        ISO8601.parse(bytes: slice.buffer)
    }

    /// The UTC offset in seconds written at the end of a timestamp (`-0700` → −25200).
    static func offset(_ slice: ByteSlice) -> Int {
        guard slice.count >= 5 else { return 0 }
        let tail = ByteSlice(slice.base + slice.count - 5, 5)
        let sign = tail.base[0] == UInt8(ascii: "-") ? -1 : 1
        guard tail.base[0] == UInt8(ascii: "-") || tail.base[0] == UInt8(ascii: "+") else { return 0 }
        var digits = 0
        for index in 1..<5 {
            let d = Int(tail.base[index]) - 48
            guard (0...9).contains(d) else { return 0 }
            digits = digits * 10 + d
        }
        return sign * ((digits / 100) * 3600 + (digits % 100) * 60)
    }

    /// Seconds since midnight of an HRV beat's clock time: `7:44:07.15 PM`, `19:44:07,15`.
    static func secondsOfDay(_ slice: ByteSlice) -> Double? {
        var i = 0
        let b = slice.base, n = slice.count
        func number() -> Int? {
            var value = 0, digits = 0
            while i < n, b[i] >= 48, b[i] <= 57, digits < 3 { value = value * 10 + Int(b[i] - 48); i += 1; digits += 1 }
            return digits > 0 ? value : nil
        }
        guard var hour = number(), i < n, b[i] == 0x3A else { return nil }
        i += 1
        guard let minute = number(), i < n, b[i] == 0x3A else { return nil }
        i += 1
        guard let second = number() else { return nil }
        var fraction = 0.0
        if i < n, b[i] == 0x2E || b[i] == 0x2C {
            i += 1
            var scale = 0.1
            while i < n, b[i] >= 48, b[i] <= 57 { fraction += Double(b[i] - 48) * scale; scale /= 10; i += 1 }
        }
        while i < n, b[i] == 0x20 || b[i] == 0xE2 || b[i] == 0x80 || b[i] == 0xAF { i += 1 }  // spaces, incl. U+202F
        if i + 1 < n, b[i + 1] == UInt8(ascii: "M") || b[i + 1] == UInt8(ascii: "m") {
            let pm = b[i] == UInt8(ascii: "P") || b[i] == UInt8(ascii: "p")
            let am = b[i] == UInt8(ascii: "A") || b[i] == UInt8(ascii: "a")
            guard pm || am else { return nil }
            if pm, hour < 12 { hour += 12 }
            if am, hour == 12 { hour = 0 }
            i += 2
        }
        guard i == n, hour <= 23, minute <= 59, second <= 60 else { return nil }
        return Double(hour * 3600 + minute * 60 + second) + fraction
    }

    /// The instant nearest `anchor` whose clock time, in the export's UTC offset, is `secondsOfDay`.
    static func clockTime(_ secondsOfDay: Double, near anchor: Date, offsetSeconds: Int) -> Date {
        let local = anchor.timeIntervalSince1970 + Double(offsetSeconds)
        let midnight = (local / 86_400).rounded(.down) * 86_400
        let candidates = [-86_400.0, 0, 86_400].map { midnight + $0 + secondsOfDay - Double(offsetSeconds) }
        let best = candidates.min { abs($0 - anchor.timeIntervalSince1970) < abs($1 - anchor.timeIntervalSince1970) }!
        return Date(timeIntervalSince1970: best)
    }
}
