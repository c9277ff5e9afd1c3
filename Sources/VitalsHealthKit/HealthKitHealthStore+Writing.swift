import Foundation
import HealthKit
import VitalsCore

extension HealthKitHealthStore {
    /// Saves samples all or none; workouts go through `HKWorkoutBuilder` with their associated samples.
    ///
    /// HealthKit assigns its own UUIDs, so nothing counts as already present. A permission the
    /// user revoked in Settings surfaces here as `.authorizationDenied`, naming the type.
    public func save(_ samples: [Sample], duplicates: DuplicatePolicy) async throws -> SaveSummary {
        guard isActive else { throw inactiveWriteError("the samples") }
        var objects: [(offset: Int, object: HKObject)] = []
        var workouts: [(offset: Int, sample: Sample)] = []
        for (index, sample) in samples.enumerated() {
            do {
                let valid = try sample.validated()
                if valid.type.kind == .workout {
                    workouts.append((index, valid))
                } else {
                    objects.append((index, try HealthKitSampleConverter.object(from: valid)))
                }
            } catch {
                throw samples.count == 1 ? error : error.located(InputLocation(field: "samples[\(index)]"))
            }
        }
        var types = Set(samples.map(\.type))
        for workout in workouts { types.formUnion(workout.sample.workout?.associatedSamples.map(\.type) ?? []) }
        // What HealthKit keeps, with its UUIDs; a workout it defers (locked device) stays as given.
        var saved = samples
        do {
            if !objects.isEmpty { try await healthStore.save(objects.map(\.object)) }
            for (offset, object) in objects {
                if let sample = (object as? HKSample).flatMap({
                    HealthKitSampleConverter.sample(from: $0, source: appSource)
                }) {
                    saved[offset] = sample
                }
            }
            for (offset, workout) in workouts {
                if let built = try await build(workout) { saved[offset] = built }
            }
        } catch {
            throw writeError(error, types: types)
        }
        let members = samples.reduce(0) { $0 + ($1.members?.count ?? 0) + ($1.workout?.associatedSamples.count ?? 0) }
        return SaveSummary(added: samples.count + members, saved: saved)
    }

    /// Deletes this app's samples by UUID (HealthKit deletes nothing another source saved).
    public func delete(_ uuids: [UUID]) async throws -> Int {
        guard isActive else { throw inactiveWriteError("the deletion") }
        guard !uuids.isEmpty else { return 0 }
        var found: [HKSample] = []
        let wanted = Set(uuids)
        for type in configuration.readTypes.union(configuration.shareTypes).sorted(by: { $0.identifier < $1.identifier }
        ) {
            let sampleType = try HealthKitTypeMap.sampleType(for: type)
            let descriptor = HKSampleQueryDescriptor(
                predicates: [.sample(type: sampleType, predicate: HKQuery.predicateForObjects(with: wanted))],
                sortDescriptors: [])
            do {
                found += try await descriptor.result(for: healthStore)
            } catch {
                let mapped = HealthKitErrorMap.vitalsError(error, while: "finding samples to delete")
                if mapped.code != .authorizationNotDetermined { throw mapped }
            }
        }
        if let missing = wanted.subtracting(found.map(\.uuid)).first {
            throw VitalsError(.notFound, "no readable sample has UUID \(missing.uuidString)")
        }
        do {
            try await healthStore.delete(found)
        } catch {
            throw writeError(error, types: Set(found.map { SampleType(identifier: $0.sampleType.identifier) }))
        }
        return found.count
    }

    /// Builds a workout sample with `HKWorkoutBuilder`, its metadata added with `addMetadata(_:)`;
    /// nil when HealthKit defers it (locked device).
    func build(_ sample: Sample) async throws -> Sample? {
        guard let details = sample.workout,
            let activity = HKWorkoutActivityType(rawValue: details.activityType.rawValue)
        else {
            throw VitalsError(
                .unknownType,
                "HealthKit has no workout activity with raw value "
                    + "\(sample.workout?.activityType.rawValue ?? 0)", at: InputLocation(field: "activity"))
        }
        let workoutConfiguration = HKWorkoutConfiguration()
        workoutConfiguration.activityType = activity
        let builder = HKWorkoutBuilder(healthStore: healthStore, configuration: workoutConfiguration, device: .local())
        let associated = try details.associatedSamples.map { try HealthKitSampleConverter.object(from: $0) }
        try await builder.beginCollection(at: sample.start)
        // The sample's metadata (HKTimeZone above all: the calendar's day after travel), as HealthKit takes it.
        if !sample.metadata.isEmpty {
            try await builder.addMetadata(HealthKitSampleConverter.metadata(from: sample.metadata))
        }
        if !associated.isEmpty { try await builder.addSamples(associated) }
        try await builder.endCollection(at: sample.end)
        guard let workout = try await builder.finishWorkout() else {
            logger.notice("the device is locked; HealthKit saves the workout when it is unlocked")
            return nil
        }
        guard var saved = HealthKitSampleConverter.sample(from: workout, source: appSource) else { return nil }
        if var savedDetails = saved.workout {
            savedDetails.associatedSamples = associated.compactMap {
                HealthKitSampleConverter.sample(from: $0, source: appSource)
            }
            saved.content = .workout(savedDetails)
        }
        return saved
    }

    /// A write failure as a Vitals error; authorization failures name the types not allowed now.
    func writeError(_ error: any Error, types: Set<SampleType>) -> VitalsError {
        let names = types.map(\.shortName).sorted().joined(separator: ", ")
        var mapped = HealthKitErrorMap.vitalsError(error, while: "saving \(names)")
        if mapped.code == .authorizationDenied || mapped.code == .authorizationNotDetermined {
            let refused = types.filter { type in
                guard let objectType = try? HealthKitTypeMap.sampleType(for: type) else { return false }
                return healthStore.authorizationStatus(for: objectType) != .sharingAuthorized
            }.map(\.shortName).sorted()
            if !refused.isEmpty {
                mapped.message =
                    mapped.code == .authorizationDenied
                    ? "writing \(refused.joined(separator: ", ")) is not allowed (the permission may have been revoked "
                        + "in Settings > Health > Data Access & Devices); nothing was saved"
                    : "writing \(refused.joined(separator: ", ")) needs authorization; call requestAuthorization first"
            }
        }
        return mapped
    }
}
