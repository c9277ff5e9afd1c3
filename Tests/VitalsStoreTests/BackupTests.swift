import Foundation
import GRDB
import Testing
import VitalsCore
import VitalsTestSupport
import VitalsTesting

@testable import VitalsStore

@Suite("Backups and restores of a SQLite file")
struct BackupTests {
    /// The store's own kind and a made-up second kind, as the CLI builds its catalog.
    static let catalog = SchemaCatalog([
        .init(name: "store", migrations: SQLiteHealthStore.schemaMigrations),
        .init(name: "other", migrations: ["other-v1"]),
    ])

    static func steps(_ range: Range<Int>) throws -> [Sample] {
        let start = date("2025-01-01T00:00:00Z")
        return try range.map {
            try Sample.quantity(
                .stepCount, Double($0), .count, start: start + Double($0) * 60,
                end: start + Double($0) * 60 + 60, source: iPhone
            ).validated()
        }
    }

    /// A store holding `count` step samples, and a verified backup of it in the same folder.
    static func storeWithBackup(_ count: Int = 2000) async throws -> (TemporaryStore, String) {
        let temporary = try TemporaryStore()
        try await temporary.store.save(try steps(0..<count))
        let backup = temporary.directory.appendingPathComponent("backup.sqlite").path
        _ = try SQLiteBackup(source: temporary.path, catalog: catalog).write(to: backup)
        return (temporary, backup)
    }

    @Test("A backup taken while another connection writes holds exactly the snapshot it began with, verified")
    func backupDuringWrites() async throws {
        let temporary = try TemporaryStore()
        try await temporary.store.save(try Self.steps(0..<20_000))
        let backup = temporary.directory.appendingPathComponent("backup.sqlite").path
        let writer = Task {
            var written = 20_000
            while !Task.isCancelled {
                try await temporary.store.save(try Self.steps(written..<written + 50))
                written += 50
            }
            return written
        }
        try await Task.sleep(for: .milliseconds(50))
        let before = try await temporary.store.samples(of: .stepCount).value.count
        var configuration = SQLiteBackup.Configuration()
        configuration.bytesPerStep = 64 * 1024  // many steps, with commits landing between them
        let steps = Locked(0)
        let report = try await Task.detached {
            try SQLiteBackup(source: temporary.path, catalog: Self.catalog, configuration: configuration)
                .write(to: backup) { progress in if progress.phase == .copying { steps.withLock { $0 += 1 } } }
        }.value
        let after = try await temporary.store.samples(of: .stepCount).value.count
        writer.cancel()
        _ = try? await writer.value
        #expect(steps.withLock { $0 } > 3)
        #expect(after > before, "the writer went on while the backup ran")
        #expect(report.integrity == "ok" && report.check == "quick_check" && report.schema?.kind == "store")
        #expect(FileManager.default.fileExists(atPath: backup))
        #expect(!FileManager.default.fileExists(atPath: DurableFile.temporaryName(for: backup)))

        let copy = try SQLiteHealthStore(path: backup, configuration: temporary.store.configuration)
        let copied = try await copy.samples(of: .stepCount).value
        // Every sample saved before the backup began is there, unchanged; none saved after it ended.
        #expect(copied.count >= before && copied.count <= after, "\(before) <= \(copied.count) <= \(after)")
        let values = Set(copied.map { Int(($0.quantity?.value ?? -1)) })
        #expect((0..<before).allSatisfy(values.contains))
        #expect(report.tables.first { $0.name == "samples" }?.rows == copied.count)
        let integrity = try await DatabaseQueue(path: backup).read {
            try String.fetchAll($0, sql: "PRAGMA integrity_check")
        }
        #expect(integrity == ["ok"])
    }

