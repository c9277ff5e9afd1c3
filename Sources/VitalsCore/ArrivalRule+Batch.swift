import Foundation

extension ArrivalRule {
    /// What the rule decided for a batch (or one chunk of it).
    public struct Judgement: Sendable {
        /// The verdict for each sample of the batch, in its order.
        public var verdicts: [Verdict]
        /// The stored samples the revisions replace.
        public var replaced: [UUID]
    }

    /// Judges `batch` (in document order) against the `stored` samples that may match it (of its
    /// types, starting within its span); stored samples whose UUID's last 64 bits are in `earlier`
    /// are the batch's own, stored by its earlier chunks (see ``bits(of:)``).
    public static func judge(_ batch: [Arrival], against stored: [Arrival],
                             earlier: Set<UInt64> = []) -> Judgement {
        var rule = ArrivalRule(capacity: batch.count + stored.count)
        for sample in stored {
            if earlier.contains(bits(of: sample.uuid)) { rule.addBatch(sample) } else { rule.addStored(sample) }
        }
        // Stored samples the batch sends again with their own UUID answer for those first.
        if !stored.isEmpty {
            for sample in batch { rule.claimStored(uuid: sample.uuid) }
        }
        var verdicts: [Verdict] = []
        verdicts.reserveCapacity(batch.count)
        for sample in batch { verdicts.append(rule.judge(sample)) }
        for (index, sample) in batch.enumerated() where sample.isNightPart && verdicts[index] != .resent {
            if rule.replaceNights(overlapping: sample) { verdicts[index] = .revision }
        }
        return Judgement(verdicts: verdicts, replaced: rule.replaced)
    }

    /// The start span of each type in `batch`: the windows of stored samples it may match (for
    /// a type with parts of nights, from ``longestNight`` before its first start through its last
    /// end, so the nights they overlap are read too).
    public static func spans(of batch: [Arrival]) -> [(type: String, first: Date, last: Date)] {
        var spans: [String: (first: Date, last: Date)] = [:]
        for sample in batch {
            let first = sample.isNightPart ? sample.start.addingTimeInterval(-longestNight) : sample.start
            let last = sample.isNightPart ? sample.end : sample.start
            if let span = spans[sample.type] {
                if first < span.first || last > span.last {
                    spans[sample.type] = (min(span.first, first), max(span.last, last))
                }
            } else {
                spans[sample.type] = (first, last)
            }
        }
        return spans.sorted { $0.key < $1.key }.map { ($0.key, $0.value.first, $0.value.last) }
    }

    /// The longest part of a night looked for before a night's first start (a whole day).
    public static let longestNight: TimeInterval = 86_400
}
