import Foundation
import VitalsCore
import VitalsImport

/// The arrival rule on the server: a measurement is stored once, and its latest value replaces
/// the earlier ones (``ArrivalRule``).
///
/// Health Auto Export names sources by display name, joined with `|` when HealthKit merged them
/// (`"Anna's iPhone|Anna's Apple Watch"`), re-sends each period's running total every hour, and
/// a measurement imported from an Apple Health export (`vitals user import`) has a UUID derived
/// from the export's XML that Health Auto Export's UUID for it never equals. So a sample with the
/// same type, start, end (whole milliseconds) and value as a stored one, or one earlier in the
/// batch, under a source naming a device in common is not stored again (`samplesResent`), and one
/// with another value is the measurement's new value: stored, and the stored one deleted in the
/// same transaction (`samplesRevised`). The stored samples are read with the write's own
/// transaction, so a concurrent write cannot slip in between. Different devices at one instant
/// are both stored, and the day's statistics count the highest-priority source's value only
/// (`StatisticsEngine`).
extension HealthWrite {
    /// What the arrival rule decided for a batch.
    package struct Arrivals: Sendable {
        /// The samples to store, in batch order (new ones, revisions, and those stored already
        /// under their UUID, which the store skips).
        package var kept: [StoredSample] = []
        /// How many were dropped as stored already under another identity.
        package var resent = 0
        /// The stored samples the revisions replace: deleted before the kept ones are stored.
        package var replaced: [UUID] = []
        /// The UUIDs of the kept samples that are revisions.
        package var revisions: Set<UUID> = []
        /// The UUIDs of the kept samples that restate a stored one under another source string
        /// (counted as re-sent, see ``ArrivalRule/Verdict/restated``).
        package var restatements: Set<UUID> = []
    }

    /// The rule's answer for `samples`, read against the stored samples in the write's transaction.
    nonisolated(nonsending) static func arrivals(
        _ samples: [StoredSample],
        in store: some HealthWriteTransaction
    ) async throws -> Arrivals {
        guard !samples.isEmpty else { return Arrivals() }
        let arrivals = samples.map { $0.arrival }
        return answer(samples, arrivals, stored: try await storedMatches(of: arrivals, in: store), batch: [])
    }

    /// ``arrivals(_:in:)`` for one chunk of a batch stored in chunks, in document order;
    /// `batch` holds the UUIDs kept from the earlier chunks (their last 64 bits, see
    /// ``ArrivalRule/bits(of:)``) and gets this chunk's, so that the earlier chunks, stored by
    /// now, count as the batch's own, and the answer is the one for the whole batch at once.
    package nonisolated(nonsending) static func arrivals(
        _ samples: [StoredSample],
        in store: some HealthWriteTransaction,
        batch: inout Set<UInt64>
    ) async throws -> Arrivals {
        guard !samples.isEmpty else { return Arrivals() }
        let arrivals = samples.map { $0.arrival }
        let answer = answer(samples, arrivals, stored: try await storedMatches(of: arrivals, in: store), batch: batch)
        batch.formUnion(answer.kept.map { ArrivalRule.bits(of: $0.uuid) })
        return answer
    }

    /// The stored samples `samples` may match: of their types, starting in the same millisecond
    /// range (a range of the index on start).
    nonisolated(nonsending) private static func storedMatches(
        of arrivals: [ArrivalRule.Arrival], in store: some HealthWriteTransaction
    ) async throws -> [StoredSample] {
        // One read for all the types (one statement on PostgreSQL).
        try await store.samples(
            in: ArrivalRule.spans(of: arrivals).map { type, first, last in
                (
                    SampleType(identifier: type),
                    SampleWindow(
                        startFrom: first.timeIntervalSince1970 - 0.001,
                        startBefore: last.timeIntervalSince1970 + 0.001)
                )
            })
    }

    /// The rule over plain values: `samples` (a batch, in order) against the `stored` samples
    /// that may match them, those with a UUID in `batch` being the batch's own earlier samples.
    static func arrivals(_ samples: [StoredSample], stored: [StoredSample], batch: Set<UInt64> = []) -> Arrivals {
        answer(samples, samples.map { $0.arrival }, stored: stored, batch: batch)
    }

    /// ``arrivals(_:stored:batch:)`` with the samples' ``StoredSample/arrival`` made already.
    private static func answer(
        _ samples: [StoredSample], _ arrivals: [ArrivalRule.Arrival], stored: [StoredSample],
        batch: Set<UInt64>
    ) -> Arrivals {
        let judgement = ArrivalRule.judge(arrivals, against: stored.map { $0.arrival }, earlier: batch)
        var answer = Arrivals()
        answer.kept.reserveCapacity(samples.count)
        for (sample, verdict) in zip(samples, judgement.verdicts) {
            switch verdict {
            case .store: answer.kept.append(sample)
            case .revision:
                answer.kept.append(sample)
                answer.revisions.insert(sample.uuid)
            case .restated:
                answer.kept.append(sample)
                answer.restatements.insert(sample.uuid)
            case .resent: answer.resent += 1
            }
        }
        answer.replaced = judgement.replaced
        return answer
    }
}

extension StoredSample {
    /// The parts of the sample the arrival rule compares.
    var arrival: ArrivalRule.Arrival {
        ArrivalRule.Arrival(
            uuid: uuid, type: type, start: start, end: end, value: value, source: sourceName,
            replacesOverlapping: HealthAutoExportMetadata.replacesOverlapping(type: type, metadata: metadata))
    }
}
