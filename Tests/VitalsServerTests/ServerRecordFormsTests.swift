import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import VitalsCore
import VitalsServer
import VitalsTestSupport

/// The Records page's forms for a server user: add, edit and delete their own records (written
/// as the dashboard), with the values then visible through the API and the page.
@Suite("Server: dashboard record forms")
struct ServerRecordFormsTests {
    static let setups: [(Backend, TestingSetup)] = [
        (.sqlite, .router), (.sqlite, .live), (.postgres, .router), (.postgres, .live),
    ]

    @Test("A weight added, edited and deleted through the forms; the page and the export follow", arguments: setups)
    func weight(backend: Backend, setup: TestingSetup) async throws {
        try await withServer(backend, setup: setup) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let ada = try await DashboardBrowser.signedIn(harness.client, token)
            let csrf = try await ada.csrf()
            let empty = try await ada.get(RecordPages.path("weight"))
            #expect(empty.body.contains("/records/new?kind=weight"), "the page offers the add form")
            #expect(try await ada.get("/records/new?kind=weight").status == .ok)

            let added = try await ada.post(
                "/records/new",
                [
                    ("kind", "weight"), ("value", "72.5"),
                    ("start", "2025-11-16T08:00"), ("csrf", csrf),
                ])
            #expect(
                added.status == .seeOther && added.location?.hasPrefix("/records?kind=weight") == true,
                "\(added.status)")
            let rows = try await ada.records("weight")
            try #require(rows.count == 1)
            let id = try #require(rows[0]["data-id"])
            #expect(rows[0]["data-value"] == "72.5" && rows[0]["data-origin"] == "local")
            #expect(rows[0]["data-source"] == RecordPages.dashboardSource)
            #expect(rows[0]["data-start"]?.hasPrefix("2025-11-16T08:00:00") == true)
            #expect(RecordPages.hasEditLink(try await ada.get(RecordPages.path("weight")).body, id))
            var stored = try await RecordPages.dashboardSamples(harness, token)
            #expect(stored.map(\.uuid.uuidString) == [id] && stored.map(\.value) == [72.5])
            #expect(stored.first?.type == SampleType.bodyMass.identifier)

            let form = try await ada.get("/records/\(id)/edit")
            #expect(form.status == .ok && form.body.contains("value=\"72.5\""))
            let edited = try await ada.post(
                "/records/\(id)/edit",
                [
                    ("value", "71.9"), ("start", "2025-11-16T08:30"),
                    ("csrf", csrf),
                ])
            #expect(edited.status == .seeOther, "\(edited.status)")
            let after = try await ada.records("weight")
            #expect(after.count == 1 && after.first?["data-value"] == "71.9" && after.first?["data-id"] != id)
            #expect(try await ada.get("/records/\(id)/edit").status == .notFound, "the old id is gone")
            stored = try await RecordPages.dashboardSamples(harness, token)
            #expect(stored.map(\.value) == [71.9] && stored.first?.uuid.uuidString == after.first?["data-id"])

