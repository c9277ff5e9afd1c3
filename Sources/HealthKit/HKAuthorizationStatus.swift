import Foundation

/// Apple documentation: "HKAuthorizationStatus". The app's permission to share (write) one type.
public enum HKAuthorizationStatus: Int, @unchecked Sendable {
    /// Apple documentation: "HKAuthorizationStatus.notDetermined".
    case notDetermined = 0
    /// Apple documentation: "HKAuthorizationStatus.sharingDenied".
    case sharingDenied = 1
    /// Apple documentation: "HKAuthorizationStatus.sharingAuthorized".
    case sharingAuthorized = 2
}
