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
        return Judgement(verdicts: verdicts, replaced: rule.replaced)
    }

    /// The start span of each type in `batch`: the windows of stored samples it may match.
    public static func spans(of batch: [Arrival]) -> [(type: String, first: Date, last: Date)] {
        var spans: [String: (first: Date, last: Date)] = [:]
        for sample in batch {
            if let span = spans[sample.type] {
                if sample.start < span.first || sample.start > span.last {
                    spans[sample.type] = (min(span.first, sample.start), max(span.last, sample.start))
                }
            } else {
                spans[sample.type] = (sample.start, sample.start)
            }
        }
        return spans.sorted { $0.key < $1.key }.map { ($0.key, $0.value.first, $0.value.last) }
    }
}
