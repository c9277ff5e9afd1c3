import Foundation
import Testing
import VitalsCore
import VitalsImport
import VitalsStore

/// Aggregated values (issue 38, item 2): how a cumulative metric's items are told to be the
/// phone's totals, the periods they cover, and stand hours.
@Suite("Health Auto Export: reported totals")
struct HealthAutoExportTotalsTests {
    static let utc = TimeZone.gmt

    func parse(
        _ items: [String], metric name: String = "step_count", units: String = "count",
        aggregation: HealthAutoExportAggregation = .inferred, calendar: Calendar? = nil
    ) throws -> [Sample] {
        let json =
            #"{"data": {"metrics": [{"name": "\#(name)", "units": "\#(units)", "data": [\#(items.joined(separator: ", "))]}]}}"#
        return try HealthAutoExportParser(
            aggregation: aggregation, calendar: calendar,
            receivedAt: Date(timeIntervalSince1970: 0)
        )
        .parse(Data(json.utf8), file: "t.json").samples
    }

    static func item(_ date: String, _ qty: Double = 10) -> String { #"{"qty": \#(qty), "date": "\#(date)"}"# }

    func periods(_ samples: [Sample]) -> [String] {
        samples.map { sample in
            let period = sample.metadata[ReportedTotal.periodKey].map { "\($0)" } ?? "sample"
            return "\(period) \(Int(sample.end.timeIntervalSince(sample.start)))"
        }
    }

    @Test(
        "The interval is the coarsest boundary every date falls on, in its own offset; off-boundary dates are samples")
    func inferred() throws {
        #expect(
            periods(try parse([Self.item("2025-11-15 00:00:00 +0100"), Self.item("2025-11-16 00:00:00 +0100")]))
                == ["string(\"days\") 86400", "string(\"days\") 86400"])
        #expect(
            periods(try parse([Self.item("2025-11-15 00:00:00 +0100"), Self.item("2025-11-15 09:00:00 +0100")]))
                == ["string(\"hours\") 3600", "string(\"hours\") 3600"])
        #expect(
            periods(try parse([Self.item("2025-11-15 09:01:00 +0100"), Self.item("2025-11-15 9:02:00 am +0100")]))
                == ["string(\"minutes\") 60", "string(\"minutes\") 60"])
        #expect(
            periods(try parse([Self.item("2025-11-15 09:01:17 +0100"), Self.item("2025-11-15 09:02:00 +0100")]))
                == ["sample 0", "sample 0"])
        // Items that give their own end are samples; discrete types are never totals.
        #expect(
            periods(
                try parse([#"{"qty": 5, "date": "2025-11-15 00:00:00 +0100", "endDate": "2025-11-15 00:10:00 +0100"}"#])
            )
                == ["sample 600"])
        #expect(
            periods(try parse([Self.item("2025-11-15 00:00:00 +0100", 70)], metric: "weight_body_mass", units: "kg"))
                == ["sample 0"])
        // Stated: weeks are known only when stated; none keeps every item a sample.
        let weeks = try parse(
            [Self.item("2025-11-10 00:00:00 +0000")], aggregation: .interval(.weeks),
            calendar: .gregorian(in: Self.utc))
        #expect(periods(weeks) == ["string(\"weeks\") 604800"])
        #expect(periods(try parse([Self.item("2025-11-15 00:00:00 +0100")], aggregation: .none)) == ["sample 0"])
        // A total is received at the parser's time; an item cannot set the keys Vitals sets.
        let forged = try parse([
            #"{"qty": 5, "date": "2025-11-15 09:01:17 +0100", "metadata": {"HAEAggregation": "days"}}"#
        ])
        #expect(forged.first?.metadata[ReportedTotal.periodKey] == nil)
        #expect(
            try parse([Self.item("2025-11-15 00:00:00 +0100")]).first?.metadata[ReportedTotal.receivedKey]
                == .date(Date(timeIntervalSince1970: 0)))
    }

    @Test("A reported day ends at the user's next midnight: 23 or 25 hours on a DST day")
    func dstDays() throws {
        let berlin = Calendar.gregorian(in: try .iana("Europe/Berlin"))
        let spring = try parse([Self.item("2025-03-30 00:00:00 +0100")], calendar: berlin)
        let autumn = try parse([Self.item("2025-10-26 00:00:00 +0200")], calendar: berlin)
        #expect(periods(spring + autumn) == ["string(\"days\") 82800", "string(\"days\") 90000"])
    }

    @Test("Stand hours: an hour's count is that hour stood or idle; a day's count is kept as a total")
    func standHours() throws {
        let hours = try parse(
            [Self.item("2025-11-15 09:00:00 +0000", 1), Self.item("2025-11-15 10:00:00 +0000", 0)],
            metric: "apple_stand_hour")
        #expect(
            hours.map { "\($0.categoryValue!) \(Int($0.end.timeIntervalSince($0.start)))" } == ["0 3600", "1 3600"])
        let day = try parse(
            [Self.item("2025-11-15 00:00:00 +0000", 11)], metric: "apple_stand_hour",
            aggregation: .interval(.days), calendar: .gregorian(in: Self.utc))
        #expect(day.count == 1 && day[0].categoryValue == 0 && day[0].metadata["HAEStandHours"] == .number(11))
    }

    @Test("vitals import: a day's report and an export's samples of the day count once")
    func localPrecedence() async throws {
        let workspace = try ImportWorkspace()
        let export = try workspace.write(
            "export.xml",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Anna's iPhone" unit="count" creationDate="2024-06-01 08:10:00 +0000" startDate="2024-06-01 08:00:00 +0000" endDate="2024-06-01 08:10:00 +0000" value="400"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Anna's iPhone" unit="count" creationDate="2024-06-01 12:10:00 +0000" startDate="2024-06-01 12:00:00 +0000" endDate="2024-06-01 12:10:00 +0000" value="600"/>
            </HealthData>
            """)
        _ = try await workspace.importExport(export)
        let calendar = Calendar.gregorian(in: Self.utc)
        func day() async throws -> Double? {
            let query = StatisticsQuery(
                type: .stepCount, range: try LocalDate(parsing: "2024-06-01").range(in: calendar),
                interval: .day, calendar: calendar, options: .sum)
            return try await workspace.store.statistics(query).value.first?.sum
        }
        #expect(try await day() == 1000)
        let totals = try workspace.write(
            "day.json",
            #"""
            {"data": {"metrics": [{"name": "step_count", "units": "count", "data": [
              {"qty": 1180, "date": "2024-06-01 00:00:00 +0000", "source": "Anna's iPhone|Anna's Apple Watch"}]}]}}
            """#)
        _ = try await HealthAutoExportImporter(store: workspace.store).importFile(at: totals)
        #expect(try await day() == 1180)
    }
}
