import Foundation
import VitalsCore
import VitalsTestSupport

@testable import VitalsStore

/// A store in a new temporary folder, opened through the production initializer.
///
/// Its folder is in ``TestFolder/root``, removed when the test process exits.
struct TemporaryStore {
    let directory: URL
    let path: String
    let store: SQLiteHealthStore

    init(configure: (inout SQLiteHealthStore.Configuration) -> Void = { _ in }) throws {
        directory = try TestFolder.make("vitals-test")
        path = directory.appendingPathComponent("store.sqlite").path
        var configuration = SQLiteHealthStore.Configuration()
        configuration.appSource = Source(name: "Test App", bundleIdentifier: "com.x.app")
        configuration.calendar = Calendar.gregorian(in: .gmt)
        configure(&configuration)
        store = try SQLiteHealthStore(path: path, configuration: configuration)
    }

    /// Opens the same file again, as a restarted process would.
    func reopen(configure: (inout SQLiteHealthStore.Configuration) -> Void = { _ in }) throws -> SQLiteHealthStore {
        var configuration = store.configuration
        configure(&configuration)
        return try SQLiteHealthStore(path: path, configuration: configuration)
    }
}

func date(_ text: String) -> Date { ISO8601.parse(text)! }

let iPhone = Source(name: "iPhone", bundleIdentifier: "com.apple.health.phone")
let appleWatch = Source(name: "Apple Watch", bundleIdentifier: "com.apple.health.watch")
