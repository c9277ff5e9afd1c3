import Foundation

/// Apple documentation: "HKAuthorizationRequestStatus". Whether a request would show the permission sheet.
public enum HKAuthorizationRequestStatus: Int, @unchecked Sendable {
    /// Apple documentation: "HKAuthorizationRequestStatus.unknown".
    case unknown = 0
    /// Apple documentation: "HKAuthorizationRequestStatus.shouldRequest".
    case shouldRequest = 1
    /// Apple documentation: "HKAuthorizationRequestStatus.unnecessary".
    case unnecessary = 2
}
