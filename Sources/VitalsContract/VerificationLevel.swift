import Foundation

/// Seed 001's verification levels: device data is verified, typed-in data is self-reported.
public enum VerificationLevel: String, Sendable, Hashable, Codable {
    case deviceVerified = "DEVICE_VERIFIED"
    case selfReported = "SELF_REPORTED"
}
