import Foundation

/// The role of a repository that keeps users and their tokens.
public protocol UserAccountStore: Sendable {
    /// Adds a user whose token works until `expiresAt` (`nil`: for good); throws `.duplicate`
    /// when the name is taken.
    func addUser(
        name: String, timeZone: String, tokenHash: String, expiresAt: Date?, at date: Date
    ) async throws
        -> ServerUser
    /// Replaces a user's token (the old one stops working, and so do the dashboard sessions opened
    /// with it) with one that works until `expiresAt` (`nil`: for good); throws `.notFound` for an unknown name.
    func replaceToken(
        ofUser name: String, tokenHash: String, expiresAt: Date?, at date: Date
    ) async throws -> ServerUser
    /// The user whose token has this SHA-256 hash, with the token's expiry (callers check it).
    func user(tokenHash: String) async throws -> ServerUser?
    /// Every user, by name.
    func users() async throws -> [ServerUser]
    /// Removes the user `name`: their token and every row of theirs, in one transaction;
    /// returns what was erased. Throws `.notFound` for an unknown name.
    func removeUser(named name: String) async throws -> ErasedCounts
}

extension UserAccountStore {
    /// Adds a user whose token never expires.
    public func addUser(name: String, timeZone: String, tokenHash: String, at date: Date) async throws -> ServerUser {
        try await addUser(name: name, timeZone: timeZone, tokenHash: tokenHash, expiresAt: nil, at: date)
    }

    /// Replaces a user's token with one that never expires.
    public func replaceToken(ofUser name: String, tokenHash: String, at date: Date) async throws -> ServerUser {
        try await replaceToken(ofUser: name, tokenHash: tokenHash, expiresAt: nil, at: date)
    }
}
