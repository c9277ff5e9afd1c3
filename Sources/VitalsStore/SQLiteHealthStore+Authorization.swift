import Foundation
import GRDB
public import VitalsCore

extension SQLiteHealthStore {
    public func authorizationStatus(for type: SampleType, access: AccessKind) async throws -> AuthorizationStatus {
        let stored = try await read { db in
            try Int.fetchOne(
                db,
                sql: """
                    SELECT a.status FROM authorizations a JOIN types t ON t.id = a.type_id
                    WHERE t.identifier = ? AND a.access = ?
                    """, arguments: [type.identifier, access.rawValue])
        }
        return stored.flatMap(AuthorizationStatus.init(rawValue:)) ?? configuration.defaultAuthorization
    }

    public func requestAuthorization(toShare share: Set<SampleType>, read types: Set<SampleType>) async throws {
        var undecided: [(SampleType, AccessKind)] = []
        for type in share where try await authorizationStatus(for: type, access: .share) == .notDetermined {
            undecided.append((type, .share))
        }
        for type in types where try await authorizationStatus(for: type, access: .read) == .notDetermined {
            undecided.append((type, .read))
        }
        for (type, access) in undecided {
            try await setAuthorization(configuration.authorizationAnswer, for: type, access: access)
        }
    }

    /// Records the user's answer for a type, as toggling it in Health's settings would.
    public func setAuthorization(_ status: AuthorizationStatus, for type: SampleType, access: AccessKind) async throws {
        try await write { db in
            let typeID = try SampleWriter.typeID(for: type, in: db)
            try db.execute(
                sql: "INSERT OR REPLACE INTO authorizations (type_id, access, status) VALUES (?, ?, ?)",
                arguments: [typeID, access.rawValue, status.rawValue])
        }
        cache.invalidate([type])
    }

    /// Throws unless the user allowed writing `type`.
    func requireShare(_ type: SampleType) async throws {
        switch try await authorizationStatus(for: type, access: .share) {
        case .sharingAuthorized:
            return
        case .sharingDenied:
            throw VitalsError(
                .authorizationDenied, "writing \(type.shortName) is not allowed; allow it in the store's settings")
        case .notDetermined:
            throw VitalsError(
                .authorizationNotDetermined,
                "writing \(type.shortName) needs authorization; call requestAuthorization first")
        }
    }

    /// Whether reading `type` is allowed.
    func mayRead(_ type: SampleType) async throws -> Bool {
        try await authorizationStatus(for: type, access: .read) == .sharingAuthorized
    }
}
