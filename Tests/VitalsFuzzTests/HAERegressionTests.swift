import Foundation
import Testing
import VitalsCore

@testable import VitalsImport

/// What the HAE fuzzer found, each read by the parser the server and `vitals import` use.
@Suite("HAE fuzz regressions")
struct HAERegressionTests {
    func document(_ name: String) throws -> Data {
        let path = FuzzFiles.root.appendingPathComponent("regressions/hae/\(name)").path
        return try #require(FileManager.default.contents(atPath: path))
    }

    /// Found by the fuzzer: a mindful session of 10^124 minutes put its end past what a key's
    /// whole milliseconds hold and trapped (Double to Int64) instead of refusing the item.
    @Test("A mindful session's length beyond a year is refused at its qty")
    func mindfulLength() throws {
        let data = try document("mindful-qty-overflows-date.json")
        do {
            _ = try HealthAutoExportParser(strict: true).parse(data, file: "m.json")
            Issue.record("the strict parser took a session of 10^124 minutes")
        } catch {
            #expect(error.code == .invalidValue)
            #expect(error.location?.file == "m.json")
            #expect(error.location?.field == "data.metrics[0].data[2].qty")
            #expect(!error.description.contains("555"), "the message quotes the value: \(error)")
        }
        let lenient = try HealthAutoExportParser(strict: false).parse(data, file: "m.json")
        #expect(lenient.samples.count == 2)
        #expect(lenient.unreadable.map(\.location?.field) == ["data.metrics[0].data[2].qty"])
    }

    /// The same trap reached through a night's aggregated hours (`core`, `inBed`).
    @Test("A night's stage or in-bed hours beyond a year are refused at that member")
    func sleepLength() throws {
        let data = try document("sleep-hours-overflow-date.json")
        let lenient = try HealthAutoExportParser(strict: false).parse(data, file: "s.json")
        #expect(
            lenient.samples.count == 3,
            "the first night's three asleep stages (its awake quarter hour would run past sleepEnd); an unreadable night gives none"
        )
        #expect(lenient.unreadable.map(\.code) == [.invalidValue, .invalidValue])
        #expect(
            lenient.unreadable.map(\.location?.field) == [
                "data.metrics[0].data[1].core", "data.metrics[0].data[2].inBed",
            ])
        #expect(throws: VitalsError.self) { try HealthAutoExportParser(strict: true).parse(data, file: "s.json") }
    }
}

/// The identity key's instants never trap, whatever the instant.
@Suite("Health Auto Export identity keys")
struct HAEKeyTests {
    @Test("Milliseconds beyond Int64 are written, not trapped on; ordinary ones are whole numbers")
    func farInstants() {
        #expect(HealthAutoExportDraft.milliseconds(Date(timeIntervalSince1970: 1.5)) == "1500")
        #expect(HealthAutoExportDraft.milliseconds(Date(timeIntervalSince1970: -0.25)) == "-250")
        #expect(HealthAutoExportDraft.milliseconds(Date(timeIntervalSince1970: 1e300)) == (1e303).description)
        #expect(HealthAutoExportDraft.milliseconds(.distantFuture) == "64092211200000")
    }
}
