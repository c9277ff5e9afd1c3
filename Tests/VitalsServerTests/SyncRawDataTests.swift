import Foundation
import Testing
import VitalsContract
import VitalsCore

@testable import VitalsPostgres
@testable import VitalsServer
@testable import VitalsServerStorage

/// Issue 38, item 4: a journey sync's `rawData.healthkit` is kept with its day (per user, date
/// and source), limited in size, returned in the JSON export, erased with the user's data and
/// moved by `vitals migrate`.
@Suite("Server: a journey sync's rawData.healthkit")
struct SyncRawDataTests {
    /// A sync of 2025-11-15 from HealthKit with seed 001's raw members (and one it does not name).
    static let rawSync = #"""
        {"date": "2025-11-15", "source": "HEALTHKIT", "data": {"steps": 8412, "sleepMinutes": 431},
         "rawData": {"healthkit": {"stepCount": 8412, "activeEnergyBurned": 512.5, "appleExerciseTime": 34,
          "sleepAnalysis": {"asleep": 431, "inBed": 468}, "heartRateVariability": null,
          "workouts": [{"uuid": "8C2F1E7A-3B4D-4F0A-9E21-6D5C7B8A9F10", "activityType": 37, "indoor": false,
                        "duration": 1830.5, "metadata": {"HKTimeZone": "Europe/Berlin"}}]},
          "googleFit": {"steps": 1}}}
        """#

    /// What ``rawSync``'s `rawData.healthkit` is, as kept.
    static let rawHealthKit: LoggedJSON = .object([
        "stepCount": .number(8412), "activeEnergyBurned": .number(512.5), "appleExerciseTime": .number(34),
        "sleepAnalysis": .object(["asleep": .number(431), "inBed": .number(468)]), "heartRateVariability": .null,
        "workouts": .array([
            .object([
                "uuid": .string("8C2F1E7A-3B4D-4F0A-9E21-6D5C7B8A9F10"), "activityType": .number(37),
                "indoor": .bool(false),
                "duration": .number(1830.5), "metadata": .object(["HKTimeZone": .string("Europe/Berlin")]),
            ])
        ]),
    ])

    @Test(
        "Kept per day and source and returned in the export; a later sync of the day replaces it, one without rawData keeps it",
        arguments: Backend.allCases)
    func keptWithTheDay(backend: Backend) async throws {
        try await withServer(backend, setup: .live) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let (_, bobToken) = try await harness.user("bob")
            #expect(try await harness.sync(token, Self.rawSync).status == .ok)
            #expect(
                try await harness.sync(
                    token,
                    #"""
                    {"date": "2025-11-15", "source": "MANUAL", "data": {"proteinLogged": true},
                     "rawData": {"healthkit": {"dietaryProtein": 92}}}
                    """#
                ).status == .ok)
            // Another day, without rawData, and bob's sync: neither adds any.
            #expect(
                try await harness.sync(token, #"{"date": "2025-11-16", "source": "HEALTHKIT", "data": {"steps": 10}}"#)
                    .status == .ok)
            #expect(
                try await harness.sync(bobToken, #"{"source": "HEALTHKIT", "data": {}, "rawData": null}"#).status == .ok
            )

            let reply = try await harness.send(.get, "/api/me/export", token: token)
            let members = try #require(reply.object["rawData"] as? [[String: Any]])
            #expect(
                members.map { Set($0.keys) }
                    == Array(repeating: ["date", "source", "healthkit", "receivedAt"], count: 2))
            let kept = try reply.decode(UserExport.self).rawData
            #expect(kept.map { "\($0.date) \($0.source.rawValue)" } == ["2025-11-15 HEALTHKIT", "2025-11-15 MANUAL"])
            #expect(kept.first?.healthkit == Self.rawHealthKit)
            #expect(kept.last?.healthkit == .object(["dietaryProtein": .number(92)]))
            #expect(kept.allSatisfy { $0.receivedAt == ServerConfiguration.fixedNow })
            #expect(try await harness.export(bobToken).rawData.isEmpty)

            // The day synced again without rawData keeps it; with rawData, the new one replaces it.
            #expect(
                try await harness.sync(
                    token, #"{"date": "2025-11-15", "source": "HEALTHKIT", "data": {"steps": 8500}}"#
                )
                .status == .ok)
            #expect(try await harness.export(token).rawData.first?.healthkit == Self.rawHealthKit)
            #expect(
                try await harness.sync(
                    token,
                    #"""
                    {"date": "2025-11-15", "source": "HEALTHKIT", "data": {"steps": 8600}, "rawData": {"healthkit": {"stepCount": 8600}}}
                    """#
                ).status == .ok)
            let replaced = try await harness.export(token).rawData
            #expect(replaced.count == 2 && replaced.first?.healthkit == .object(["stepCount": .number(8600)]))
            #expect(try await harness.day(token, "2025-11-15").decode(DayReport.self).steps == 8600)
        }
    }

    @Test(
        "rawData or healthkit that is not an object, or healthkit over 65,536 bytes of JSON, is 422 naming it; nothing is stored",
        arguments: Backend.allCases)
    func limited(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            func sync(rawData: String) async throws -> Reply {
                try await harness.sync(
                    token,
                    #"{"date": "2025-11-15", "source": "HEALTHKIT", "data": {"steps": 5}, "rawData": "#
                        + rawData + "}")
            }
            let notObject = try await sync(rawData: "[1, 2]")
            #expect(notObject.status == .unprocessableContent && notObject.errorField == "rawData")
            let healthKitArray = try await sync(rawData: #"{"healthkit": [{"stepCount": 5}]}"#)
            #expect(healthKitArray.status == .unprocessableContent && healthKitArray.errorField == "rawData.healthkit")
            // Stored as {"note":"..."}: 11 bytes around the text.
            let limit = HealthSyncRequest.RawData.maximumBytes
            let secret = "x" + String(repeating: "7", count: limit - 11)
            let tooLarge = try await sync(rawData: #"{"healthkit": {"note": "\#(secret)"}}"#)
            #expect(tooLarge.status == .unprocessableContent && tooLarge.errorField == "rawData.healthkit")
            #expect(tooLarge.errorMessage?.contains("65536 bytes") == true && !tooLarge.text.contains("777"))
            #expect(try await harness.dayIsEmpty(token, "2025-11-15"))
            #expect(try await harness.export(token).rawData.isEmpty)

            // Exactly the limit is kept; null members are no raw data.
            let atLimit = try await sync(rawData: #"{"healthkit": {"note": "\#(secret.dropFirst())"}}"#)
            #expect(atLimit.status == .ok)
            let kept = try await harness.export(token).rawData
            #expect(kept.count == 1 && kept.first?.healthkit.text.utf8.count == limit)
            #expect(try await sync(rawData: #"{"healthkit": null}"#).status == .ok)
            #expect(try await sync(rawData: "null").status == .ok)
            #expect(try await harness.export(token).rawData == kept)
        }
    }

    @Test(
        "DELETE /api/me/data erases the user's raw data and counts it; other users keep theirs",
        arguments: Backend.allCases)
    func erased(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada")
            let (_, bobToken) = try await harness.user("bob")
            for user in [token, bobToken] { #expect(try await harness.sync(user, Self.rawSync).status == .ok) }
            let erased = try await harness.send(.delete, "/api/me/data", token: token)
            let counts = try #require(erased.object["erased"] as? [String: Any])
            #expect((counts["rawData"] as? NSNumber)?.intValue == 1)
            #expect(try await harness.export(token).rawData.isEmpty)
            #expect(try await harness.export(bobToken).rawData.map(\.healthkit) == [Self.rawHealthKit])
        }
    }

    @Test("vitals migrate copies each user's raw data into PostgreSQL, counted and verified")
    func migrateCopies() async throws {
        try await withServer(.sqlite, configuration: MigrationFixture.configuration) { sqlite in
            let (_, token) = try await sqlite.user("ada")
            let (_, bobToken) = try await sqlite.user("bob")
            #expect(try await sqlite.sync(token, Self.rawSync).status == .ok)
            #expect(
                try await sqlite.sync(
                    bobToken,
                    #"""
                    {"date": "2025-11-16", "source": "GOOGLE_FIT", "data": {}, "rawData": {"healthkit": {"stepCount": 1.25}}}
                    """#
                ).status == .ok)
            let before = try await sqlite.export(token).rawData
            let url = try await TestPostgres.shared.newDatabase()
            let report = try await MigrationTests.migrate(sqlite.repository, to: url)
            #expect(report.verified && report.rows["sync_raw_data"] == 2)
            let postgres = try PostgresRepository(url: url)
            try await MigrationFixture.withServer(on: postgres) { moved in
                let copied = try await moved.export(token).rawData
                #expect(copied.map(\.healthkit) == before.map(\.healthkit) && copied.map(\.date) == before.map(\.date))
                #expect(
                    try await moved.export(bobToken).rawData.map(\.healthkit) == [.object(["stepCount": .number(1.25)])]
                )
            }
        }
    }
}
