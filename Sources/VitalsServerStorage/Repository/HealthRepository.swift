import Foundation
import VitalsCore
import VitalsContract
import VitalsStore

/// Where the server keeps its data: users, tokens and dashboard sessions, snapshots, workouts, samples, quests.
///
/// Two implementations with the same behaviour: ``SQLiteRepository`` (one file, zero setup)
/// and ``PostgresRepository``. Every method touches only the given user's rows, and every
/// method that writes is one transaction: it happens entirely or not at all.
public protocol HealthRepository: Sendable {
    /// Creates or upgrades the tables.
    func migrate() async throws

    /// Adds a user whose token works until `expiresAt` (`nil`: for good); throws `.duplicate`
    /// when the name is taken.
    func addUser(name: String, timeZone: String, tokenHash: String, expiresAt: Date?, at date: Date) async throws
        -> ServerUser
    /// Replaces a user's token (the old one stops working, and so do the dashboard sessions opened
    /// with it) with one that works until `expiresAt` (`nil`: for good); throws `.notFound` for an unknown name.
    func replaceToken(ofUser name: String, tokenHash: String, expiresAt: Date?, at date: Date) async throws -> ServerUser
    /// The user whose token has this SHA-256 hash, with the token's expiry (callers check it).
    func user(tokenHash: String) async throws -> ServerUser?
    /// Every user, by name.
    func users() async throws -> [ServerUser]
    /// Stores a new dashboard session, first ending every session that expired by `date` and, when
    /// the user would have more than `perUser`, the user's sessions that end soonest.
    func openDashboardSession(_ session: StoredDashboardSession, keepingPerUser perUser: Int, at date: Date)
        async throws
    /// The dashboard session whose id has the SHA-256 `idHash`; `nil` when none, or when it expired by `date`.
    func dashboardSession(idHash: String, at date: Date) async throws -> StoredDashboardSession?
    /// Ends the dashboard session whose id has the SHA-256 `idHash` (nothing when there is none).
    func closeDashboardSession(idHash: String) async throws

    /// Stores an import job of `user` (new, or changed by its owner); storing a queued one also
    /// forgets the user's oldest finished jobs past `keepingPerUser`.
    func saveImportJob(_ job: StoredImportJob, of user: ServerUser, keepingPerUser: Int) async throws
    /// Notes that `owner` still works on its unfinished jobs, at `date`.
    func noteImportJobs(of owner: UUID, at date: Date) async throws
    /// The user's import jobs, newest first; only the one with `id` when given.
    func importJobs(of user: ServerUser, id: String?) async throws -> [StoredImportJob]
    /// The import jobs with these ids, whoever's (the ids of the files in an upload folder).
    func importJobs(ids: [String]) async throws -> [StoredImportJob]
    /// Removes the user `name`: their token and every row of theirs, in one transaction;
    /// returns what was erased. Throws `.notFound` for an unknown name.
    func removeUser(named name: String) async throws -> ErasedCounts

    /// Runs `body` with the user's write primitives in one transaction: committed once `body`
    /// returns (the call returns after the commit), rolled back entirely when it throws. A
    /// `VitalsError` thrown by `body` comes back unchanged; any other error as a database failure.
    ///
    /// `body` runs on the caller's executor as handed over by the repository (the SQLite
    /// repository runs it on its writer, inside a group-committed transaction), so it should
    /// only await the primitives.
    func writeTransaction<T: Sendable>(
        for user: ServerUser,
        _ body: nonisolated(nonsending) @escaping @Sendable (any HealthWriteTransaction) async throws -> T
    ) async throws -> T
    /// Stores samples and workouts (each once), recomputes and upserts snapshots, and completes
    /// the quests the written days now meet, all in one transaction (see ``HealthWrite``).
    ///
    /// The default runs ``HealthWrite/apply(for:at:in:)`` in ``writeTransaction(for:_:)``; a
    /// repository may run that same sequence over its concrete transaction type instead, so the
    /// compiler specializes it (the SQLite repository does: a tenth of a daily upsert's CPU).
    func apply(_ write: HealthWrite, for user: ServerUser, at date: Date) async throws -> HealthWriteResult
    /// The user's snapshots of one day, by source.
    func snapshots(of user: ServerUser, on date: LocalDate) async throws -> [HealthSnapshot]
    /// The user's stored samples of `type` that start before `end` and end at or after `start`
    /// (`nil`: open on that side), oldest start first: what a sample predicate's window can match.
    func samples(of user: ServerUser, type: SampleType, startingBefore end: Date?, endingFrom start: Date?) async throws
        -> [StoredSample]
    /// The user's stored samples of `type` in `window` as a statistics series: what statistics
    /// read (times, values in the canonical unit, source names), without decoding whole samples.
    func series(of user: ServerUser, type: SampleType, in window: SampleWindow) async throws -> StatisticsSeries
    /// The user's stored sample with this UUID; nil when the user has none (another user's never counts).
    func sample(of user: ServerUser, uuid: UUID) async throws -> StoredSample?
    /// The user's whole workout samples (``StoredWorkout``: an export's) that start before `end`
    /// and end at or after `start` (`nil`: open on that side), oldest start first.
    func workoutSamples(of user: ServerUser, startingBefore end: Date?, endingFrom start: Date?) async throws
        -> [StoredWorkout]
    /// The user's workout records that start before `end` (all when `nil`), oldest start first.
    func workoutRecords(of user: ServerUser, startingBefore end: Date?) async throws -> [WorkoutRecord]
    /// The routes of the user's workout with `uuid`, by index, each route's points by time.
    func routes(of user: ServerUser, workout uuid: UUID) async throws -> [StoredRoute]
    /// The user's activity summaries of the days in `days` (all when `nil`), oldest day first.
    func activitySummaries(of user: ServerUser, in days: ClosedRange<LocalDate>?) async throws -> [ActivitySummary]
    /// Each type of the user's stored samples (workouts apart) with its count, first start and last end.
    func typeSummaries(of user: ServerUser) async throws -> [TypeSummary]
    /// The names of the sources of the user's stored samples of `type` (of any type when `nil`).
    func sourceNames(of user: ServerUser, type: SampleType?) async throws -> [String]
    /// The number of the user's workouts from `source` per day, for days from `first` through `last`.
    func workoutCounts(of user: ServerUser, source: HealthSyncRequest.DataSource, from first: LocalDate,
                       through last: LocalDate) async throws -> [LocalDate: Int]

