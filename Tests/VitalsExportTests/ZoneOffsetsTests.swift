import Foundation
import Testing

@testable import VitalsExport

/// The FHIR export's dates use a zone's offset cached between transitions (``ZoneOffsets``): it
/// must always be what Foundation answers for the instant.
@Suite("Export: a zone's cached offsets")
struct ZoneOffsetsTests {
    /// Zones with DST both ways, half-hour DST, DST abolished, a zone that changed its standard
    /// offset (Samoa skipped 30 December 2011) and none at all.
    static let zones = [
        "Europe/Berlin", "America/New_York", "Australia/Sydney", "Australia/Lord_Howe",
        "America/Sao_Paulo", "Pacific/Apia", "Europe/Moscow", "Asia/Kolkata", "UTC",
    ]

    @Test(
        "Equal to TimeZone.secondsFromGMT at instants in time order, backwards and around transitions",
        arguments: zones)
    func matchesFoundation(name: String) throws {
        let zone = try #require(TimeZone(identifier: name))
        var offsets = ZoneOffsets(zone: zone)
        // 2005 to 2025 in steps of minutes to 3 days, now and then a step back of up to 5 days.
        let steps: [Double] = [37_123.25, 259_199, 3_601, -400_000, 86_400, 1_000.5, 200_003, 17, 250_000, -90_000]
        var seconds = 1_104_537_600.0
        var checked = 0
        while seconds < 1_767_225_600 {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(offsets.offset(at: date) == zone.secondsFromGMT(for: date), "\(name) at \(date)")
            // Each transition's last second before and first instant after.
            if let next = zone.nextDaylightSavingTimeTransition(after: date) {
                for edge in [next.addingTimeInterval(-0.5), next, next.addingTimeInterval(0.25)] {
                    #expect(offsets.offset(at: edge) == zone.secondsFromGMT(for: edge), "\(name) at \(edge)")
                }
            }
            seconds += steps[checked % steps.count]
            checked += 1
        }
        #expect(checked > 10_000)
    }
}