            let newID = try #require(after.first?["data-id"])
            let unconfirmed = try await ada.post("/records/\(newID)/delete", [("csrf", csrf)])
            #expect(unconfirmed.status == .badRequest)
            #expect(try await ada.records("weight").count == 1, "an unconfirmed delete deletes nothing")
            let deleted = try await ada.post("/records/\(newID)/delete", [("confirm", "yes"), ("csrf", csrf)])
            #expect(deleted.status == .seeOther, "\(deleted.status)")
            #expect(try await ada.records("weight").isEmpty)
            #expect(try await RecordPages.dashboardSamples(harness, token).isEmpty)
        }
    }

    @Test(
        "A meal with macros added, edited (an emptied macro is cleared) and deleted with its members",
        arguments: Backend.allCases)
    func nutrition(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let ada = try await DashboardBrowser.signedIn(harness.client, token)
            let csrf = try await ada.csrf()
            let added = try await ada.post(
                "/records/new",
                [
                    ("kind", "nutrition"), ("value", "640"), ("protein", "32"), ("carbs", "70"), ("fat", "21"),
                    ("start", "2025-11-16T12:30"), ("csrf", csrf),
                ])
            #expect(added.status == .seeOther, "\(added.status): \(added.body)")
            let rows = try await ada.records("nutrition")
            try #require(rows.count == 1, "\(rows)")
            let id = try #require(rows[0]["data-id"])
            #expect(rows[0]["data-value"].flatMap(Double.init) == 640 && rows[0]["data-origin"] == "local", "\(rows)")
            let page = try await ada.get(RecordPages.path("nutrition")).body
            #expect(RecordPages.numbers(page, "protein") == [32] && RecordPages.numbers(page, "carbs") == [70])
            #expect(RecordPages.numbers(page, "fat") == [21])
            var stored = try await RecordPages.dashboardSamples(harness, token)
            #expect(stored.count == 4, "energy, protein, carbohydrates and fat")
            #expect(stored.first { $0.type == SampleType.dietaryEnergyConsumed.identifier }?.uuid.uuidString == id)
            #expect(Set(stored.map(\.value)) == [640, 32, 70, 21])

            // The form shows the current macros: emptied fields clear theirs, a field not posted keeps its value.
            let edited = try await ada.post(
                "/records/\(id)/edit",
                [
                    ("value", "700"), ("protein", "35"), ("carbs", ""),
                    ("start", "2025-11-16T13:00"), ("csrf", csrf),
                ])
            #expect(edited.status == .seeOther, "\(edited.status): \(edited.body)")
            let after = try await ada.get(RecordPages.path("nutrition")).body
            let afterRows = RecordPages.rows(after)
            #expect(afterRows.count == 1 && afterRows.first?["data-value"].flatMap(Double.init) == 700)
            #expect(afterRows.first?["data-id"] != id)
            #expect(RecordPages.numbers(after, "protein") == [35] && RecordPages.numbers(after, "carbs").isEmpty)
            #expect(RecordPages.numbers(after, "fat") == [21])
            stored = try await RecordPages.dashboardSamples(harness, token)
            #expect(
                stored.count == 3 && Set(stored.map(\.value)) == [700, 35, 21],
                "the old meal's members and the carbs are gone")
            #expect(!stored.contains { $0.uuid.uuidString == id })
            var lunch = try await Self.dayMeal(ada)
            #expect(lunch["data-kcal"].flatMap(Double.init) == 700 && lunch["data-protein"].flatMap(Double.init) == 35)
            #expect(lunch["data-fat"].flatMap(Double.init) == 21)
            #expect(lunch["data-carbohydrates"] == nil, "the day's totals no longer count the cleared carbs")

            let editedID = try #require(afterRows.first?["data-id"])
            let cleared = try await ada.post(
                "/records/\(editedID)/edit",
                [
                    ("value", "700"), ("protein", ""), ("carbs", ""), ("fat", " "), ("start", "2025-11-16T13:00"),
                    ("csrf", csrf),
                ])
            #expect(cleared.status == .seeOther, "\(cleared.status): \(cleared.body)")
            stored = try await RecordPages.dashboardSamples(harness, token)
            #expect(
                stored.map(\.value) == [700] && stored.first?.type == SampleType.dietaryEnergyConsumed.identifier,
                "a meal without macros is a plain energy sample")
            lunch = try await Self.dayMeal(ada)
            #expect(
                lunch["data-kcal"].flatMap(Double.init) == 700 && lunch["data-protein"] == nil
                    && lunch["data-fat"] == nil)

            let newID = try #require(try await ada.records("nutrition").first?["data-id"])
            let deleted = try await ada.post("/records/\(newID)/delete", [("confirm", "yes"), ("csrf", csrf)])
            #expect(deleted.status == .seeOther)
            #expect(try await ada.records("nutrition").isEmpty)
            #expect(try await RecordPages.dashboardSamples(harness, token).isEmpty, "no member is left behind")
        }
    }

    @Test(
        "Active energy from the forms reaches the day's HEALTHKIT snapshot, and leaves it when deleted",
        arguments: Backend.allCases)
    func activeEnergySnapshot(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let ada = try await DashboardBrowser.signedIn(harness.client, token)
            let csrf = try await ada.csrf()
            func activeCalories() async throws -> Double? {
                try await harness.day(token, "2025-11-16").decode(DayReport.self).snapshots
                    .first { $0.source == .healthKit }?.activeCalories
            }
            let added = try await ada.post(
                "/records/new",
                [
                    ("kind", "active-energy"), ("value", "300"),
                    ("start", "2025-11-16T10:00"), ("end", "2025-11-16T10:30"),
                    ("csrf", csrf),
                ])
            #expect(added.status == .seeOther, "\(added.status): \(added.body)")
            #expect(try await activeCalories() == 300)
            let id = try #require(try await ada.records("active-energy").first?["data-id"])
            let edited = try await ada.post(
                "/records/\(id)/edit",
                [
                    ("value", "250"), ("start", "2025-11-16T10:00"),
                    ("end", "2025-11-16T10:30"), ("csrf", csrf),
                ])
            #expect(edited.status == .seeOther)
            #expect(try await activeCalories() == 250)
            let newID = try #require(try await ada.records("active-energy").first?["data-id"])
            #expect(
                try await ada.post("/records/\(newID)/delete", [("confirm", "yes"), ("csrf", csrf)]).status == .seeOther
            )
            #expect(try await activeCalories() == 0, "not the deleted 250")
        }
    }

    @Test(
        "Out-of-range values are refused next to their field, as the local forms refuse them; nothing is stored",
        arguments: Backend.allCases)
    func validation(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let (_, token) = try await harness.user("ada", timeZone: "Europe/Berlin")
            let ada = try await DashboardBrowser.signedIn(harness.client, token)
            let csrf = try await ada.csrf()
            let cases: [([(String, String)], String)] = [
                ([("kind", "weight"), ("value", "0")], "value"),
                ([("kind", "weight"), ("value", "700")], "value"),
                ([("kind", "nutrition"), ("value", "500"), ("protein", "-1")], "protein"),
                ([("kind", "nutrition"), ("value", "500"), ("fat", "-3")], "fat"),
            ]
            for (fields, field) in cases {
                let answer = try await ada.post(
                    "/records/new", fields + [("start", "2025-11-16T08:00"), ("csrf", csrf)])
                #expect(answer.status == .badRequest, "\(fields)")
                #expect(answer.body.contains("data-field=\"\(field)\""), "\(fields): the error names \(field)")
            }
            let good = try await ada.post(
                "/records/new",
                [
                    ("kind", "weight"), ("value", "70"),
                    ("start", "2025-11-16T08:00"), ("csrf", csrf),
                ])
            #expect(good.status == .seeOther)
            let id = try #require(try await ada.records("weight").first?["data-id"])
            let refused = try await ada.post(
                "/records/\(id)/edit",
                [
                    ("value", "-5"), ("start", "2025-11-16T08:00"),
                    ("csrf", csrf),
                ])
            #expect(refused.status == .badRequest && refused.body.contains("data-field=\"value\""))
            #expect(
                try await RecordPages.dashboardSamples(harness, token).map(\.value) == [70],
                "the refused edit changed nothing")
        }
    }

    /// The lunch on the Day page of 2025-11-16: its `data-` totals.
    static func dayMeal(_ browser: DashboardBrowser) async throws -> [String: String] {
        let day = try await browser.get("/day/2025-11-16").body
        return try #require(PageReader.elements(day, containing: "data-meal=\"lunch\"").first)
    }
}
