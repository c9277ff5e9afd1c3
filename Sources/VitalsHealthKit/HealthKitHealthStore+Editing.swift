import Foundation
import HealthKit
import VitalsCore

// Edits: HealthKit samples are immutable and HealthKit has no transactions.
extension HealthKitHealthStore {
    /// The readable sample with this UUID, if any (HealthKit's `predicateForObject(with:)`).
    public func sample(withUUID uuid: UUID) async throws -> Sample? {
        guard isActive else { return nil }
        for type in configuration.readTypes.union(configuration.shareTypes).sorted(by: { $0.identifier < $1.identifier }
        ) {
            let sampleType = try HealthKitTypeMap.sampleType(for: type)
            let descriptor = HKSampleQueryDescriptor(
                predicates: [.sample(type: sampleType, predicate: HKQuery.predicateForObjects(with: [uuid]))],
                sortDescriptors: [])
            do {
                if let found = try await descriptor.result(for: healthStore).first {
                    return HealthKitSampleConverter.sample(from: found)
                }
            } catch {
                let mapped = HealthKitErrorMap.vitalsError(error, while: "finding a sample")
                if mapped.code != .authorizationNotDetermined { throw mapped }
            }
        }
        return nil
    }

    /// Replaces one of this app's samples: saves the replacement, then deletes the old one.
    ///
    /// HealthKit cannot do both in one transaction. The replacement is saved first, so a failed
    /// save leaves the old sample; when the deletion then fails, the replacement is deleted
    /// again (best effort) and the error is thrown, so an edit never leaves two copies knowingly.
    public func replace(_ uuid: UUID, with replacement: Sample) async throws {
        guard try await sample(withUUID: uuid) != nil else {
            throw VitalsError(.notFound, "no readable sample has UUID \(uuid.uuidString)")
        }
        _ = try await save([replacement], duplicates: .fail)
        do {
            _ = try await delete([uuid])
        } catch {
            _ = try? await delete([replacement.uuid])
            throw error
        }
    }
}
