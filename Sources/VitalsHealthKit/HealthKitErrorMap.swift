import Foundation
import HealthKit
import VitalsCore

/// HealthKit's error codes as Vitals errors that say what failed and what the user can do.
enum HealthKitErrorMap {
    /// The Vitals error for `error`, raised while doing `action` ("saving mindfulSession").
    static func vitalsError(_ error: any Error, while action: String) -> VitalsError {
        if let error = error as? VitalsError { return error }
        guard let healthKitError = error as? HKError else {
            return VitalsError(.database, "HealthKit failed while \(action)", underlying: SendableDescription(error))
        }
        let cause = SendableDescription(error)
        switch healthKitError.code {
        case .errorHealthDataUnavailable:
            return VitalsError(.unavailable, "HealthKit is not available on this device (\(action))", underlying: cause)
        case .errorHealthDataRestricted:
            return VitalsError(
                .unavailable, "a device management profile restricts HealthKit (\(action))",
                underlying: cause)
        case .errorAuthorizationDenied:
            return VitalsError(
                .authorizationDenied,
                "\(action) is not allowed: the user turned sharing off for the app "
                    + "in Settings > Health > Data Access & Devices", underlying: cause)
        case .errorAuthorizationNotDetermined:
            return VitalsError(
                .authorizationNotDetermined,
                "\(action) needs authorization; call requestAuthorization first", underlying: cause)
        case .errorDatabaseInaccessible:
            return VitalsError(
                .databaseInaccessible,
                "\(action) failed: health data is protected while the device "
                    + "is locked; try again after it is unlocked", underlying: cause)
        case .errorUserCanceled:
            return VitalsError(.cancelled, "the user cancelled \(action)", underlying: cause)
        case .errorInvalidArgument:
            return VitalsError(.invalidInput, "HealthKit refused the arguments of \(action)", underlying: cause)
        case .errorNoData:
            return VitalsError(.notFound, "HealthKit has no data for \(action)", underlying: cause)
        default:
            return VitalsError(
                .database, "HealthKit failed while \(action) (code \(healthKitError.code.rawValue))",
                underlying: cause)
        }
    }
}
