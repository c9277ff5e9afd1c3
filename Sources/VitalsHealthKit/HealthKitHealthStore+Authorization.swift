import Foundation
import HealthKit
import VitalsCore

extension HealthKitHealthStore {
    /// Share status from `authorizationStatus(for:)`; for reads, only whether the user was asked.
    ///
    /// HealthKit never reveals read denial, so `.read` answers `.sharingAuthorized` once the
    /// permission sheet was answered for the type (reads then run, and come back empty if the
    /// user said no) and `.notDetermined` before. An inactive store answers `.notDetermined`.
    public func authorizationStatus(for type: SampleType, access: AccessKind) async throws -> AuthorizationStatus {
        guard isActive else { return .notDetermined }
        let objectType = try HealthKitTypeMap.sampleType(for: type)
        switch access {
        case .share:
            return AuthorizationStatus(rawValue: healthStore.authorizationStatus(for: objectType).rawValue)
                ?? .notDetermined
        case .read:
            do {
                let status = try await healthStore.statusForAuthorizationRequest(toShare: [], read: [objectType])
                return status == .unnecessary ? .sharingAuthorized : .notDetermined
            } catch {
                throw HealthKitErrorMap.vitalsError(error, while: "checking read authorization for \(type.shortName)")
            }
        }
    }

    /// Shows HealthKit's permission sheet for types not asked about yet.
    ///
    /// An inactive store logs and returns without asking. Correlation types cannot be requested;
    /// ask for their member types.
    public func requestAuthorization(toShare share: Set<SampleType>, read: Set<SampleType>) async throws {
        guard isActive else {
            logInactive("requestAuthorization")
            return
        }
        let shareTypes = Set(try HealthKitTypeMap.authorizable(share))
        let readTypes = Set(try HealthKitTypeMap.authorizable(read).map { $0 as HKObjectType })
        do {
            try await healthStore.requestAuthorization(toShare: shareTypes, read: readTypes)
        } catch {
            throw HealthKitErrorMap.vitalsError(error, while: "requesting authorization")
        }
    }

    /// Asks for the configured ``Configuration/shareTypes`` and ``Configuration/readTypes``.
    public func requestAuthorization() async throws {
        try await requestAuthorization(toShare: configuration.shareTypes, read: configuration.readTypes)
    }

    /// The aggregate authorization state over share statuses, and whether a prompt is still needed.
    ///
    /// Read-only types are left out of ``HealthKitAuthorizationSummary/state``: HealthKit says
    /// nothing about them beyond ``HealthKitAuthorizationSummary/needsPrompt``.
    public func authorizationSummary(for types: Set<SampleType>? = nil) async throws -> HealthKitAuthorizationSummary {
        let share = types.map { $0.intersection(configuration.shareTypes) } ?? configuration.shareTypes
        let read = types ?? configuration.readTypes
        guard isActive else {
            return HealthKitAuthorizationSummary(state: .unavailable, shareStatuses: [:], needsPrompt: false)
        }
        var statuses: [SampleType: AuthorizationStatus] = [:]
        for type in share { statuses[type] = try await authorizationStatus(for: type, access: .share) }
        let shareTypes = Set(try HealthKitTypeMap.authorizable(share))
        let readTypes = Set(try HealthKitTypeMap.authorizable(read).map { $0 as HKObjectType })
        let request: HKAuthorizationRequestStatus
        do {
            request = try await healthStore.statusForAuthorizationRequest(toShare: shareTypes, read: readTypes)
        } catch {
            throw HealthKitErrorMap.vitalsError(error, while: "checking whether to ask for authorization")
        }
        return HealthKitAuthorizationSummary(
            state: AuthorizationState.aggregate(statuses), shareStatuses: statuses,
            needsPrompt: request != .unnecessary)
    }
}