    /// Adds a quest.
    func addQuest(_ quest: Quest, for user: ServerUser) async throws
    /// The user's quests, oldest first.
    func quests(of user: ServerUser) async throws -> [Quest]
    /// Deletes a quest and its completions; false when the user has no such quest.
    func deleteQuest(id: String, of user: ServerUser) async throws -> Bool
    /// The user's quest completions whose day is `first` through `last` (days in the user's zone), by day and quest id.
    func questCompletions(of user: ServerUser, from first: LocalDate, through last: LocalDate) async throws
        -> [QuestCompletion]

    /// Appends an entry to the user's ingest log in a transaction of its own (for requests that
    /// wrote nothing), first pruning the user's entries received before `cutoff`; returns its id.
    func recordIngest(_ entry: IngestLogEntry, for user: ServerUser, keepingSince cutoff: Date) async throws -> Int64
    /// The user's ingest log, newest first: at most `limit` entries, with ids below `before` when given.
    func ingests(of user: ServerUser, limit: Int, before: Int64?) async throws -> [IngestLogEntry]
    /// Per sample type the user has stored or sent: the newest sample's start, the last ingest
    /// that carried the type, and which of the days `dayStarts[i] ..< dayStarts[i + 1]` have a
    /// sample starting in them. Index lookups per type, never a scan of the user's samples.
    func sampleCoverage(of user: ServerUser, dayStarts: [Date]) async throws -> [IngestCompleteness.Coverage]

    /// The user's characteristics, as their last imported export's `Me` element gave them: HealthKit
    /// identifier (`HKCharacteristicTypeIdentifierDateOfBirth`...) to value; empty when none was imported.
    func characteristics(of user: ServerUser) async throws -> [String: String]

    /// Everything stored for the user.
    func export(_ user: ServerUser) async throws -> UserExport
    /// Erases the user's data (the account and token stay); returns what was removed.
    func eraseData(of user: ServerUser) async throws -> ErasedCounts

    /// Releases connections.
    func close() async throws
}

extension HealthRepository {
    /// Adds a user whose token never expires.
    public func addUser(name: String, timeZone: String, tokenHash: String, at date: Date) async throws -> ServerUser {
        try await addUser(name: name, timeZone: timeZone, tokenHash: tokenHash, expiresAt: nil, at: date)
    }

    /// Replaces a user's token with one that never expires.
    public func replaceToken(ofUser name: String, tokenHash: String, at date: Date) async throws -> ServerUser {
        try await replaceToken(ofUser: name, tokenHash: tokenHash, expiresAt: nil, at: date)
    }

    /// Runs ``HealthWrite/apply(for:at:in:)`` in ``writeTransaction(for:_:)``.
    public func apply(_ write: HealthWrite, for user: ServerUser, at date: Date) async throws -> HealthWriteResult {
        try await writeTransaction(for: user) { store in try await write.apply(for: user, at: date, in: store) }
    }

    /// Runs ``SampleReplacement/apply(for:at:in:)`` in ``writeTransaction(for:_:)``: deletes the
    /// user's samples of one source and stores others in one transaction, keeping the days'
    /// snapshots as an ingest keeps them.
    public func apply(_ replacement: SampleReplacement, for user: ServerUser, at date: Date) async throws
        -> SampleReplacement.Outcome {
        try await writeTransaction(for: user) { store in try await replacement.apply(for: user, at: date, in: store) }
    }