    @Test("A backup never overwrites a file, and a missing database is named")
    func refusals() async throws {
        let (temporary, backup) = try await Self.storeWithBackup(10)
        let again = #expect(throws: VitalsError.self) {
            try SQLiteBackup(source: temporary.path, catalog: Self.catalog).write(to: backup)
        }
        #expect(again?.code == .duplicate)
        let missing = #expect(throws: VitalsError.self) {
            try SQLiteBackup(source: temporary.path + ".none", catalog: Self.catalog).write(to: backup + ".2")
        }
        #expect(missing?.code == .io && missing?.location?.file == temporary.path + ".none")
    }

    @Test("A restore puts the backup in place, keeps the previous file only when asked, and the store reads it")
    func restore() async throws {
        let (temporary, backup) = try await Self.storeWithBackup(2000)
        let target = temporary.directory.appendingPathComponent("restored.sqlite").path
        do {
            // While a store has the file open, it is not replaced.
            let other = try SQLiteHealthStore(path: target, configuration: temporary.store.configuration)
            try await other.save(try Self.steps(5000..<5010))
            let busy = #expect(throws: VitalsError.self) {
                try SQLiteRestore(backup: backup, target: target, catalog: Self.catalog).run()
            }
            #expect(busy?.code == .unavailable && busy?.message.contains("stop it first") == true)
            #expect(try await other.samples(of: .stepCount).value.count == 10)
        }
        // The store's lock goes with its last reference, which the tasks that ran its last call may
        // still hold for a moment after the call returned: wait for it (a process's lock goes at exit).
        try await Self.waitUntilClosed(target)

        var restore = SQLiteRestore(backup: backup, target: target, catalog: Self.catalog)
        restore.keepsPrevious = true
        let report = try restore.run()
        #expect(report.schema.kind == "store" && report.tables.first { $0.name == "samples" }?.rows == 2000)
        let previous = try #require(report.previous)
        #expect(FileManager.default.fileExists(atPath: previous))
        let restored = try SQLiteHealthStore(path: target, configuration: temporary.store.configuration)
        #expect(try await restored.samples(of: .stepCount).value.count == 2000)
        let kept = try SQLiteHealthStore(path: previous, configuration: temporary.store.configuration)
        #expect(try await kept.samples(of: .stepCount).value.count == 10)
    }

    /// Waits up to 10 s until no store in this process holds `path`'s lock.
    static func waitUntilClosed(_ path: String) async throws {
        for _ in 0..<200 {
            if (try? DatabaseFileLock.acquire(for: path, mode: .exclusive)) != nil { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("\(path) is still open after 10 s")
    }

    @Test("A truncated, a damaged and a newer-schema backup are refused, and the target is left as it was")
    func badBackups() async throws {
        let (temporary, backup) = try await Self.storeWithBackup(5000)
        // Before each restore the test waits for the target's lock (waitUntilClosed): each restore
        // releases it as it returns, yet once in CI a restore was refused as "open in another
        // process", most likely because a child process another test spawned right then held a
        // copy of the lock's descriptor until its `exec`.
        let target = temporary.directory.appendingPathComponent("target.sqlite").path
        _ = try SQLiteRestore(backup: backup, target: target, catalog: Self.catalog).run()
        let original = try Data(contentsOf: URL(fileURLWithPath: target))
        let whole = try Data(contentsOf: URL(fileURLWithPath: backup))

        let truncated = temporary.directory.appendingPathComponent("truncated.sqlite").path
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: truncated))
        try await Self.waitUntilClosed(target)
        let cut = #expect(throws: VitalsError.self) {
            try SQLiteRestore(backup: truncated, target: target, catalog: Self.catalog).run()
        }
        #expect(cut?.code == .invalidInput && cut?.message.contains("truncated") == true)
        #expect(cut?.location?.file == truncated && cut?.location?.byteOffset == Int64(whole.count / 2))

        // Overwrite the middle pages (the samples' B-tree) with noise: the header still says the file is whole.
        var noisy = whole
        var generator = SeededGenerator(seed: 7)
        for index in (whole.count / 3)..<(whole.count / 3 + 65_536) {
            noisy[index] = UInt8.random(in: 0...255, using: &generator)
        }
        let damaged = temporary.directory.appendingPathComponent("damaged.sqlite").path
        try noisy.write(to: URL(fileURLWithPath: damaged))
        try await Self.waitUntilClosed(target)
        let broken = #expect(throws: VitalsError.self) {
            try SQLiteRestore(backup: damaged, target: target, catalog: Self.catalog).run()
        }
        #expect(broken?.code == .invalidInput && broken?.location?.file == damaged)
        var quick = SQLiteRestore(backup: damaged, target: target, catalog: Self.catalog)
        quick.check = .quick
        // A quick check does not compare the indexes with their tables, and SQLite may report
        // the damage it finds as a database failure rather than a malformed page: depending on
        // where the noise falls (the backup's layout differs from run to run) the file is refused
        // by the check (the backup named) or when opened in place (the target named, the previous
        // file put back). Either way it is refused and the target stays as it was (checked below).
        try await Self.waitUntilClosed(target)
        let quickly = #expect(throws: VitalsError.self) { try quick.run() }
        #expect(
            [.invalidInput, .database].contains(quickly?.code)
                && [damaged, target].contains(quickly?.location?.file),
            "\(String(describing: quickly))")

        let newer = temporary.directory.appendingPathComponent("newer.sqlite").path
        try whole.write(to: URL(fileURLWithPath: newer))
        try await DatabaseQueue(path: newer).write {
            try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99-from-the-future')")
        }
        try await Self.waitUntilClosed(target)
        let future = #expect(throws: VitalsError.self) {
            try SQLiteRestore(backup: newer, target: target, catalog: Self.catalog).run()
        }
        #expect(future?.code == .newerSchema && future?.message.contains("v99-from-the-future") == true)

        let foreign = temporary.directory.appendingPathComponent("foreign.sqlite").path
        try await DatabaseQueue(path: foreign).write { db in
            try db.execute(
                sql:
                    "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY); INSERT INTO grdb_migrations VALUES ('other-v1')"
            )
        }
        try await Self.waitUntilClosed(target)
        let mismatch = #expect(throws: VitalsError.self) {
            try SQLiteRestore(backup: foreign, target: target, catalog: Self.catalog).run()
        }
        #expect(mismatch?.code == .invalidInput && mismatch?.location?.field == "--db")

        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == original)
        let names = try FileManager.default.contentsOfDirectory(atPath: temporary.directory.path)
        #expect(!names.contains { $0.contains(".partial-") || $0.contains("before-restore") }, "\(names)")
    }

    @Test("--keep removes only the oldest backups of the same name, by the time in their names")
    func retention() throws {
        let folder = try TestFolder.make("vitals-backups").path
        let backups = BackupFolder(path: folder)
        let start = date("2026-11-29T02:00:00Z")
        let made = (0..<5).map {
            backups.backupPath(stem: "server", extension: "sqlite", at: start + Double($0) * 3600.5)
        }
        // A partial copy of a process still running stays; one whose process has ended goes.
        let running = ".server-20261129T010000.000Z.sqlite.partial-\(getpid())"
        let abandoned = ".server-20261129T010000.000Z.sqlite.partial-\(Int32.max - 1)"
        FileManager.default.createFile(atPath: folder + "/" + abandoned, contents: Data())
        let others = [
            "vitals-20261129T010000.000Z.sqlite", "server-notes.sqlite", "server-20261129T010000.000Z.dump", running,
        ]
        for path in made + others.map({ folder + "/" + $0 }) {
            FileManager.default.createFile(atPath: path, contents: Data())
        }
        #expect(URL(fileURLWithPath: made[1]).lastPathComponent == "server-20261129T030000.500Z.sqlite")
        let removed = try backups.prune(stem: "server", extension: "sqlite", keep: 2)
        #expect(removed == Array(made.prefix(3)))
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        #expect(left == Set(made.suffix(2).map { URL(fileURLWithPath: $0).lastPathComponent } + others))
    }

    @Test("An old backup is removed by shrinking it a step at a time, each step flushed, then unlinked")
    func removalInSteps() throws {
        let folder = try TestFolder.make("vitals-removal").path
        let path = folder + "/server-20261129T010000.000Z.sqlite"
        FileManager.default.createFile(atPath: path, contents: Data(repeating: 7, count: 10 * 1_048_576 + 5))
        var sizes: [Int64] = []
        try DurableFile.removeInSteps(path, bytesPerStep: 3 << 20) { sizes.append($0) }
        let mib: Int64 = 1 << 20
        #expect(sizes == [7 * mib + 5, 4 * mib + 5, mib + 5, 0])
        #expect(!FileManager.default.fileExists(atPath: path))
        try DurableFile.removeInSteps(path)  // already gone: nothing to do, no error
        #expect(throws: VitalsError.self) { try DurableFile.removeInSteps(folder) }  // a folder is not removed
        #expect(FileManager.default.fileExists(atPath: folder))
    }
}
