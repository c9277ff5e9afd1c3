import Foundation
public import VitalsCore

/// Remembers, per server and contract, the last day a server confirmed.
///
/// The next sync starts at that day (inclusive: it was partial when sent). Only a confirmed
/// sync moves a cursor. ``FileSyncCursorStore`` keeps cursors in a small JSON file.
public protocol SyncCursorStore: Sendable {
    /// The last confirmed day for `key`, or nil before the first successful sync.
    func lastSyncedDay(for key: SyncCursorKey) async throws -> LocalDate?

    /// Records that the server confirmed everything through `day` for `key`.
    func setLastSyncedDay(_ day: LocalDate, for key: SyncCursorKey) async throws

    /// Forgets the cursor of `key`, so the next sync is a first sync again.
    func removeCursor(for key: SyncCursorKey) async throws
}

/// Which cursor: a server's normalised base URL, a contract, and the account the token signs in as.
public struct SyncCursorKey: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The server's base URL as ``SyncEndpoint/baseURL`` normalises it.
    public var server: String
    public var contract: SyncContract
    /// Which account: ``SyncEndpoint/accountFingerprint`` (a hash of the token, not the token),
    /// so two users syncing one store to one server keep separate cursors.
    public var account: String

    public init(server: String, contract: SyncContract, account: String) {
        self.server = server
        self.contract = contract
        self.account = account
    }

    /// `http://127.0.0.1:8080 daily 3f9a0c1b2d4e5f60`: the key's text form in state files.
    public var description: String { "\(server) \(contract) \(account)" }
}
