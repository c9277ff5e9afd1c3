import Foundation
import Testing
import VitalsCore

/// `ISO8601.write(_:offset:to:)`, the bytes `format(_:in:)` returns as text, written without Foundation.
@Suite("ISO 8601: writing dates as bytes")
struct ISO8601WriteTests {
    @Test(
        "Padded fields, fractions only when present, offsets with minutes, Z for UTC",
        arguments: [
            (-32_000_000_000.0, -12_600, "0955-12-17T11:36:40-03:30"),
            (1_700_000_000.25, 20_700, "2023-11-15T03:58:20.250+05:45"),
            (1_700_000_000.125, -36_000, "2023-11-14T12:13:20.125-10:00"),
            (1_700_000_000.000_25, 0, "2023-11-14T22:13:20.000250Z"),
            (253_402_300_799.0, 0, "9999-12-31T23:59:59Z"),
            (-86_400.0, 3_600, "1969-12-31T01:00:00+01:00"),
        ])
    func written(seconds: Double, offset: Int, expected: String) throws {
        var bytes: [UInt8] = Array("x".utf8)
        ISO8601.write(Date(timeIntervalSince1970: seconds), offset: offset, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "x" + expected)
        let zone = try #require(TimeZone(secondsFromGMT: offset))
        #expect(ISO8601.format(Date(timeIntervalSince1970: seconds), in: zone) == expected)
    }
}
