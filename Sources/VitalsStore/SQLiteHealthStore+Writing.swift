import Foundation
import GRDB
import VitalsCore

extension SQLiteHealthStore {
    public func save(_ samples: [Sample], duplicates: DuplicatePolicy) async throws -> SaveSummary {
        var validated: [Sample] = []
        validated.reserveCapacity(samples.count)
        for (index, sample) in samples.enumerated() {
            do {
                validated.append(try sample.validated())
            } catch {
                throw samples.count == 1 ? error : error.located(InputLocation(field: "samples[\(index)]"))
            }
        }
        var types = Set<SampleType>()
        for sample in validated { sample.collectTypes(into: &types) }
        for type in types { try await requireShare(type) }
        let batch = validated
        let (summary, touched) = try await write { db in
            var writer = try SampleWriter(db)
            for sample in batch { try writer.insert(sample, duplicates: duplicates) }
            try writer.finish()
            return (writer.summary, writer.touchedTypes)
        }
        cache.invalidate(touched)
        broadcaster.publish(touched)
        return summary
    }

    public func delete(_ uuids: [UUID]) async throws -> Int {
        guard !uuids.isEmpty else { return 0 }
        let targetTypes = try await read { db in
            try String.fetchAll(db, sql: """
                SELECT DISTINCT t.identifier FROM samples s JOIN types t ON t.id = s.type_id
                WHERE s.uuid IN (\(uuids.map { _ in "?" }.joined(separator: ",")))
                """, arguments: StatementArguments(uuids))
        }
        for identifier in targetTypes { try await requireShare(SampleType(identifier: identifier)) }
        let deletedAt = configuration.now().timeIntervalSince1970
        let targets = uuids
        let (count, touched) = try await write { db -> (Int, Set<SampleType>) in
            var rows: [(id: Int64, uuid: UUID, typeID: Int64, identifier: String)] = []
            var seen = Set<Int64>()
            for uuid in targets {
                guard let row = try Row.fetchOne(db, sql: """
                    SELECT s.id, s.type_id, t.identifier FROM samples s JOIN types t ON t.id = s.type_id
                    WHERE s.uuid = ?
                    """, arguments: [uuid]) else {
                    throw VitalsError(.notFound, "no sample has UUID \(uuid.uuidString)")
                }
                let id: Int64 = row[0]
                guard seen.insert(id).inserted else { continue }
                rows.append((id, uuid, row[1], row[2]))
                if SampleType(identifier: row[2]).kind == .correlation {
                    let members = try Row.fetchAll(db, sql: """
                        SELECT s.id, s.uuid, s.type_id, t.identifier FROM sample_links l
                        JOIN samples s ON s.id = l.child_id JOIN types t ON t.id = s.type_id
                        WHERE l.parent_id = ?
                        """, arguments: [id])
                    for member in members where seen.insert(member[0]).inserted {
                        rows.append((member[0], member[1], member[2], member[3]))
                    }
                }
            }
            var writer = try SampleWriter(db)
            try writer.delete(rows.map { ($0.id, $0.uuid, $0.typeID) }, at: deletedAt)
            return (rows.count, Set(rows.map { SampleType(identifier: $0.identifier) }))
        }
        cache.invalidate(touched)
        broadcaster.publish(touched)
        return count
    }

    public func logMindfulness(start: Date, end: Date) async throws -> Sample {
        let sample = try ActivityLog.mindfulness(start: start, end: end, source: appSource,
                                                 timeZone: configuration.calendar.timeZone)
        try await save(sample)
        return sample
    }

    public func logWorkout(start: Date, end: Date, activity: WorkoutActivityType) async throws -> Sample {
        let bodyMass = try await latestBodyMass(before: end) ?? configuration.defaultBodyMassKilograms
        let sample = try ActivityLog.workout(start: start, end: end, activity: activity,
                                             bodyMassKilograms: bodyMass, source: appSource,
                                             timeZone: configuration.calendar.timeZone)
        try await save(sample)
        return sample
    }

    /// Replaces this app's entry for that day, so a day has one NoAlc level.
    public func logAlcohol(drinks: NoAlcLevel, date: Date) async throws -> Sample {
        let sample = try ActivityLog.alcohol(drinks, date: date, calendar: configuration.calendar, source: appSource).validated()
        try await requireShare(.numberOfAlcoholicBeverages)
        let app = appSource.bundleIdentifier
        let deletedAt = configuration.now().timeIntervalSince1970
        let written = sample
        // Find, delete and insert in one transaction: a failure keeps the old entry, and two
        // concurrent calls cannot leave two entries for the day.
        try await write { db in
            var writer = try SampleWriter(db)
            let typeID = try writer.typeID(for: .numberOfAlcoholicBeverages)
            let sources = try SourceCatalog(db).all().filter { $0.ranked.source.belongs(toApp: app) }.map(\.id)
            if !sources.isEmpty {
                let rows = try Row.fetchAll(db, sql: """
                    SELECT id, uuid FROM samples WHERE type_id = ? AND start = ?
                    AND source_id IN (\(sources.map(String.init).joined(separator: ",")))
                    """, arguments: [typeID, written.start.timeIntervalSince1970])
                try writer.delete(rows.map { ($0[0], $0[1], typeID) }, at: deletedAt)
            }
            try writer.insert(written, duplicates: .fail)
            try writer.finish()
        }
        cache.invalidate([.numberOfAlcoholicBeverages])
        broadcaster.publish([.numberOfAlcoholicBeverages])
        return sample
    }

    /// The most recent body mass in kilograms at or before `date`, if any was recorded.
    func latestBodyMass(before date: Date) async throws -> Double? {
        guard try await authorizationStatus(for: .bodyMass, access: .read) == .sharingAuthorized else { return nil }
        let cutoff = date.timeIntervalSince1970
        return try await read { db in
            try Double.fetchOne(db, sql: """
                SELECT value FROM samples WHERE type_id = (SELECT id FROM types WHERE identifier = ?)
                AND start <= ? ORDER BY start DESC LIMIT 1
                """, arguments: [SampleType.bodyMass.identifier, cutoff])
        }
    }
}

extension Sample {
    /// This sample's type and those of its members and associated samples.
    func collectTypes(into types: inout Set<SampleType>) {
        types.insert(type)
        switch content {
        case .workout(let workout): for child in workout.associatedSamples { child.collectTypes(into: &types) }
        case .correlation(let members): for member in members { member.collectTypes(into: &types) }
        default: break
        }
    }
}
