import Foundation
public import VitalsCore

/// What the explicit permission flow (``HealthSyncService/requestAuthorizationAndSync(toShare:)``) did.
public struct SyncAuthorizationOutcome: Sendable {
    /// The aggregate state over the synced types' read access once the flow was done: `.authorized`
    /// or `.partiallyAuthorized` (the flow throws for every other state).
    public var state: AuthorizationState
    /// Whether the store was asked (the permission sheet shown): false when access was already there.
    public var prompted: Bool
    /// The sync the flow triggered: its report, or why it failed. A failed sync (an unreachable
    /// server) does not undo the grant, so it is reported here rather than thrown.
    public var sync: Result<SyncReport, VitalsError>

    public init(state: AuthorizationState, prompted: Bool, sync: Result<SyncReport, VitalsError>) {
        self.state = state
        self.prompted = prompted
        self.sync = sync
    }
}
