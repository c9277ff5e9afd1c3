/// The role of a repository that hands out or erases all of one user's data
/// (`GET /api/me/export`, `DELETE /api/me/data`).
public protocol UserDataStore: Sendable {
    /// Everything stored for the user.
    func export(_ user: ServerUser) async throws -> UserExport
    /// Erases the user's data (the account and token stay); returns what was removed.
    func eraseData(of user: ServerUser) async throws -> ErasedCounts
}
