import Foundation

/// What becomes of each sample of a batch that arrives at a store: stored as new, dropped as a
/// measurement stored already under another identity, or stored as a new value of a stored
/// measurement, which it replaces.
///
/// Phones send the same measurement again and again: Health Auto Export names a value's source
/// by display name, joining several with `|` when HealthKit merged them for the period
/// (`"Anna's iPhone|Anna's Apple Watch"`), and re-sends each period's running total every hour.
/// A measurement is its type, start and end (whole milliseconds) and its source, where two
/// source strings are the same source when they name a device in common (split at `|`; the
/// same string, the empty one included, names the same devices). So, for a sample arriving:
///
/// 1. **Already stored**: a sample with its UUID is stored or earlier in the batch. It is kept
///    (the store skips it by UUID).
/// 2. **Re-sent**: a sample with the same type, start, end and value under a different source
///    string naming a device in common is earlier in the batch: it is dropped. One stored before
///    the batch is the same measurement too, restated under the phone's latest source string
///    (``Verdict/restated``): it is kept and replaces the stored one, so figures that tell sources
///    apart (a discrete type's time-weighted average) end as the latest document gives them.
/// 3. **The same measurement under another identity** (an Apple Health export's UUID, say): a
///    stored sample with the same type, start, end and value whose source names a device in
///    common, not already answering for another sample of the batch, answers for it: dropped.
///    Each stored sample stands for one measurement, so two identical stored samples answer for
///    two identical arrivals, and a third is stored.
/// 4. **Revised**: stored samples (from before the batch) with the same type, start and end and
///    a source naming a device in common, but another value, not answering for another sample
///    of the batch: the arrival is the measurement's latest value. It is kept, and they are
///    replaced (``replaced``): deleted in the same transaction. Samples of one batch never
///    revise each other (two values for one period in one document are two samples).
/// 5. Otherwise it is new and kept.
///
/// **Reports: nights and period totals.** Health Auto Export's aggregated nights are laid out as
/// samples whose periods change when the night is reported again (another app version, a source
/// added to the merge), and its aggregated totals cover a minute, an hour or a day
/// (``ReportedTotal``), the same period reported by another automation as hours or as a day. Such
/// samples (``Arrival/replacesOverlapping``) are the phone's latest word on their period, so a kept
/// one also replaces the stored ones of its type it overlaps whose source names a device in
/// common and that no sample of the batch answers for (by UUID or as re-sent), and the stored
/// instants at its start from such a source (the shape earlier versions kept totals in): the
/// latest report of a night or a period replaces the earlier one whole, and is a revision.
///
/// Given a batch in chunks, in document order, each chunk's rule answers as one rule for the
/// whole batch would: the earlier chunks' kept samples read back from the store (a sample can
/// only match one with the same start, which the chunk's window holds) enter through
/// ``addBatch(_:)``. Values are compared exactly (their bit patterns): a sample converted from
/// other units that differs in the last bit is a revision, which replaces rather than adds.
public struct ArrivalRule: Sendable {
    /// Type, start and end in whole milliseconds: the period of a measurement.
    private struct Slot: Hashable {
        var type: Int32
        var start: Int64
        var end: Int64
    }

    /// A sample the batch is compared with; `claimed` once a sample of the batch answers for it.
    private struct Entry {
        var uuid: UUID
        var value: UInt64
        var source: Int32
        var stored: Bool
        var claimed: Bool
        /// Whether a sample of the batch was dropped as re-sending it (it is current, not to be replaced).
        var answered = false
        var replaced: Bool
        /// The next entry of the same slot, or -1.
        var next: Int32
    }

    /// The first and last entry of a slot's chain.
    private struct Chain {
        var head: Int32
        var tail: Int32
    }

