import Foundation

/// Whether the user allowed access to one type (`HKAuthorizationStatus`, same raw values).
public enum AuthorizationStatus: Int, Sendable, Hashable, Codable, CaseIterable {
    /// Never asked.
    case notDetermined = 0
    /// Asked and refused.
    case sharingDenied = 1
    /// Asked and allowed.
    case sharingAuthorized = 2
}

/// Reading or writing.
public enum AccessKind: String, Sendable, Hashable, Codable, CaseIterable {
    case read, share
}

/// The overall authorization state of a set of required types.
///
/// Any authorized type means the app has access, fully or partly; only when every type is
/// denied is the state `denied`. On HealthKit itself read denial is hidden (a denied read
/// looks like no data), so there this summarises share status.
public enum AuthorizationState: Sendable, Hashable {
    /// Every required type is authorized.
    case authorized
    /// Some types are authorized; `missing` lists the others.
    case partiallyAuthorized(missing: Set<SampleType>)
    /// Every required type is denied.
    case denied
    /// None authorized, not all denied, some never asked: the app should ask.
    case notDetermined
    /// The store is unavailable on this device or disabled by the user.
    case unavailable

    /// Summarises per-type statuses; `isAvailable` false gives `.unavailable`.
    public static func aggregate(
        _ statuses: [SampleType: AuthorizationStatus],
        isAvailable: Bool = true
    ) -> AuthorizationState {
        guard isAvailable else { return .unavailable }
        guard !statuses.isEmpty else { return .notDetermined }
        let authorized = statuses.filter { $0.value == .sharingAuthorized }
        if !authorized.isEmpty {
            if authorized.count == statuses.count { return .authorized }
            return .partiallyAuthorized(missing: Set(statuses.keys.filter { statuses[$0] != .sharingAuthorized }))
        }
        if statuses.values.allSatisfy({ $0 == .sharingDenied }) { return .denied }
        return .notDetermined
    }

    /// Whether at least one type can be used (authorized or partially authorized).
    public var hasAccess: Bool {
        switch self {
        case .authorized, .partiallyAuthorized: true
        default: false
        }
    }
}