    /// Deletes the user's sample `uuid` if it comes from the source named `sourceName` (with a
    /// food's members), recomputing its days; throws `.notFound` otherwise, deleting nothing.
    public func deleteSample(_ uuid: UUID, from sourceName: String, of user: ServerUser, at date: Date) async throws {
        _ = try await apply(SampleReplacement(sourceName: sourceName, removing: [uuid]), for: user, at: date)
    }

    /// Runs ``HealthWriteTransaction/record(_:keepingSince:)`` in ``writeTransaction(for:_:)``.
    public func recordIngest(_ entry: IngestLogEntry, for user: ServerUser, keepingSince cutoff: Date) async throws
        -> Int64 {
        try await writeTransaction(for: user) { store in try await store.record(entry, keepingSince: cutoff) }
    }
}

/// All of one user's data (`GET /api/me/export`).
public struct UserExport: Sendable, Codable {
    public var user: ExportedUser
    public var snapshots: [HealthSnapshot]
    public var workouts: [WorkoutRecord]
    public var samples: [StoredSample]
    public var quests: [Quest]
    public var questCompletions: [QuestCompletion]
    /// The ingest log (the entries still kept), oldest first.
    public var ingests: [IngestLogEntry]
    /// Workouts kept whole (an export's), each as its JSON Lines object (``StoredWorkout``),
    /// oldest start first. Absent from exports of servers before it, read as empty.
    public var workoutSamples: [LoggedJSON] = []
    /// The routes of those workouts, by workout and index.
    public var routes: [StoredRoute] = []
    /// Activity summaries, oldest day first.
    public var activitySummaries: [ActivitySummary] = []
    /// Characteristics (date of birth, biological sex...), by HealthKit identifier. Absent from
    /// exports of servers before it, read as empty.
    public var characteristics: [String: String] = [:]
    /// Journey syncs' raw HealthKit data, one per day and source, by day, then source. Absent
    /// from exports of servers before it, read as empty.
    public var rawData: [SyncRawData] = []

    public init(user: ExportedUser, snapshots: [HealthSnapshot], workouts: [WorkoutRecord], samples: [StoredSample],
                quests: [Quest], questCompletions: [QuestCompletion], ingests: [IngestLogEntry]) {
        self.user = user
        self.snapshots = snapshots
        self.workouts = workouts
        self.samples = samples
        self.quests = quests
        self.questCompletions = questCompletions
        self.ingests = ingests
    }

    private enum CodingKeys: String, CodingKey {
        case user, snapshots, workouts, samples, quests, questCompletions, ingests, workoutSamples, routes
        case activitySummaries, characteristics, rawData
    }

    /// Reads an export; the members added with whole workouts may be absent (an older server's).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        user = try container.decode(ExportedUser.self, forKey: .user)
        snapshots = try container.decode([HealthSnapshot].self, forKey: .snapshots)
        workouts = try container.decode([WorkoutRecord].self, forKey: .workouts)
        samples = try container.decode([StoredSample].self, forKey: .samples)
        quests = try container.decode([Quest].self, forKey: .quests)
        questCompletions = try container.decode([QuestCompletion].self, forKey: .questCompletions)
        ingests = try container.decode([IngestLogEntry].self, forKey: .ingests)
        workoutSamples = try container.decodeIfPresent([LoggedJSON].self, forKey: .workoutSamples) ?? []
        routes = try container.decodeIfPresent([StoredRoute].self, forKey: .routes) ?? []
        activitySummaries = try container.decodeIfPresent([ActivitySummary].self, forKey: .activitySummaries) ?? []
        characteristics = try container.decodeIfPresent([String: String].self, forKey: .characteristics) ?? [:]
        rawData = try container.decodeIfPresent([SyncRawData].self, forKey: .rawData) ?? []
    }

    /// The account part of an export (never the token hash).
    public struct ExportedUser: Sendable, Codable {
        public var name: String
        public var timeZone: String
        public var createdAt: Date

        package init(name: String, timeZone: String, createdAt: Date) {
            self.name = name
            self.timeZone = timeZone
            self.createdAt = createdAt
        }
    }
}

/// Rows removed by `DELETE /api/me/data`.
public struct ErasedCounts: Sendable, Codable, Hashable {
    public var snapshots = 0
    public var workouts = 0
    public var samples = 0
    public var quests = 0
    public var questCompletions = 0
    /// Ingest log entries.
    public var ingests = 0
    /// Whole workout samples (their records count in ``workouts``).
    public var workoutSamples = 0
    public var routePoints = 0
    public var activitySummaries = 0
    public var characteristics = 0
    /// Finished upload jobs (``ImportJob``: counts and states). A job still queued or running
    /// goes on and stays listed; what its import stores comes after the erase.
    public var importJobs = 0
    /// Journey syncs' raw HealthKit data (``SyncRawData``), one per day and source.
    public var rawData = 0

    public init() {}
}
