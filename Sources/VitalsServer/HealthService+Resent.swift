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
        return withoutResent(samples, stored: try await storedMatches(of: samples, in: store))
    }

    /// ``withoutResent(_:in:)`` for one chunk of a batch stored in chunks, in document order;
    /// `batch` holds the UUIDs kept from the earlier chunks (their last 64 bits, see
    /// ``ResentRule/bits(of:)``) and gets this chunk's, so that
    /// the earlier chunks, stored by now, count as the batch's own, and the answer is the one
    /// for the whole batch at once (see ``ResentRule``).
    nonisolated(nonsending) static func withoutResent(_ samples: [StoredSample], in store: some HealthWriteTransaction,
                                                      batch: inout Set<UInt64>) async throws -> [StoredSample] {
        guard !samples.isEmpty else { return [] }
        let kept = withoutResent(samples, stored: try await storedMatches(of: samples, in: store), batch: batch)
        batch.formUnion(kept.map { ResentRule.bits(of: $0.uuid) })
        return kept
    }

    /// The stored samples `samples` may match: of their types, starting in the same millisecond
    /// range (a range of the index on start).
    nonisolated(nonsending) private static func storedMatches(
        of samples: [StoredSample], in store: some HealthWriteTransaction) async throws -> [StoredSample] {
        var spans: [String: (first: Date, last: Date)] = [:]
        for sample in samples {
            if let span = spans[sample.type] {
                if sample.start < span.first || sample.start > span.last {
                    spans[sample.type] = (min(span.first, sample.start), max(span.last, sample.start))
                }
            } else {
                spans[sample.type] = (sample.start, sample.start)
            }
        }
        // One read for all the types (one statement on PostgreSQL).
        return try await store.samples(in: spans.sorted(by: { $0.key < $1.key }).map { type, span in
            (SampleType(identifier: type), SampleWindow(startFrom: span.first.timeIntervalSince1970 - 0.001,
                                                        startBefore: span.last.timeIntervalSince1970 + 0.001))
        })
    }

    /// The rule over plain values: `samples` (a batch, in order) against the `stored` samples
    /// that may match them, those with a UUID in `batch` being the batch's own earlier samples.
    static func withoutResent(_ samples: [StoredSample], stored: [StoredSample],
                              batch: Set<UInt64> = []) -> [StoredSample] {
        var rule = ResentRule(capacity: samples.count + stored.count)
        for sample in stored {
            if batch.contains(ResentRule.bits(of: sample.uuid)) { rule.addBatch(sample) } else { rule.addStored(sample) }
        }
        // Stored samples the batch sends again with their own UUID answer for those first.
        if !stored.isEmpty {
            for sample in samples { rule.claimStored(uuid: sample.uuid) }
        }
        var kept: [StoredSample] = []
        kept.reserveCapacity(samples.count)
        for sample in samples where rule.keeps(sample) { kept.append(sample) }
        return kept
    }
}

