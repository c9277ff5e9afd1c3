public import VitalsCore

/// A local store's change count is its change anchor, which every save, edit and deletion
/// advances, whichever process made it (`vitals import` beside `vitals dashboard`).
extension SQLiteHealthStore: ChangeCounter {
    public func changeCount() async throws -> Int64 { try await currentAnchor().rawValue }
}
