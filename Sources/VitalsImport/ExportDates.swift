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

    /// An HRV beat's clock time (`7:44:07.15 PM` or `19:44:07,15`) as the instant nearest `anchor`,
    /// reading the clock in the export's UTC offset.
    static func clockTime(_ text: String, near anchor: Date, offsetSeconds: Int) -> Date? {
        var clock = text.trimmingCharacters(in: .whitespaces)
        var add12 = false
        var isAM = false
        let upper = clock.uppercased()
        if upper.hasSuffix("PM") { add12 = true; clock = String(clock.dropLast(2)) }
        else if upper.hasSuffix("AM") { isAM = true; clock = String(clock.dropLast(2)) }
        clock = clock.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        let parts = clock.split(separator: ":")
        guard parts.count == 3, var hour = Int(parts[0]), let minute = Int(parts[1]), let second = Double(parts[2]),
              (0...23).contains(hour), (0...59).contains(minute), second >= 0, second < 61 else { return nil }
        if add12, hour < 12 { hour += 12 }
        if isAM, hour == 12 { hour = 0 }
        let local = anchor.timeIntervalSince1970 + Double(offsetSeconds)
        let midnight = (local / 86_400).rounded(.down) * 86_400
        let secondsOfDay = Double(hour * 3600 + minute * 60) + second
        let candidates = [-86_400.0, 0, 86_400].map { midnight + $0 + secondsOfDay - Double(offsetSeconds) }
        let best = candidates.min { abs($0 - anchor.timeIntervalSince1970) < abs($1 - anchor.timeIntervalSince1970) }!
        return Date(timeIntervalSince1970: best)
    }
}
