/// Where the server keeps its data: users, tokens and dashboard sessions, snapshots, workouts, samples, quests.
///
/// Two implementations with the same behaviour: ``SQLiteRepository`` (one file, zero setup)
/// and `PostgresRepository` (VitalsPostgres). Every method touches only the given user's rows, and every
/// method that writes is one transaction: it happens entirely or not at all.
///
/// The composition of the repository's roles, for the code that needs them all (the server, the
/// CLI, a migration): code that needs one role takes that role (``UserAccountStore``,
/// ``DashboardSessionStore``, ``ImportJobStore``, ``HealthWriteStore``, ``HealthRecordReader``,
/// ``QuestStore``, ``IngestLogStore``, ``UserDataStore``).
public protocol HealthRepository: UserAccountStore, DashboardSessionStore, ImportJobStore, HealthWriteStore,
    HealthRecordReader, QuestStore, IngestLogStore, UserDataStore
{
    /// Creates or upgrades the tables.
    func migrate() async throws

    /// Releases connections.
    func close() async throws
}
