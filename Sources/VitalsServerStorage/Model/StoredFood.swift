import Foundation
import VitalsCore

/// How the server keeps a food correlation (a meal with its macros), having no correlations of its own.
///
/// Its members are stored as samples, each with the food's UUID in its metadata under ``key``;
/// the energy member is stored under the food's own UUID, so the food is found by its id like
/// any sample. Members share the food's times, so reading them back is an index lookup by type
/// and start. Only the dashboard writes foods this way; an import's correlations are stored as
/// their members alone, as before.
package enum StoredFood {
    /// The metadata key naming the food a member belongs to (its UUID string).
    static let key = "VitalsFood"

    /// The member types a stored food may have: the energy, then the macros.
    package static let memberTypes: [SampleType] = [
        .dietaryEnergyConsumed, .dietaryProtein, .dietaryCarbohydrates, .dietaryFatTotal,
    ]

    /// The rows holding `food`'s members; nil for a correlation without exactly one energy member
    /// or with a member the server cannot store.
    package static func rows(of food: Sample) -> [StoredSample]? {
        guard food.type == .food, let members = food.members,
            members.filter({ $0.type == .dietaryEnergyConsumed }).count == 1
        else { return nil }
        var rows: [StoredSample] = []
        for member in members {
            guard memberTypes.contains(member.type), var row = StoredSample(member) else { return nil }
            if member.type == .dietaryEnergyConsumed { row.uuid = food.uuid }
            row.metadata[key] = .string(food.uuid.uuidString)
            rows.append(row)
        }
        return rows
    }

    /// The food `row` is the energy member of (the UUID under ``key`` is its own), if it is one.
    package static func isHead(_ row: StoredSample) -> Bool {
        row.type == SampleType.dietaryEnergyConsumed.identifier && food(of: row) == row.uuid
    }

    /// The UUID of the food `row` belongs to, if any.
    package static func food(of row: StoredSample) -> UUID? {
        guard case .string(let text)? = row.metadata[key] else { return nil }
        return UUID(uuidString: text)
    }

    /// Where the members of the food headed by `head` start (they share its times).
    package static func membersWindow(of head: StoredSample) -> SampleWindow {
        let start = head.start.timeIntervalSince1970
        return SampleWindow(startFrom: start - 1, startBefore: start + 1)
    }

    /// The macro members of the food headed by `head`, among `rows` (of any food).
    package static func macros(of head: StoredSample, among rows: [StoredSample]) -> [StoredSample] {
        rows.filter { $0.uuid != head.uuid && food(of: $0) == head.uuid && $0.sourceName == head.sourceName }
    }

    /// The food correlation headed by `head` with its `macros`, as Core sees it.
    package static func correlation(head: StoredSample, macros: [StoredSample]) -> Sample? {
        guard var energy = head.sample else { return nil }
        energy.metadata[key] = nil
        var members = [energy]
        for row in macros {
            guard var member = row.sample else { continue }
            member.metadata[key] = nil
            members.append(member)
        }
        return Sample(
            uuid: head.uuid, type: .food, start: head.start, end: head.end, content: .correlation(members),
            source: energy.source)
    }
}
