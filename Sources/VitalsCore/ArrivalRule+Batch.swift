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
    public static func judge(
        _ batch: [Arrival], against stored: [Arrival],
        earlier: Set<UInt64> = []
    ) -> Judgement {
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
        for (index, sample) in batch.enumerated() where sample.replacesOverlapping && verdicts[index] != .resent {
            if rule.replaceReports(overlapping: sample), verdicts[index] == .store { verdicts[index] = .revision }
        }
        return Judgement(verdicts: verdicts, replaced: rule.replaced)
    }

    /// The start span of each type in `batch`: the windows of stored samples it may match (for
    /// a type with reports, from ``reportLookback`` before its first start through its last end, so
    /// the stored reports they overlap are read too).
    public static func spans(of batch: [Arrival]) -> [(type: String, first: Date, last: Date)] {
        var spans: [String: (first: Date, last: Date)] = [:]
        // Samples come in runs of one type: a run's span is merged into `spans` when it ends.
        var run: (type: String, first: Date, last: Date)?
        func merge(_ run: (type: String, first: Date, last: Date)) {
            if let span = spans[run.type] {
                spans[run.type] = (min(span.first, run.first), max(span.last, run.last))
            } else {
                spans[run.type] = (run.first, run.last)
            }
        }
        for sample in batch {
            let first = sample.replacesOverlapping ? sample.start.addingTimeInterval(-reportLookback) : sample.start
            let last = sample.replacesOverlapping ? sample.end : sample.start
            if let current = run, current.type == sample.type {
                run = (current.type, min(current.first, first), max(current.last, last))
            } else {
                if let run { merge(run) }
                run = (sample.type, first, last)
            }
        }
        if let run { merge(run) }
        return spans.sorted { $0.key < $1.key }.map { ($0.key, $0.value.first, $0.value.last) }
    }

    /// How long before a report's start the stored reports it may overlap are looked for (a
    /// whole day: a night's parts, and totals of a day or less; a week's, month's or year's
    /// total replaces only those starting within it).
    public static let reportLookback: TimeInterval = 86_400
}
