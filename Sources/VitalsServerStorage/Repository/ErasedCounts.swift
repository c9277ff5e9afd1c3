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
