import ArgumentParser
import Foundation
import VitalsCore
import VitalsStore

/// `--db` and `--tz`, shared by every command.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The store's SQLite file.",
            discussion: "Default: $VITALS_DB, else ~/.local/share/vitals/vitals.sqlite.",
            valueName: "path"))
    var db: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "IANA time zone for parsing and printing dates (default: the system zone).", valueName: "zone"))
    var tz: String?

    /// The database path after defaults.
    var databasePath: String {
        if let db { return db }
        if let env = ProcessInfo.processInfo.environment["VITALS_DB"], !env.isEmpty { return env }
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        return "\(home)/.local/share/vitals/vitals.sqlite"
    }

    /// The zone from `--tz`, or the system zone.
    func zone() throws -> TimeZone {
        guard let tz else { return .current }
        do {
            return try TimeZone.iana(tz)
        } catch {
            throw error.located(InputLocation(field: "--tz"))
        }
    }

    /// A Gregorian calendar in `zone()`.
    func calendar() throws -> Calendar { Calendar.gregorian(in: try zone()) }

    /// Opens the store; `cachingQueries: false` for a command that reads everything once (an export),
    /// whose pages would only crowd the query cache.
    func open(cachingQueries: Bool = true) throws -> SQLiteHealthStore {
        var configuration = SQLiteHealthStore.Configuration()
        configuration.calendar = try calendar()
        if !cachingQueries { configuration.cacheCapacity = 0 }
        return try SQLiteHealthStore(path: databasePath, configuration: configuration)
    }

    /// Parses `YYYY-MM-DD` (local midnight in the zone) or ISO 8601 with an offset.
    func date(_ text: String, option: String) throws -> Date {
        try DateArgument.parse(text, calendar: calendar(), option: option)
    }
}

/// Parsing of date arguments.
enum DateArgument {
    static func parse(_ text: String, calendar: Calendar, option: String) throws -> Date {
        if let instant = ISO8601.parse(text) { return instant }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        {
            let components = DateComponents(year: year, month: month, day: day)
            if let date = calendar.date(from: components),
                calendar.component(.day, from: date) == day
            {
                return date
            }
        }
        throw VitalsError(
            .invalidDate,
            "'\(text)' is not YYYY-MM-DD or an ISO 8601 timestamp with an offset",
            at: InputLocation(field: option))
    }
}

/// Resolves a `--type` argument.
enum TypeArgument {
    static func parse(_ text: String) throws -> SampleType {
        if let type = SampleType(name: text) { return type }
        if text.hasPrefix("HK") { return SampleType(identifier: text) }
        throw VitalsError(
            .unknownType, "'\(text)' is not a HealthKit type; `vitals types --all` lists them",
            at: InputLocation(field: "--type"))
    }
}
