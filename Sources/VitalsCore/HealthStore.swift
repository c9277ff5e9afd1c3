import Foundation

/// A health data store with HealthKit's semantics: reads (``HealthReader``), writes, changes and authorization.
///
/// `SQLiteHealthStore` implements it on one SQLite file; on Apple platforms a HealthKit-backed
/// store conforms too, so callers never depend on SQLite. Reads of types the user denied
/// return empty results that say why; writes of them throw.
public protocol HealthStore: HealthReader {
    /// The app this store writes as.
    var appSource: Source { get }

    /// The calendar the store's user lives in: whose days a day-based entry belongs to.
    var calendar: Calendar { get }

    /// Whether the store can be used at all on this device (and is enabled).
    var isAvailable: Bool { get }

    /// The user's answer for reading or sharing `type`.
    func authorizationStatus(for type: SampleType, access: AccessKind) async throws -> AuthorizationStatus

    /// Asks for access; types already answered keep their answer, as in HealthKit.
    func requestAuthorization(toShare share: Set<SampleType>, read: Set<SampleType>) async throws

    /// Saves samples (with correlation members and workout-associated samples) all or none.
    ///
    /// The summary's ``SaveSummary/saved`` holds the samples as the store keeps them: a store
    /// that assigns its own UUIDs (HealthKit does) returns those.
    func save(_ samples: [Sample], duplicates: DuplicatePolicy) async throws -> SaveSummary

    /// Deletes samples by UUID all or none, leaving tombstones for anchored change queries.
    /// Returns how many were deleted (members of deleted correlations included).
    func delete(_ uuids: [UUID]) async throws -> Int

    /// Replaces one sample (with its correlation members) by another in one transaction: an edit.
    ///
    /// HealthKit samples are immutable, so an edit deletes the old sample (leaving a tombstone)
    /// and saves the replacement under its own UUID. Either both happen or neither: an invalid
    /// replacement, a duplicate UUID or a failed write leaves the old sample stored.
    func replace(_ uuid: UUID, with replacement: Sample) async throws

    /// The sample with this UUID (a correlation member too), if stored and readable.
    func sample(withUUID uuid: UUID) async throws -> Sample?

    /// Sets the merge priority of `type`: the given source names or bundle identifiers first.
    func setSourcePriority(_ sources: [String], for type: SampleType) async throws

    /// What was added and deleted after `anchor` (everything when `nil`), and the new anchor.
    func changes(since anchor: QueryAnchor?, types: Set<SampleType>?) async throws -> ChangeSet

    /// Types changed by each committed write, as they happen.
    func changeNotifications() -> AsyncStream<Set<SampleType>>
}

/// What to do when a saved sample's UUID is already in the store.
public enum DuplicatePolicy: Sendable {
    /// Fail the whole batch (HealthKit's behaviour).
    case fail
    /// Skip samples that are already there; save the rest.
    case skip
}

/// What a save did.
public struct SaveSummary: Sendable, Hashable {
    /// Samples written, members and associated samples included.
    public var added: Int
    /// Samples skipped because their UUID was already stored.
    public var alreadyPresent: Int
    /// The samples given, in order, as the store keeps them (with the store's own UUIDs where it
    /// assigns them); one skipped as already present is listed as given.
    public var saved: [Sample]

    public init(added: Int = 0, alreadyPresent: Int = 0, saved: [Sample] = []) {
        self.added = added
        self.alreadyPresent = alreadyPresent
        self.saved = saved
    }
}

/// A query's value, and whether it is trustworthy.
public struct QueryResult<Value: Sendable>: Sendable {
    /// The answer (empty when the type may not be read).
    public var value: Value
    /// Set when the store failed and this is an older cached answer.
    public var staleBecause: VitalsError?
    /// Types the user did not allow reading; the answer is empty for them.
    public var unreadableTypes: Set<SampleType>

    /// Creates a result.
    public init(_ value: Value, staleBecause: VitalsError? = nil, unreadableTypes: Set<SampleType> = []) {
        self.value = value
        self.staleBecause = staleBecause
        self.unreadableTypes = unreadableTypes
    }

    /// Whether this came from the cache after a failed query.
    public var isStale: Bool { staleBecause != nil }
}

/// A position in a store's history of changes; monotonic, survives restarts.
public struct QueryAnchor: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The store's change counter at this point.
    public let rawValue: Int64

    public init(rawValue: Int64) { self.rawValue = rawValue }

    /// Parses the text form (`description`).
    public init?(_ text: String) {
        guard let value = Int64(text), value >= 0 else { return nil }
        rawValue = value
    }

    public var description: String { String(rawValue) }
    public static func < (lhs: QueryAnchor, rhs: QueryAnchor) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A deleted sample as anchored queries report it (`HKDeletedObject`).
public struct DeletedSample: Sendable, Hashable {
    public var uuid: UUID
    public var type: SampleType

    /// Creates a deletion record.
    public init(uuid: UUID, type: SampleType) {
        self.uuid = uuid
        self.type = type
    }
}

/// The answer to an anchored change query.
public struct ChangeSet: Sendable {
    /// Samples added since the anchor, in the order they were added.
    public var added: [Sample]
    /// Samples deleted since the anchor.
    public var deleted: [DeletedSample]
    /// Pass this to the next call to get only newer changes.
    public var anchor: QueryAnchor
    /// Types left out because the user did not allow reading them.
    public var unreadableTypes: Set<SampleType>

    /// Creates a change set.
    public init(added: [Sample], deleted: [DeletedSample], anchor: QueryAnchor, unreadableTypes: Set<SampleType>) {
        self.added = added
        self.deleted = deleted
        self.anchor = anchor
        self.unreadableTypes = unreadableTypes
    }
}

extension HealthStore {
    /// Saves samples, failing on a UUID already stored.
    @discardableResult
    public func save(_ samples: [Sample]) async throws -> SaveSummary {
        try await save(samples, duplicates: .fail)
    }

    /// Saves one sample.
    public func save(_ sample: Sample) async throws {
        _ = try await save([sample], duplicates: .fail)
    }

    /// The overall authorization state of `types` for `access`: any authorized type gives access;
    /// only when every type is denied is it `denied`.
    public func authorizationState(
        for types: Set<SampleType>, access: AccessKind = .read
    ) async throws
        -> AuthorizationState
    {
        guard isAvailable else { return .unavailable }
        var statuses: [SampleType: AuthorizationStatus] = [:]
        for type in types { statuses[type] = try await authorizationStatus(for: type, access: access) }
        return AuthorizationState.aggregate(statuses)
    }
}
