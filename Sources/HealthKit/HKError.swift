import Foundation

/// Apple documentation: "HKError". HealthKit's error, bridged from `HKErrorDomain` codes.
public struct HKError: Error, Hashable, Sendable, CustomNSError {
    /// Apple documentation: "HKError.Code". Raw values are HealthKit's `HKErrorCode` values.
    public enum Code: Int, @unchecked Sendable, Equatable {
        /// Apple documentation: "HKError.Code.noError".
        case noError = 0
        /// Apple documentation: "HKError.Code.errorHealthDataUnavailable".
        case errorHealthDataUnavailable = 1
        /// Apple documentation: "HKError.Code.errorHealthDataRestricted".
        case errorHealthDataRestricted = 2
        /// Apple documentation: "HKError.Code.errorInvalidArgument".
        case errorInvalidArgument = 3
        /// Apple documentation: "HKError.Code.errorAuthorizationDenied".
        case errorAuthorizationDenied = 4
        /// Apple documentation: "HKError.Code.errorAuthorizationNotDetermined".
        case errorAuthorizationNotDetermined = 5
        /// Apple documentation: "HKError.Code.errorDatabaseInaccessible".
        case errorDatabaseInaccessible = 6
        /// Apple documentation: "HKError.Code.errorUserCanceled".
        case errorUserCanceled = 7
        /// Apple documentation: "HKError.Code.errorAnotherWorkoutSessionStarted".
        case errorAnotherWorkoutSessionStarted = 8
        /// Apple documentation: "HKError.Code.errorUserExitedWorkoutSession".
        case errorUserExitedWorkoutSession = 9
        /// Apple documentation: "HKError.Code.errorRequiredAuthorizationDenied".
        case errorRequiredAuthorizationDenied = 10
        /// Apple documentation: "HKError.Code.errorNoData".
        case errorNoData = 11
    }

    /// Apple documentation: "HKError.Code" (the error's code).
    public let code: Code

    /// Apple documentation: "HKError" (`init(_:userInfo:)` of the NS_ERROR_ENUM bridge; user info is dropped here).
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
    }

    /// Apple documentation: "HKErrorDomain".
    public static var errorDomain: String { "com.apple.healthkit" }

    /// Apple documentation: "HKError" (`CustomNSError.errorCode`).
    public var errorCode: Int { code.rawValue }
}
