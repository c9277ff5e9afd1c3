import Foundation
import VitalsCore

/// The rule that keeps a sample re-sent under another source string once.
///
/// Health Auto Export names the source of a value by display name, joining several with `|`
/// when HealthKit merged them for the period (`"Anna's iPhone|Anna's Apple Watch"`); the same
/// minute may come back later as `"Anna's iPhone"` alone. A sample of the same type, start, end
/// and value as one already stored (or earlier in the same batch) whose source string differs but
/// names a device in common with it (strings split at `|`) is that sample re-sent: it is not
/// stored again. Identical source strings are left to the samples' UUIDs (a repeat in one
/// document is a second sample). Different devices at one instant are both stored, and the
/// day's statistics count the highest-priority source's value only (`StatisticsEngine`).
extension HealthService {
    /// `samples` without those re-sent under another source string (see above), and how many
    /// were left out.
    func withoutResent(_ samples: [StoredSample], for user: ServerUser) async throws -> (kept: [StoredSample], resent: Int) {
        guard !samples.isEmpty else { return ([], 0) }
        var known: [String: [String]] = [:]
        for (type, group) in Dictionary(grouping: samples, by: \.type) {
            guard let first = group.map(\.start).min(), let last = group.map(\.start).max() else { continue }
            let stored = try await repository.samples(of: user, type: SampleType(identifier: type),
                                                      startingBefore: last.addingTimeInterval(0.001), endingFrom: first)
            for sample in stored { known[Self.resendKey(sample), default: []].append(sample.sourceName) }
        }
        var kept: [StoredSample] = []
        kept.reserveCapacity(samples.count)
        for sample in samples {
            let key = Self.resendKey(sample)
            let devices = Self.devices(sample.sourceName)
            let others = known[key, default: []]
            if others.contains(where: { $0 != sample.sourceName && !Self.devices($0).isDisjoint(with: devices) }) {
                continue
            }
            known[key, default: []].append(sample.sourceName)
            kept.append(sample)
        }
        return (kept, samples.count - kept.count)
    }

    /// Type, start and end in whole milliseconds, and value: what a re-sent sample shares.
    private static func resendKey(_ sample: StoredSample) -> String {
        let start = Int64((sample.start.timeIntervalSince1970 * 1000).rounded())
        let end = Int64((sample.end.timeIntervalSince1970 * 1000).rounded())
        return "\(sample.type)|\(start)|\(end)|\(sample.value)"
    }

    /// The device names a source string joins with `|`.
    private static func devices(_ source: String) -> Set<String> {
        Set(source.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) })
    }
}