/// The state of ``HealthService/withoutResent(_:stored:)``: what the batch is compared with, by
/// key, as chains in one array (a batch of a year holds a million keys).
///
/// Given a batch in chunks, in document order, each chunk's rule answers as one rule for the
/// whole batch would: the earlier chunks' kept samples read back from the store (a sample can
/// only match one starting in the same millisecond, which the chunk's window holds) and enter
/// as the batch's own, claimed. (A stored sample whose UUID a later chunk sends again is claimed
/// only from that chunk on; a sample that claim would have kept is a later repeat of it in
/// document order, so it comes after, and the answer is the same.)
struct ResentRule {
    /// The last 64 bits of a UUID (hash bits in Vitals' derived UUIDs, also in those that start
    /// with a time): enough to tell a batch's own samples (a million) from the few stored ones
    /// they are compared with, in half the memory of the UUIDs.
    static func bits(of uuid: UUID) -> UInt64 {
        withUnsafeBytes(of: uuid.uuid) { $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self) }
    }

    /// Type, start and end in whole milliseconds, and value: what a re-sent sample shares.
    struct Key: Hashable {
        var type: Int32
        var start: Int64
        var end: Int64
        var value: UInt64
    }

    /// A sample the batch is compared with; `claimed` once a sample of the batch answers for it.
    struct Known {
        var uuid: UUID
        var source: Int32
        var stored: Bool
        var claimed: Bool
        /// The next entry with the same key, or -1.
        var next: Int32
    }

    private var heads: [Key: Int32] = [:]
    private var entries: [Known] = []
    private var types: [String: Int32] = [:]
    private var sources: [String: Int32] = [:]
    private var devices: [Set<String>] = []
    /// Whether two sources (by index) name a device in common.
    private var shared: [Int64: Bool] = [:]
    /// Stored entries by UUID, to claim them.
    private var storedByUUID: [UUID: Int32] = [:]

    /// An empty rule with room for `capacity` samples (stored ones and the batch's).
    init(capacity: Int = 0) {
        heads.reserveCapacity(capacity)
        entries.reserveCapacity(capacity)
    }

    /// Adds a stored sample.
    mutating func addStored(_ sample: StoredSample) {
        let added = append(Known(uuid: sample.uuid, source: source(sample.sourceName), stored: true, claimed: false,
                                 next: -1), key: key(sample))
        storedByUUID[sample.uuid] = added
    }

    /// Adds a sample an earlier chunk of the batch kept (stored by now).
    mutating func addBatch(_ sample: StoredSample) {
        append(Known(uuid: sample.uuid, source: source(sample.sourceName), stored: false, claimed: true, next: -1),
               key: key(sample))
    }

    mutating func claimStored(uuid: UUID) {
        if let index = storedByUUID[uuid] { entries[Int(index)].claimed = true }
    }

    /// Whether `sample` is stored: not the same measurement as one stored or earlier in the batch.
    mutating func keeps(_ sample: StoredSample) -> Bool {
        let key = key(sample)
        let source = source(sample.sourceName)
        let head = heads[key] ?? -1
        var index = head
        while index >= 0 {
            if entries[Int(index)].uuid == sample.uuid { return true }  // the same sample again: its UUID keeps it once
            index = entries[Int(index)].next
        }
        index = head
        while index >= 0 {
            let entry = entries[Int(index)]
            if entry.source != source, sharesDevice(entry.source, source) { return false }
            index = entry.next
        }
        index = head
        while index >= 0 {
            let entry = entries[Int(index)]
            if entry.stored, !entry.claimed, sharesDevice(entry.source, source) {
                entries[Int(index)].claimed = true
                return false
            }
            index = entry.next
        }
        append(Known(uuid: sample.uuid, source: source, stored: false, claimed: true, next: -1), key: key)
        return true
    }

    /// Adds `entry` at the end of `key`'s chain; returns its index.
    @discardableResult
    private mutating func append(_ entry: Known, key: Key) -> Int32 {
        let index = Int32(entries.count)
        entries.append(entry)
        guard var last = heads[key] else {
            heads[key] = index
            return index
        }
        while entries[Int(last)].next >= 0 { last = entries[Int(last)].next }
        entries[Int(last)].next = index
        return index
    }

    private mutating func key(_ sample: StoredSample) -> Key {
        let type: Int32
        if let known = types[sample.type] {
            type = known
        } else {
            type = Int32(types.count)
            types[sample.type] = type
        }
        return Key(type: type, start: Int64((sample.start.timeIntervalSince1970 * 1000).rounded()),
                   end: Int64((sample.end.timeIntervalSince1970 * 1000).rounded()), value: sample.value.bitPattern)
    }

    private mutating func source(_ name: String) -> Int32 {
        if let index = sources[name] { return index }
        let index = Int32(devices.count)
        sources[name] = index
        devices.append(Set(name.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }))
        return index
    }

    private mutating func sharesDevice(_ first: Int32, _ second: Int32) -> Bool {
        let pair = Int64(first) << 32 | Int64(second)
        if let known = shared[pair] { return known }
        let answer = !devices[Int(first)].isDisjoint(with: devices[Int(second)])
        shared[pair] = answer
        return answer
    }
}
