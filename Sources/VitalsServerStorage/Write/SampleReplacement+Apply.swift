import Foundation
import VitalsContract
import VitalsCore

extension SampleReplacement {
    /// Applies the replacement through a repository's primitives, inside its transaction.
    nonisolated(nonsending) public func apply(
        for user: ServerUser, at date: Date,
        in store: some HealthWriteTransaction
    ) async throws -> Outcome {
        if let foreign = adding.first(where: { $0.sourceName != sourceName }) {
            throw VitalsError(
                .readOnly, "sample \(foreign.uuid.uuidString) is not from the source being changed",
                at: InputLocation(field: "uuid"))
        }
        var outcome = Outcome()
        outcome.removed = try await store.deleteSamples(removing, from: sourceName)
        let found = Set(outcome.removed.map(\.uuid))
        if let missing = removing.first(where: { !found.contains($0) }) {
            throw VitalsError(
                .notFound, "no sample \(missing.uuidString) of yours from \(sourceName) to delete",
                at: InputLocation(field: "uuid"))
        }
        for head in outcome.removed where StoredFood.isHead(head) {
            outcome.removed += try await deleteMembers(of: head, in: store)
        }
        let calendar = user.calendar
        let days = Self.recomputedDays(of: outcome.removed + adding, calendar: calendar)
        try await zeroActiveEnergy(leftBy: outcome.removed, calendar: calendar, at: date, in: store)
        var write = HealthWrite(
            samples: adding, recompute: days.isEmpty ? nil : DayRecompute(days: days, calendar: calendar),
            returnsSnapshots: false)
        write.appliesArrivalRule = false
        let result = try await write.apply(for: user, at: date, in: store)
        guard result.samplesAdded == adding.count else {
            throw VitalsError(
                .duplicate, "a sample to store has a UUID stored already; nothing was changed",
                at: InputLocation(field: "uuid"))
        }
        outcome.added = result.samplesAdded
        outcome.recomputedDays = result.recomputedDays
        return outcome
    }

    /// Deletes the macro members of the food whose energy sample `head` was.
    nonisolated(nonsending) private func deleteMembers(
        of head: StoredSample,
        in store: some HealthWriteTransaction
    ) async throws -> [StoredSample] {
        var members: [StoredSample] = []
        for type in StoredFood.memberTypes.dropFirst() {
            members += StoredFood.macros(
                of: head, among: try await store.samples(of: type, in: StoredFood.membersWindow(of: head)))
        }
        return members.isEmpty ? [] : try await store.deleteSamples(members.map(\.uuid), from: sourceName)
    }

    /// Sets the active energy of the HEALTHKIT snapshots of the days the removed active energy
    /// samples started on to 0, where a snapshot has one: the recomputation that follows sets it
    /// again from the samples still stored, and a day with none left reads 0, not the deleted value.
    nonisolated(nonsending) private func zeroActiveEnergy(
        leftBy removed: [StoredSample], calendar: Calendar, at date: Date,
        in store: some HealthWriteTransaction
    ) async throws {
        let energy = removed.filter { $0.type == SampleType.activeEnergyBurned.identifier }
        let days = Self.recomputedDays(of: energy, calendar: calendar)
        for day in days.sorted() {
            guard try await store.snapshot(on: day, source: .healthKit)?.activeCalories != nil else { continue }
            var patch = SnapshotPatch(date: day, source: .healthKit)
            patch.activeCalories = 0
            try await store.upsert(patch, at: date)
        }
    }
}