    private var chains: [Slot: Chain] = [:]
    private var entries: [Entry] = []
    private var types: [String: Int32] = [:]
    /// The type last looked up: samples come in runs of one type, and a name with non-ASCII
    /// characters costs a normalization to hash.
    private var lastType: (name: String, index: Int32)?
    private var sources = ArrivalSources()
    /// Stored entries by UUID, to claim them.
    private var storedByUUID: [UUID: Int32] = [:]
    /// Stored reports (parts of nights, period totals) by type, with their periods in milliseconds,
    /// sorted by start when ``reportsSorted`` holds, and the longest one's length.
    private var reports: [Int32: [(entry: Int32, start: Int64, end: Int64)]] = [:]
    private var longestReport: [Int32: Int64] = [:]
    private var reportsSorted = true
    /// The stored samples revisions replace, in the order they were found.
    public private(set) var replaced: [UUID] = []

    /// An empty rule with room for `capacity` samples (stored ones and the batch's).
    public init(capacity: Int = 0) {
        chains.reserveCapacity(capacity)
        entries.reserveCapacity(capacity)
    }

    /// The last 64 bits of a UUID (hash bits in Vitals' derived UUIDs, also in those that start
    /// with a time): enough to tell a batch's own samples (a million) from the few stored ones
    /// they are compared with, in half the memory of the UUIDs.
    public static func bits(of uuid: UUID) -> UInt64 {
        withUnsafeBytes(of: uuid.uuid) { $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self) }
    }

    /// Adds a sample stored before the batch.
    public mutating func addStored(_ sample: Arrival) {
        let slot = slot(sample)
        let index = append(
            Entry(
                uuid: sample.uuid, value: sample.value.bitPattern, source: sources.index(of: sample.source),
                stored: true, claimed: false, replaced: false, next: -1), slot: slot)
        storedByUUID[sample.uuid] = index
        if sample.replacesOverlapping {
            if let last = reports[slot.type]?.last, last.start > slot.start { reportsSorted = false }
            reports[slot.type, default: []].append((index, slot.start, slot.end))
            longestReport[slot.type] = max(longestReport[slot.type] ?? 0, slot.end - slot.start)
        }
    }

    /// Adds a sample an earlier chunk of the batch kept (stored by now).
    public mutating func addBatch(_ sample: Arrival) {
        append(
            Entry(
                uuid: sample.uuid, value: sample.value.bitPattern, source: sources.index(of: sample.source),
                stored: false,
                claimed: true, replaced: false, next: -1), slot: slot(sample))
    }

    /// Marks the stored sample with `uuid` as answering for a sample of the batch that carries
    /// its UUID: call for every sample of the batch before judging any.
    public mutating func claimStored(uuid: UUID) {
        if let index = storedByUUID[uuid] { entries[Int(index)].claimed = true }
    }

    /// Judges `sample`, the next of the batch in order (see ``ArrivalRule``).
    public mutating func judge(_ sample: Arrival) -> Verdict {
        let slot = slot(sample)
        let value = sample.value.bitPattern
        let source = sources.index(of: sample.source)
        let head = chains[slot]?.head ?? -1
        var index = head
        while index >= 0 {
            let entry = entries[Int(index)]
            if entry.uuid == sample.uuid, !entry.replaced { return .store }
            index = entry.next
        }
        index = head
        while index >= 0 {
            let entry = entries[Int(index)]
            if !entry.replaced, entry.value == value, entry.source != source, sources.shareDevice(entry.source, source)
            {
                guard entry.stored, !entry.claimed, !entry.answered else {
                    entries[Int(index)].answered = true
                    return .resent
                }
                entries[Int(index)].claimed = true
                entries[Int(index)].replaced = true
                replaced.append(entry.uuid)
                append(
                    Entry(
                        uuid: sample.uuid, value: value, source: source, stored: false, claimed: true,
                        replaced: false, next: -1), slot: slot)
                return .restated
            }
            index = entry.next
        }
        index = head
        while index >= 0 {
            let entry = entries[Int(index)]
            if entry.stored, !entry.claimed, entry.value == value, sources.shareDevice(entry.source, source) {
                entries[Int(index)].claimed = true
                return .resent
            }
            index = entry.next
        }
        var verdict = Verdict.store
        index = head
        while index >= 0 {
            let entry = entries[Int(index)]
            if entry.stored, !entry.claimed, entry.value != value, sources.shareDevice(entry.source, source) {
                entries[Int(index)].claimed = true
                entries[Int(index)].replaced = true
                replaced.append(entry.uuid)
                verdict = .revision
            }
            index = entry.next
        }
        append(
            Entry(
                uuid: sample.uuid, value: value, source: source, stored: false, claimed: true, replaced: false,
                next: -1), slot: slot)
        return verdict
    }

    /// Replaces the stored reports of its type that `sample`, a kept report, overlaps, and the
    /// stored instants at its start (see ``ArrivalRule``'s reports); returns whether it replaced
    /// any. Call once every sample of the batch is judged, so those the batch answers for are known.
    public mutating func replaceReports(overlapping sample: Arrival) -> Bool {
        guard sample.replacesOverlapping, let type = types[sample.type] else { return false }
        let source = sources.index(of: sample.source)
        let start = Self.milliseconds(sample.start), end = Self.milliseconds(sample.end)
        var replacedAny = false
        func replace(_ index: Int32) {
            let entry = entries[Int(index)]
            guard entry.stored, sources.shareDevice(entry.source, source) else { return }
            // Replaced by an earlier sample of the batch: this one revises the same report too.
            if entry.replaced {
                replacedAny = true
                return
            }
            guard !entry.claimed, !entry.answered else { return }
            entries[Int(index)].claimed = true
            entries[Int(index)].replaced = true
            replaced.append(entry.uuid)
            replacedAny = true
        }
        if !reportsSorted {
            for key in reports.keys { reports[key]?.sort { $0.start < $1.start } }
            reportsSorted = true
        }
        if let parts = reports[type] {
            // The first that may overlap starts no earlier than the longest one before `start`.
            let earliest = start - (longestReport[type] ?? 0)
            var low = 0, high = parts.count
            while low < high {
                let middle = (low + high) / 2
                if parts[middle].start < earliest { low = middle + 1 } else { high = middle }
            }
            while low < parts.count, parts[low].start < end {
                if start < parts[low].end || (parts[low].start == parts[low].end && parts[low].start >= start) {
                    replace(parts[low].entry)
                }
                low += 1
            }
        }
        var index = chains[Slot(type: type, start: start, end: start)]?.head ?? -1
        while index >= 0 {
            replace(index)
            index = entries[Int(index)].next
        }
        return replacedAny
    }

    /// Adds `entry` at the end of `slot`'s chain; returns its index.
    @discardableResult
    private mutating func append(_ entry: Entry, slot: Slot) -> Int32 {
        let index = Int32(entries.count)
        entries.append(entry)
        // One hash of the slot: the chain is changed in place.
        func link(_ chain: inout Chain) -> Int32 {
            let last = chain.tail
            if last < 0 { chain.head = index }
            chain.tail = index
            return last
        }
        let last = link(&chains[slot, default: Chain(head: -1, tail: -1)])
        if last >= 0 { entries[Int(last)].next = index }
        return index
    }

    private mutating func slot(_ sample: Arrival) -> Slot {
        let type: Int32
        if let last = lastType, last.name == sample.type {
            type = last.index
        } else if let known = types[sample.type] {
            type = known
            lastType = (sample.type, known)
        } else {
            type = Int32(types.count)
            types[sample.type] = type
            lastType = (sample.type, type)
        }
        return Slot(type: type, start: Self.milliseconds(sample.start), end: Self.milliseconds(sample.end))
    }

    /// Whole milliseconds since 1970, the precision phones' timestamps have.
    static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        return value.magnitude < 9.2e18 ? Int64(value) : (value < 0 ? Int64.min : Int64.max)
    }
}
