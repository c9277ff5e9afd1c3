import ArgumentParser
import Foundation
import VitalsCore
import VitalsInsights
import VitalsStore

/// Shared argument handling of the insights commands (calendar, streak, reminders).
enum InsightsArguments {
    /// Runs `body`, placing a `VitalsError` it throws at the command-line option `flag`.
    static func located<T>(_ flag: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as VitalsError {
            var relocated = error
            relocated.location = InputLocation(field: flag)
            throw relocated
        }
    }

    /// An activity name from the command line; a `ValidationError` (exit 64) naming `argument` otherwise.
    static func activity(_ name: String, argument: String) throws -> TrackedActivity {
        do {
            return try TrackedActivity(name: name, field: argument)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The daily-activity query for the app `StoreOptions.open()` writes as (or every source),
    /// built before the store is opened so bad arguments leave no file behind.
    static func query(calendar: Calendar, allSources: Bool) -> DailyActivityQuery {
        let app = SQLiteHealthStore.Configuration().appSource
        return DailyActivityQuery(
            calendar: calendar, sources: allSources ? .all : .app(bundleIdentifier: app.bundleIdentifier))
    }

    /// Type names for messages.
    static func names(_ types: Set<SampleType>) -> String {
        types.map(\.shortName).sorted().joined(separator: ", ")
    }

    /// Tells stderr which types were left out and whether the answer is from the cache.
    static func warn(unreadable: Set<SampleType>, stale: VitalsError?) {
        if !unreadable.isEmpty {
            FileHandle.standardError.write(
                Data("note: not allowed to read \(names(unreadable)); shown as unknown\n".utf8))
        }
        if stale != nil {
            FileHandle.standardError.write(Data("note: the store failed; this is an older cached answer\n".utf8))
        }
    }
}
