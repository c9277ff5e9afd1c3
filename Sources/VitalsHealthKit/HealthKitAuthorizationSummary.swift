import Foundation
import VitalsCore

/// What HealthKit tells an app about its permissions for a set of types, and nothing more.
///
/// HealthKit hides read denial: a type the user would not share with the app reads as "no
/// data". So ``state`` (the aggregate state) summarises share (write) statuses, and for
/// read-only types all an app can know is whether the sheet was answered (``needsPrompt``).
public struct HealthKitAuthorizationSummary: Sendable, Hashable {
    /// The aggregate authorization state over the share statuses; `.unavailable` when the store is inactive.
    public var state: AuthorizationState
    /// Each type's share status from `authorizationStatus(for:)`.
    public var shareStatuses: [SampleType: AuthorizationStatus]
    /// Whether `requestAuthorization` would show the permission sheet (`statusForAuthorizationRequest`).
    public var needsPrompt: Bool

    /// Creates a summary.
    public init(state: AuthorizationState, shareStatuses: [SampleType: AuthorizationStatus], needsPrompt: Bool) {
        self.state = state
        self.shareStatuses = shareStatuses
        self.needsPrompt = needsPrompt
    }
}
