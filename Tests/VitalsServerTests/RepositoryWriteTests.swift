import Foundation
import ServiceLifecycle
import Testing
import VitalsContract
import VitalsCore
import VitalsServer
import VitalsServerStorage
import VitalsTestSupport

@Suite("Server repository writes")
struct RepositoryWriteTests {
    @Test("Concurrent writes commit together, and a failing one rolls back alone", arguments: Backend.allCases)
    func concurrentWrites(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let repository = harness.repository
            // 65 concurrent writes: 10 reuse a name (refused before writing), 5 reuse the token hash
            // of an existing user (refused by the database after their user row was inserted:
            // that row must be rolled back with them).
            let taken = TokenHasher.hash(TokenHasher.newToken())
            _ = try await repository.addUser(
                name: "owner", timeZone: "UTC", tokenHash: taken, at: ServerConfiguration.fixedNow)
            let writes =
                (0..<50).map { ("user-\($0)", TokenHasher.hash(TokenHasher.newToken())) }
                + (0..<10).map { ("user-\($0)", TokenHasher.hash(TokenHasher.newToken())) }
                + (0..<5).map { ("late-\($0)", taken) }
            let names = writes.map(\.0)
            let outcomes = await withTaskGroup(of: VitalsError.Code?.self) { group in
                for (name, hash) in writes {
                    group.addTask {
                        do {
                            _ = try await repository.addUser(
                                name: name, timeZone: "UTC", tokenHash: hash,
                                at: ServerConfiguration.fixedNow)
                            return nil
                        } catch let error as VitalsError {
                            return error.code
                        } catch {
                            return .database
                        }
                    }
                }
                var codes: [VitalsError.Code?] = []
                for await code in group { codes.append(code) }
                return codes
            }
            #expect(outcomes.filter { $0 == nil }.count == 50)
            #expect(outcomes.filter { $0 == .duplicate }.count == 10)
            #expect(outcomes.filter { $0 == .database }.count == 5)
            let stored = Set(try await repository.users().map(\.name))
            #expect(stored == Set(names.filter { $0.hasPrefix("user-") }).union(["owner"]))
        }
    }

    @Test(
        "A write transaction that throws after writing leaves nothing behind; concurrent ones commit",
        arguments: Backend.allCases)
    func failingWriteTransaction(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (user, _) = try await harness.user("ada")
            let repository = harness.repository
            let first = try LocalDate(parsing: "2025-11-01")
            let failing = first.adding(days: -1)
            let steps = StoredSample(
                uuid: UUID(), type: SampleType.stepCount.identifier,
                start: failing.start(in: user.calendar).addingTimeInterval(3600),
                end: failing.start(in: user.calendar).addingTimeInterval(3660),
                value: 500, sourceName: "Phone")
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    let refused = await #expect(throws: VitalsError.self) {
                        try await repository.writeTransaction(for: user) { store in
                            #expect(try await store.insert([steps]) == [0])
                            var patch = SnapshotPatch(date: failing, source: .manual)
                            patch.steps = 1
                            try await store.upsert(patch, at: ServerConfiguration.fixedNow)
                            #expect(try await store.snapshots(on: failing).count == 1)
                            throw VitalsError(.invalidInput, "refused by the test", at: InputLocation(field: "steps"))
                        }
                    }
                    // The body's own error comes back as it was thrown.
                    #expect(refused?.code == .invalidInput)
                }
                for offset in 0..<20 {
                    group.addTask {
                        var patch = SnapshotPatch(date: first.adding(days: offset), source: .manual)
                        patch.steps = offset
                        _ = try await repository.apply(
                            HealthWrite(snapshots: [patch]), for: user,
                            at: ServerConfiguration.fixedNow)
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await repository.snapshots(of: user, on: failing).isEmpty)
            #expect(
                try await repository.samples(of: user, type: .stepCount, startingBefore: nil, endingFrom: nil).isEmpty)
            for offset in 0..<20 {
                #expect(
                    try await repository.snapshots(of: user, on: first.adding(days: offset)).map(\.steps) == [offset])
            }
            // The sample stays insertable: the failed write left no row behind.
            let stored = try await repository.writeTransaction(for: user) { store in
                try await store.insert([steps, steps])
            }
            #expect(stored == [0])
        }
    }

    @Test(
        "An insert stores each UUID once, from its first offset, skipping the user's stored ones but not another user's",
        arguments: Backend.allCases)
    func insertKeepsFirstOfEachUUID(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (ada, _) = try await harness.user("ada")
            let (bob, _) = try await harness.user("bob")
            let repository = harness.repository
            let day = try LocalDate(parsing: "2025-11-01").start(in: ada.calendar)
            func steps(_ uuid: UUID, _ value: Double, minute: Double) -> StoredSample {
                StoredSample(
                    uuid: uuid, type: SampleType.stepCount.identifier, start: day.addingTimeInterval(minute * 60),
                    end: day.addingTimeInterval(minute * 60 + 60), value: value, sourceName: "Phone")
            }
            let stored = UUID(), twice = UUID(), last = UUID()
            let first = [steps(stored, 1, minute: 0)]
            let second = [
                steps(twice, 10, minute: 1), steps(stored, 2, minute: 2), steps(twice, 20, minute: 3),
                steps(last, 100, minute: 4),
            ]
            let bobs = [steps(stored, 5, minute: 0)]
            #expect(try await repository.writeTransaction(for: ada) { try await $0.insert(first) } == [0])
            let added = try await repository.writeTransaction(for: ada) { try await $0.insert(second) }
            #expect(added == [0, 3])
            let values = try await repository.samples(of: ada, type: .stepCount, startingBefore: nil, endingFrom: nil)
                .sorted { $0.start < $1.start }.map(\.value)
            #expect(values == [1, 10, 100])
            // UUIDs are unique per user: another user's sample with the same UUID is stored.
            #expect(try await repository.writeTransaction(for: bob) { try await $0.insert(bobs) } == [0])
            #expect(
                try await repository.samples(of: bob, type: .stepCount, startingBefore: nil, endingFrom: nil).map(
                    \.value) == [5])
        }
    }

    @Test(
        "A recomputation's sample window selects in memory exactly what the repository's query selects",
        arguments: Backend.allCases)
    func sampleWindowMatchesQuery(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (user, _) = try await harness.user("ada")
            let day = try LocalDate(parsing: "2025-11-16")
            let recompute = DayRecompute(days: [day], calendar: user.calendar)
            let window = try #require(recompute.window)
            // Starts and ends on and around each of the window's bounds.
            let starts = [
                window.startFrom - 1, window.startFrom, window.startFrom + 1,
                window.endFrom - 1, window.endFrom, window.startBefore - 1, window.startBefore,
            ]
            let ends = [window.endFrom - 1, window.endFrom, window.endFrom + 1, window.startBefore + 1]
            var samples: [StoredSample] = []
            for start in starts {
                for end in ends where end >= start {
                    samples.append(
                        StoredSample(
                            uuid: UUID(), type: SampleType.stepCount.identifier,
                            start: Date(timeIntervalSince1970: start),
                            end: Date(timeIntervalSince1970: end),
                            value: Double(samples.count + 1), sourceName: "Phone"))
                }
            }
            let expected = samples.filter {
                window.contains(start: $0.start.timeIntervalSince1970, end: $0.end.timeIntervalSince1970)
            }.map(\.value).sorted()
            #expect(!expected.isEmpty && expected.count < samples.count)
            let written = samples
            let selected = try await harness.repository.writeTransaction(for: user) { store in
                _ = try await store.insert(written)
                return try await store.series(of: [.stepCount], in: window)[.stepCount]?.points.map(\.value).sorted()
                    ?? []
            }
            #expect(selected == expected)
        }
    }

    @Test("A write reads its snapshots back only when asked, and stores them either way", arguments: Backend.allCases)
    func snapshotsReadBackOnRequest(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (user, _) = try await harness.user("ada")
            let day = try LocalDate(parsing: "2025-11-16")
            var first = SnapshotPatch(date: day, source: .healthKit)
            first.steps = 1200
            let quiet = try await harness.repository.apply(
                HealthWrite(snapshots: [first], returnsSnapshots: false),
                for: user, at: ServerConfiguration.fixedNow)
            #expect(quiet.snapshots.isEmpty)
            var second = SnapshotPatch(date: day, source: .healthKit)
            second.sleepMinutes = 420
            let shown = try await harness.repository.apply(
                HealthWrite(snapshots: [second]), for: user,
                at: ServerConfiguration.fixedNow)
            #expect(shown.snapshots.map(\.steps) == [1200])
            #expect(shown.snapshots.map(\.sleepMinutes) == [420])
        }
    }

    @Test("While the SQLite repository runs as a service, the WAL is checkpointed in the background and stays small")
    func backgroundCheckpoints() async throws {
        let path = TestFolder.path("vitals-wal", suffix: ".sqlite")
        defer { removeDatabaseFiles(path) }
        var configuration = SQLiteRepository.Configuration()
        configuration.checkpointInterval = 0.02
        let repository = try SQLiteRepository(path: path, configuration: configuration)
        try await repository.migrate()
        let user = try await repository.addUser(
            name: "ada", timeZone: "UTC", tokenHash: "h", at: ServerConfiguration.fixedNow)
        func walBytes() -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int) ?? 0
        }
        /// 3,000 one-day upserts, each its own transaction: about 12 MB of WAL frames.
        func write(from first: Int) async throws {
            for offset in first..<(first + 3000) {
                var metrics = DailyHealthMetrics(date: try LocalDate(parsing: "2025-11-16").adding(days: -offset))
                metrics.steps = offset
                _ = try await repository.apply(
                    HealthWrite(snapshots: [SnapshotPatch(metrics)]), for: user, at: ServerConfiguration.fixedNow)
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await repository.run() }
            try await Task.sleep(for: .milliseconds(100))
            try await write(from: 0)
            group.cancelAll()
        }
        let withCheckpointer = walBytes()
        #expect(withCheckpointer < 4 << 20, "WAL grew to \(withCheckpointer) bytes")
        // Stopped, the writer checkpoints by itself again (every 1,000 pages): still bounded.
        try await write(from: 3000)
        #expect(walBytes() < 8 << 20)
        try await repository.close()
    }
}
