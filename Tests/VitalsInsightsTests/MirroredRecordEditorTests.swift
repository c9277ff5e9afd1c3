import Foundation
import Testing
import VitalsCore
import VitalsInsights
import VitalsStore

/// Seed 002's write path: the app's store first, then HealthKit. The mirror here is a second real
/// store standing in for HealthKit (the HealthKit adapter's own test is in VitalsHealthKitTests).
@Suite("Seed 002: write locally first, then to HealthKit")
struct MirroredRecordEditorTests {
    struct Fixture {
        let local = try! InsightsFixture()
        let mirror = try! InsightsFixture()
        let editor: MirroredRecordEditor

        init() throws {
            editor = MirroredRecordEditor(
                local: local.store, mirror: mirror.store,
                outbox: try SQLiteMirrorOutbox(local.store))
        }

        func mirrored() async throws -> [Sample] { try await mirror.store.samples(of: .bodyMass).value }
    }

    @Test("Sync: write to the local store first, then to HealthKit; edits and deletes follow")
    func localFirstThenMirror() async throws {
        let fixture = try Fixture()
        let added = try await fixture.editor.add(
            WeightRecord(date: berlin("07:00"), kilograms: 80, source: InsightsFixture.app))
        #expect(added.isMirrored)
        #expect(try await fixture.local.store.sample(withUUID: added.value.id) != nil)
        let copy = try #require(try await fixture.mirrored().first)
        #expect(copy.quantity == Quantity(80, .kilogram) && copy.start == berlin("07:00"))
        #expect(copy.metadata["HKMetadataKeySyncIdentifier"] == .string(added.value.id.uuidString))

        let edited = try await fixture.editor.edit(
            added.value.id, applying: RecordChange(value: Quantity(79.5, .kilogram)))
        #expect(edited.isMirrored)
        #expect(try await fixture.mirrored().map(\.quantity) == [Quantity(79.5, .kilogram)])
        let deleted = try await fixture.editor.delete(edited.value.id)
        #expect(deleted.isMirrored)
        #expect(try await fixture.mirrored().isEmpty)
        #expect(try await fixture.editor.retryPending().mirrored == 0)
    }

    @Test("HealthKit write failure: the local record stands, the failure is reported, and a retry mirrors it")
    func failedMirrorIsRetried() async throws {
        let fixture = try Fixture()
        try await fixture.mirror.store.setAuthorization(.sharingDenied, for: .bodyMass, access: .share)
        let added = try await fixture.editor.add(
            WeightRecord(date: berlin("07:00"), kilograms: 81, source: InsightsFixture.app))
        #expect(!added.isMirrored)
        #expect(added.mirrorFailure?.code == .authorizationDenied)
        #expect(try await fixture.local.store.sample(withUUID: added.value.id) != nil)
        #expect(try await fixture.mirrored().isEmpty)
        let waiting = try await SQLiteMirrorOutbox(fixture.local.store).pending()
        #expect(waiting.map(\.localUUID) == [added.value.id] && waiting[0].attempts == 1)
        #expect(waiting[0].lastFailure?.contains("81") == false)

        // Still refused: the retry reports it again; then the user allows writing.
        #expect(try await fixture.editor.retryPending().failures.map(\.localUUID) == [added.value.id])
        try await fixture.mirror.store.setAuthorization(.sharingAuthorized, for: .bodyMass, access: .share)
        let report = try await fixture.editor.retryPending()
        #expect(report.mirrored == 1 && report.failures.isEmpty)
        #expect(try await fixture.mirrored().map(\.quantity) == [Quantity(81, .kilogram)])
        #expect(try await SQLiteMirrorOutbox(fixture.local.store).pending().isEmpty)
    }

    @Test("Only the app's own records are mirrored; a refused local change mirrors nothing")
    func onlyLocalRecords() async throws {
        let fixture = try Fixture()
        let other = Sample.quantity(.bodyMass, 70, .kilogram, start: berlin("06:00"), source: InsightsFixture.phone)
        try await fixture.local.store.save([other])
        await #expect(throws: VitalsError.self) { _ = try await fixture.editor.delete(other.uuid) }
        await #expect(throws: VitalsError.self) {
            _ = try await fixture.editor.add(
                WeightRecord(date: berlin("07:00"), kilograms: -1, source: InsightsFixture.app))
        }
        #expect(try await fixture.editor.retryPending().failures.isEmpty)
        #expect(try await fixture.mirrored().isEmpty)
        #expect(try await fixture.local.store.sample(withUUID: other.uuid) != nil)
    }
}
