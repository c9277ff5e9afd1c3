import Foundation
import VitalsCore
import VitalsServerStorage

extension ServerHealthReader {
    /// The foods (meals with macros) the dashboard stored for the user (``StoredFood``) that
    /// `predicate` matches, oldest start first.
    func foods(matching predicate: SamplePredicate, limit: Int?) async throws -> [Sample] {
        let heads = try await repository.samples(
            of: user, type: .dietaryEnergyConsumed, startingBefore: predicate.end,
            endingFrom: predicate.start
        ).filter(StoredFood.isHead)
        guard let first = heads.first, let last = heads.last else { return [] }
        var macros: [StoredSample] = []
        for type in StoredFood.memberTypes.dropFirst() {
            macros += try await repository.samples(
                of: user, type: type, startingBefore: last.start.addingTimeInterval(1),
                endingFrom: first.start.addingTimeInterval(-1))
        }
        var byFood: [UUID: [StoredSample]] = [:]
        for row in macros { if let food = StoredFood.food(of: row) { byFood[food, default: []].append(row) } }
        var foods: [Sample] = []
        for head in heads {
            if let limit, foods.count >= limit { break }
            let members = StoredFood.macros(of: head, among: byFood[head.uuid] ?? [])
            guard let food = StoredFood.correlation(head: head, macros: members), predicate.matches(food) else {
                continue
            }
            foods.append(food)
        }
        return foods
    }
}
