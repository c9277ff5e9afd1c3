import Foundation
import VitalsCore

/// The rule that keeps a measurement stored once when it arrives again under another identity.
///
/// Health Auto Export names the source of a value by display name, joining several with `|`
/// when HealthKit merged them for the period (`"Anna's iPhone|Anna's Apple Watch"`); the same
/// minute may come back later as `"Anna's iPhone"` alone. And a measurement imported from an
/// Apple Health export (`vitals user import`) has a UUID derived from the export's XML, which
/// Health Auto Export's UUID for it (derived from its JSON) never equals. So, for a sample of
/// the same type, start, end (whole milliseconds) and value as a stored one:
///
/// - under a different source string that names a device in common with the stored one's
///   (strings split at `|`), or with one earlier in the same batch, it is that sample re-sent;
/// - under a source naming a device in common, with another UUID, it is the same measurement
///   when the stored sample is not already matched by the UUID of another sample of the batch
///   (each stored sample answers for at most one sample of a batch).
///
/// Either way it is not stored again. Identical samples within one batch under the same source
/// string are left to their UUIDs (a repeat in one document is a second sample), and a batch
/// with more of them than are stored adds the rest. Different devices at one instant are both
/// stored, and the day's statistics count the highest-priority source's value only
/// (`StatisticsEngine`).
extension HealthService {
    /// `samples` without those already stored under another identity (see above), read with
    /// the write's own transaction, so a concurrent write cannot slip in between.
    nonisolated(nonsending) static func withoutResent(_ samples: [StoredSample],
                                                      in store: some HealthWriteTransaction) async throws -> [StoredSample] {
        guard !samples.isEmpty else { return [] }
        var stored: [StoredSample] = []
        for (type, group) in Dictionary(grouping: samples, by: \.type) {
            guard let first = group.map(\.start).min(), let last = group.map(\.start).max() else { continue }
            let window = SampleWindow(startingBefore: last.addingTimeInterval(0.001), endingFrom: first)
            stored += try await store.samples(of: SampleType(identifier: type), in: window)
        }
        return withoutResent(samples, stored: stored)
    }

    /// The rule over plain values: `samples` (a batch, in order) against the `stored` samples that may match them.
    static func withoutResent(_ samples: [StoredSample], stored: [StoredSample]) -> [StoredSample] {
        /// A sample the batch is compared with; `claimed` once a sample of the batch answers for it.
        struct Known {
            var uuid: UUID
            var source: String
            var stored: Bool
            var claimed: Bool
        }
        var known: [String: [Known]] = [:]
        for sample in stored {
            known[resendKey(sample), default: []].append(Known(uuid: sample.uuid, source: sample.sourceName,
                                                                stored: true, claimed: false))
        }
        // Stored samples the batch sends again with their own UUID answer for those first.
        let batchUUIDs = Set(samples.map(\.uuid))
        for (key, entries) in known {
            known[key] = entries.map { entry in
                var entry = entry
                entry.claimed = batchUUIDs.contains(entry.uuid)
                return entry
            }
        }
        var kept: [StoredSample] = []
        kept.reserveCapacity(samples.count)
        for sample in samples {
            let key = resendKey(sample)
            let devices = Self.devices(sample.sourceName)
            var entries = known[key, default: []]
            if entries.contains(where: { $0.uuid == sample.uuid }) {
                kept.append(sample)  // the same sample again: its UUID keeps it once
                continue
            }
            let sharesDevice = { (entry: Known) in !Self.devices(entry.source).isDisjoint(with: devices) }
            if entries.contains(where: { $0.source != sample.sourceName && sharesDevice($0) }) {
                continue
            }
            if let match = entries.firstIndex(where: { $0.stored && !$0.claimed && sharesDevice($0) }) {
                entries[match].claimed = true
                known[key] = entries
                continue
            }
            entries.append(Known(uuid: sample.uuid, source: sample.sourceName, stored: false, claimed: true))
            known[key] = entries
            kept.append(sample)
        }
        return kept
    }

    /// Type, start and end in whole milliseconds, and value: what a re-sent sample shares.
    static func resendKey(_ sample: StoredSample) -> String {
        let start = Int64((sample.start.timeIntervalSince1970 * 1000).rounded())
        let end = Int64((sample.end.timeIntervalSince1970 * 1000).rounded())
        return "\(sample.type)|\(start)|\(end)|\(sample.value)"
    }

    /// The device names a source string joins with `|`.
    private static func devices(_ source: String) -> Set<String> {
        Set(source.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) })
    }
}
