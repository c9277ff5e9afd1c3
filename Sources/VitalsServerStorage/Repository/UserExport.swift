import Foundation
import VitalsContract
import VitalsCore

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

    public init(
        user: ExportedUser, snapshots: [HealthSnapshot], workouts: [WorkoutRecord], samples: [StoredSample],
        quests: [Quest], questCompletions: [QuestCompletion], ingests: [IngestLogEntry]
    ) {
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

        /// The account of the user `name`.
        package init(name: String, timeZone: String, createdAt: Date) {
            self.name = name
            self.timeZone = timeZone
            self.createdAt = createdAt
        }
    }
}
