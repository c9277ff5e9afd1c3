/// The columns of the tables both the local store and the server's SQLite database keep, written
/// once for both files' migrations.
///
/// Each is the part of a `CREATE TABLE` the two files define alike; each migration puts its own
/// keys around it (the server's tables are per user, the store's are not). The columns are joined
/// with the indentation of those statements, so a new file's schema reads as it always did.
/// Shipped migrations run this text, so it never changes: a new column is a new migration's
/// `ALTER TABLE` in each file.
package enum SharedSchema {
    /// `daily_statistics`' columns from `type_id` through `duration`: a type's merged statistics
    /// of one day and variant (``DailyStatisticsRow``). The server's table has `user_id` before
    /// them and `parts` after; the store added `parts` in a migration of its own.
    package static let dailyStatisticsColumns = [
        "type_id INTEGER NOT NULL REFERENCES types(id)",
        "variant TEXT NOT NULL",
        "day_start REAL NOT NULL",
        "day_end REAL NOT NULL",
        "sample_count INTEGER NOT NULL",
        "sum REAL, average REAL, minimum REAL, maximum REAL",
        "most_recent REAL, most_recent_start REAL, most_recent_end REAL",
        "duration REAL",
    ].joined(separator: ",\n    ")

    /// `route_points`' columns from `time` through `vertical_accuracy`: one point of a workout's
    /// route. The store keys a point by its workout's row and route; the server by user, workout
    /// UUID, route and position.
    package static let routePointColumns = [
        "time REAL NOT NULL",
        "latitude REAL NOT NULL",
        "longitude REAL NOT NULL",
        "altitude REAL, speed REAL, course REAL, horizontal_accuracy REAL, vertical_accuracy REAL",
    ].joined(separator: ",\n    ")
}
