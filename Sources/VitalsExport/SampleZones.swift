import Foundation
import VitalsCore

/// The zone each sample was recorded in: its `HKTimeZone` metadata, else the export's zone.
struct SampleZones {
    /// The zone of samples that name none (or name an unknown one).
    let zone: TimeZone
    /// Zones named by samples, looked up once each.
    private var named: [String: TimeZone] = [:]

    init(zone: TimeZone) { self.zone = zone }

    /// The zone of `sample`.
    mutating func zone(of sample: Sample) -> TimeZone {
        guard case .string(let name)? = sample.metadata[MetadataValue.timeZoneKey] else { return zone }
        if let known = named[name] { return known }
        let found = TimeZone(identifier: name) ?? zone
        named[name] = found
        return found
    }
}
