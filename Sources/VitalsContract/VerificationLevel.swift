import Foundation

/// How far the server trusts a day's data: device data is verified, typed-in data is self-reported.
public enum VerificationLevel: String, Sendable, Hashable, Codable {
    case deviceVerified = "DEVICE_VERIFIED"
    case selfReported = "SELF_REPORTED"
}
