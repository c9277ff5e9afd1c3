import Foundation
import VitalsCore

/// The zone each sample was recorded in: its `HKTimeZone` metadata, else the export's zone; with
/// each zone's offsets cached (``ZoneOffsets``).
struct SampleZones {
    /// The zone of samples that name none (or name an unknown one).
    var zone: TimeZone { fallback.zone }
    private var fallback: ZoneOffsets
    /// Zones named by samples, looked up once each.
    private var named: [String: ZoneOffsets] = [:]

    init(zone: TimeZone) { fallback = ZoneOffsets(zone: zone) }

    /// The zone of `sample`.
    mutating func zone(of sample: Sample) -> TimeZone {
        guard let name = Self.zoneName(of: sample) else { return zone }
        return offsets(named: name).zone
    }

    /// The offsets from UTC of `sample`'s start and end in its zone.
    mutating func offsets(of sample: Sample) -> (start: Int, end: Int) {
        guard let name = Self.zoneName(of: sample) else {
            return (fallback.offset(at: sample.start), fallback.offset(at: sample.end))
        }
        var offsets = offsets(named: name)
        let found = (offsets.offset(at: sample.start), offsets.offset(at: sample.end))
        named[name] = offsets
        return found
    }

    /// The zone `sample` names (`HKTimeZone`), if any.
    private static func zoneName(of sample: Sample) -> String? {
        guard !sample.metadata.isEmpty, case .string(let name)? = sample.metadata[MetadataValue.timeZoneKey] else {
            return nil
        }
        return name
    }

    /// The offsets of the zone `name`, looked up in Foundation the first time (an unknown name: the export's zone).
    private mutating func offsets(named name: String) -> ZoneOffsets {
        if let known = named[name] { return known }
        let found = ZoneOffsets(zone: TimeZone(identifier: name) ?? zone)
        named[name] = found
        return found
    }
}
