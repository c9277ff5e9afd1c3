public import Foundation
public import VitalsCore

/// Sync cursors in a small JSON file, written atomically (a new file renamed over the old one).
///
/// The file holds `{"version": 1, "cursors": {"http://host:port daily 3f9a0c1b2d4e5f60":
/// {"lastSyncedDay": "2025-11-16", "confirmedAt": "2025-11-16T12:00:00Z"}}}` (the last part
/// is ``SyncEndpoint/accountFingerprint``): no tokens, no health values. The CLI
/// keeps it next to the store (``defaultPath(forStoreAt:)``), so runs share cursors. Several
/// services in one process may share one instance; separate processes writing one file at the
/// same moment can lose one of their updates (the next sync then re-sends a few days).
public actor FileSyncCursorStore: SyncCursorStore {
    /// The state file's path.
    public let path: String
    /// The clock for `confirmedAt`.
    private let now: @Sendable () -> Date

    /// A store on `path`; the file is created on the first confirmed sync.
    public init(path: String, now: @escaping @Sendable () -> Date = { Date() }) {
        self.path = path
        self.now = now
    }

    /// `<store>.sync.json`: the state file next to a store's SQLite file.
    public static func defaultPath(forStoreAt storePath: String) -> String { storePath + ".sync.json" }

    /// One cursor as the file holds it.
    struct Entry: Codable {
        var lastSyncedDay: LocalDate
        var confirmedAt: Date
    }

    /// The file's content.
    struct State: Codable {
        var version = 1
        var cursors: [String: Entry] = [:]
    }

    public func lastSyncedDay(for key: SyncCursorKey) throws -> LocalDate? {
        try load().cursors[key.description]?.lastSyncedDay
    }

    public func setLastSyncedDay(_ day: LocalDate, for key: SyncCursorKey) throws {
        var state = try load()
        state.cursors[key.description] = Entry(lastSyncedDay: day, confirmedAt: now())
        try save(state)
    }

    public func removeCursor(for key: SyncCursorKey) throws {
        var state = try load()
        guard state.cursors.removeValue(forKey: key.description) != nil else { return }
        try save(state)
    }

    /// Every cursor in the file, by key text.
    public func allCursors() throws -> [String: LocalDate] {
        try load().cursors.mapValues(\.lastSyncedDay)
    }

    private func load() throws -> State {
        guard FileManager.default.fileExists(atPath: path) else { return State() }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let state = try decoder.decode(State.self, from: data)
            guard state.version == 1 else {
                throw VitalsError(
                    .invalidInput, "unsupported sync state version \(state.version)", at: InputLocation(file: path))
            }
            return state
        } catch let error as VitalsError {
            throw error
        } catch is DecodingError {
            throw VitalsError(
                .invalidInput, "the sync state file is not valid; delete it to start over with a first sync",
                at: InputLocation(file: path))
        } catch {
            throw VitalsError(
                .io, "cannot read the sync state file", at: InputLocation(file: path),
                underlying: SendableDescription(error))
        }
    }

    private func save(_ state: State) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try encoder.encode(state).write(to: url, options: .atomic)
        } catch {
            throw VitalsError(
                .io, "cannot write the sync state file", at: InputLocation(file: path),
                underlying: SendableDescription(error))
        }
    }
}
