import Foundation
import PostgresNIO
import VitalsContract
import VitalsCore
import VitalsServerStorage

extension PostgresPrepared {
    /// The user a token hash belongs to: id, name, time zone and the token's expiry.
    struct TokenUser: PostgresPreparedStatement {
        typealias Row = PostgresRow

        static let sql = """
            SELECT u.id, u.name, u.time_zone, t.expires_at FROM tokens t JOIN users u ON u.id = t.user_id
            WHERE t.token_hash = $1
            """

        let tokenHash: String

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            bindings.append(tokenHash)
            return bindings
        }
    }

    /// A user's samples in one window per type, each bounded below by the type's longest sample
    /// (as ``PostgresRepository/fetchSamples(of:types:in:on:)`` is), in window order then by start.
    struct SamplesInWindows: PostgresPreparedStatement {
        typealias Row = PostgresRow

        static let sql = """
            SELECT s.uuid, s.type, s.start_time, s.end_time, s.value, s.source_name, s.metadata
            FROM UNNEST($2::text[], $3::float8[], $4::float8[], $5::float8[]) WITH ORDINALITY AS w(t, f, b, e, o)
            CROSS JOIN LATERAL (
                SELECT uuid, type, start_time, end_time, value, source_name, metadata FROM samples
                WHERE user_id = $1 AND type = w.t
                AND start_time >= GREATEST(w.f, w.e - COALESCE((
                    SELECT MAX(longest) FROM sample_durations WHERE user_id = $1 AND type = w.t), 'Infinity'))
                AND start_time < w.b AND end_time >= w.e
            ) s
            ORDER BY w.o, s.start_time, s.uuid
            """

        let userID: Int64
        let windows: [(type: String, window: SampleWindow)]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 5)
            bindings.append(userID)
            bindings.append(windows.map(\.type))
            bindings.append(windows.map(\.window.startFrom))
            bindings.append(windows.map(\.window.startBefore))
            bindings.append(windows.map(\.window.endFrom))
            return bindings
        }
    }

    /// Times, values and source names of a user's samples of some types in one window, bounded
    /// below by the types' longest sample.
    struct SeriesInWindow: PostgresPreparedStatement {
        typealias Row = PostgresRow

        static let sql = """
            SELECT type, start_time, end_time, value, source_name, COALESCE(strpos(metadata, $6) > 0, false)
            FROM samples WHERE user_id = $1 AND type = ANY($2::text[])
            AND start_time >= GREATEST($3, $5 - COALESCE((
                SELECT MAX(longest) FROM sample_durations WHERE user_id = $1 AND type = ANY($2::text[])), 'Infinity'))
            AND start_time < $4 AND end_time >= $5
            """

        let userID: Int64
        let types: [String]
        let window: SampleWindow

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 6)
            bindings.append(userID)
            bindings.append(types)
            bindings.append(window.startFrom)
            bindings.append(window.startBefore)
            bindings.append(window.endFrom)
            bindings.append(ReportedTotal.jsonMarker)
            return bindings
        }
    }

    /// A user's workouts of one source per day, from the first day through the last (`YYYY-MM-DD`).
    struct WorkoutCounts: PostgresPreparedStatement {
        typealias Row = PostgresRow

        static let sql = """
            SELECT date::text, COUNT(*) FROM workout_records WHERE user_id = $1 AND source = $2
            AND date >= $3::date AND date <= $4::date GROUP BY date
            """

        let userID: Int64
        let source: String
        let first: String
        let last: String

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 4)
            bindings.append(userID)
            bindings.append(source)
            bindings.append(first)
            bindings.append(last)
            return bindings
        }
    }

    /// A user's quests, oldest first.
    struct Quests: PostgresPreparedStatement {
        typealias Row = PostgresRow

        static let sql = """
            SELECT id, title, metric, comparison, target, recurrence, requires_verified, created_at
            FROM quests WHERE user_id = $1 ORDER BY created_at, id
            """

        let userID: Int64

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            bindings.append(userID)
            return bindings
        }
    }

    /// A user's snapshots of one day, every source (by source name); rows of ``PostgresRepository/snapshotSelect``.
    struct DaySnapshots: PostgresPreparedStatement {
        typealias Row = PostgresRow

        static let sql = PostgresRepository.snapshotSelect + " WHERE user_id = $1 AND date = $2::date ORDER BY source"

        let userID: Int64
        let day: LocalDate

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 2)
            bindings.append(userID)
            bindings.append(day.description)
            return bindings
        }
    }

    /// A user's snapshot of one day from one source, if stored; a row of ``PostgresRepository/snapshotSelect``.
    struct SourceSnapshot: PostgresPreparedStatement {
        typealias Row = PostgresRow

        static let sql = PostgresRepository.snapshotSelect + " WHERE user_id = $1 AND date = $2::date AND source = $3"

        let userID: Int64
        let day: LocalDate
        let source: HealthSyncRequest.DataSource

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 3)
            bindings.append(userID)
            bindings.append(day.description)
            bindings.append(source.rawValue)
            return bindings
        }
    }
}
