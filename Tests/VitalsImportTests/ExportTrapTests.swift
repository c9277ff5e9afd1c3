import Foundation
import Testing
import VitalsCore
import VitalsStore
import VitalsTesting

@testable import VitalsImport

@Suite("Export format traps")
struct ExportTrapTests {
    @Test("A malformed iOS 16 (v12) DTD is cut out, never read")
    func brokenDTD() async throws {
        let workspace = try ImportWorkspace()
        let path = try workspace.write(
            "export.xml",
            ExportText.version12Document(
                [ExportText.steps(10, at: 0), ExportText.steps(20, at: 1)].joined(separator: "\n")))
        let report = try await workspace.importExport(path)
        #expect(report.added == 2)
        let steps = try await workspace.store.samples(of: .stepCount).value
        #expect(steps.map { $0.quantity?.value } == [10, 20])
        #expect(steps[0].device?.model == "iPhone" && steps[0].device?.hardwareVersion == "iPhone15,2")
        #expect(steps[0].source.name == "Anna’s iPhone" && steps[0].sourceVersion == "17.2")
        #expect(steps[0].creationDate == ISO8601.parse("2024-02-01 08:00:59 +0100"))
        // The imported rows' durations reach the range pre-filter: a query starting at the first
        // sample's end (inclusive, no options) still finds it.
        let fromEnd = try await workspace.store.samples(of: .stepCount, matching: SamplePredicate(start: steps[0].end))
        #expect(fromEnd.value.map(\.uuid) == steps.map(\.uuid))
    }

    @Test("Characters XML forbids (U+000B) are tolerated")
    func forbiddenCharacters() async throws {
        let workspace = try ImportWorkspace()
        let record =
            #" <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale\#u{0B}App" unit="kg" creationDate="2024-02-01 08:00:00 +0100" startDate="2024-02-01 08:00:00 +0100" endDate="2024-02-01 08:00:00 +0100" value="71.5"><MetadataEntry key="note" value="a\#u{0B}b\#u{01}c"/></Record>"#
        let report = try await workspace.importExport(
            try workspace.write("export.xml", ExportText.version12Document(record)))
        #expect(report.added == 1)
        let mass = try await workspace.store.samples(of: .bodyMass).value
        #expect(mass.first?.metadata["note"] == .string("a\u{0B}b\u{01}c"))
        #expect(mass.first?.source.name == "Scale\u{0B}App")
    }

    @Test("A localized XML name inside the zip is found by content, beside export_cda.xml")
    func localizedZipEntry() async throws {
        let workspace = try ImportWorkspace()
        let zip = try workspace.zip(
            "export.zip",
            [
                ("apple_health_export/export_cda.xml", "<?xml version=\"1.0\"?><ClinicalDocument/>"),
                ("apple_health_export/导出.xml", ExportText.version12Document(ExportText.steps(5, at: 3))),
            ])
        let report = try await workspace.importExport(zip)
        #expect(report.added == 1)
    }

    @Test("An iOS 16 interval workout keeps its activities, statistics, events and several routes")
    func intervalWorkout() async throws {
        let workspace = try ImportWorkspace()
        let workout = """
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="40" durationUnit="min" sourceName="Anna’s Apple Watch" sourceVersion="10.2" device="&lt;&lt;HKDevice: 0x28&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:10.2&gt;" creationDate="2024-02-01 09:00:00 +0100" startDate="2024-02-01 08:15:00 +0100" endDate="2024-02-01 09:00:00 +0100">
              <MetadataEntry key="HKIndoorWorkout" value="0"/>
              <MetadataEntry key="HKTimeZone" value="Europe/Berlin"/>
              <WorkoutEvent type="HKWorkoutEventTypeSegment" date="2024-02-01 08:15:00 +0100" duration="10" durationUnit="min"/>
              <WorkoutEvent type="HKWorkoutEventTypePause" date="2024-02-01 08:40:00 +0100"/>
              <WorkoutEvent type="HKWorkoutEventTypeResume" date="2024-02-01 08:45:00 +0100"/>
              <WorkoutActivity uuid="11111111-2222-3333-4444-555555555555" startDate="2024-02-01 08:15:00 +0100" endDate="2024-02-01 08:35:00 +0100" duration="20" durationUnit="min">
               <WorkoutEvent type="HKWorkoutEventTypeLap" date="2024-02-01 08:25:00 +0100"/>
               <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2024-02-01 08:15:00 +0100" endDate="2024-02-01 08:35:00 +0100" sum="4.1" unit="km"/>
               <MetadataEntry key="HKWorkoutActivityIndex" value="0"/>
              </WorkoutActivity>
              <WorkoutActivity uuid="66666666-7777-8888-9999-000000000000" startDate="2024-02-01 08:45:00 +0100" endDate="2024-02-01 09:00:00 +0100" duration="15" durationUnit="min">
               <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2024-02-01 08:45:00 +0100" endDate="2024-02-01 09:00:00 +0100" sum="2.9" unit="km"/>
              </WorkoutActivity>
              <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2024-02-01 08:15:00 +0100" endDate="2024-02-01 09:00:00 +0100" sum="420" unit="kcal"/>
              <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="2024-02-01 08:15:00 +0100" endDate="2024-02-01 09:00:00 +0100" average="151" minimum="98" maximum="176" unit="count/min"/>
              <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="2024-02-01 08:15:00 +0100" endDate="2024-02-01 09:00:00 +0100" sum="7" unit="km"/>
              <WorkoutRoute sourceName="Anna’s Apple Watch" sourceVersion="10.2" creationDate="2024-02-01 09:00:00 +0100" startDate="2024-02-01 08:15:00 +0100" endDate="2024-02-01 08:35:00 +0100">
               <MetadataEntry key="HKMetadataKeySyncVersion" value="2"/>
               <FileReference path="/workout-routes/route_2024-02-01_8.15am.gpx"/>
              </WorkoutRoute>
              <WorkoutRoute sourceName="Anna’s Apple Watch" sourceVersion="10.2" creationDate="2024-02-01 09:00:00 +0100" startDate="2024-02-01 08:45:00 +0100" endDate="2024-02-01 09:00:00 +0100">
               <FileReference path="/workout-routes/route_2024-02-01_8.45am.gpx"/>
              </WorkoutRoute>
             </Workout>
            """
        func gpx(_ minutes: [Int]) -> String {
            let points = minutes.map { minute in
                String(
                    format:
                        #"<trkpt lon="13.40%02d" lat="52.52%02d"><ele>34.5</ele><time>2024-02-01T07:%02d:00Z</time><extensions><speed>3.1</speed><course>90.0</course><hAcc>2.0</hAcc><vAcc>1.5</vAcc></extensions></trkpt>"#,
                    minute, minute, minute)
            }.joined(separator: "\n")
            return """
                <?xml version="1.0" encoding="UTF-8"?>
                <gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1">
                <metadata><time>2024-02-01T08:00:00Z</time></metadata>
                <trk><name>Route 2024-02-01 8:15am</name><trkseg>
                \(points)
                </trkseg></trk></gpx>
                """
        }
        let zip = try workspace.zip(
            "export.zip",
            [
                ("apple_health_export/export.xml", ExportText.version12Document(workout)),
                ("apple_health_export/workout-routes/route_2024-02-01_8.15am.gpx", gpx([15, 20, 25])),
                ("apple_health_export/workout-routes/route_2024-02-01_8.45am.gpx", gpx([45, 50])),
            ])
        let report = try await workspace.importExport(zip)
        #expect(report.added == 1 && report.routePoints == 5 && report.missingRouteFiles == 0)
        let stored = try #require(try await workspace.store.samples(of: .workout).value.first)
        let details = try #require(stored.workout)
        #expect(details.activities.count == 2)
        #expect(details.activities[0].uuid == UUID(uuidString: "11111111-2222-3333-4444-555555555555"))
        #expect(details.activities[0].events.map(\.type) == [3])
        #expect(details.activities[0].metadata["HKWorkoutActivityIndex"] == .string("0"))
        #expect(details.activities[1].statistics.first?.sum == 2.9)
        #expect(details.events.map(\.type) == [7, 1, 2])
        #expect(details.events[0].end.timeIntervalSince(details.events[0].start) == 600)
        #expect(details.duration == 2400)
        #expect(details.statistics(for: .activeEnergyBurned)?.sum == 420)
        #expect(details.statistics(for: .heartRate)?.average == 151)
        #expect(details.statistics(for: .distanceWalkingRunning)?.sum == 7000)
        #expect(stored.metadata["HKTimeZone"] == .string("Europe/Berlin"))
        let routes = try await workspace.store.route(ofWorkout: stored.uuid)
        #expect(routes.map(\.count) == [3, 2])
        #expect(routes[0][0].speed == 3.1 && routes[0][0].verticalAccuracy == 1.5)
        #expect(routes[1][0].time == ISO8601.parse("2024-02-01T07:45:00Z"))
    }

    @Test("Unknown elements are counted and reported, not fatal; an empty export imports nothing")
    func unknownAndEmpty() async throws {
        let workspace = try ImportWorkspace()
        let body = """
             <ClinicalRecord type="HKClinicalTypeIdentifierAllergyRecord" identifier="x" sourceName="Hospital" fhirVersion="4.0.1" receivedDate="2024-01-01 10:00:00 +0100" resourceFilePath="/clinical-records/x.json"/>
             <Audiogram type="HKDataTypeIdentifierAudiogram" sourceName="Mimi" startDate="2024-01-01 10:00:00 +0100" endDate="2024-01-01 10:00:00 +0100"><SensitivityPoint frequencyValue="500" frequencyUnit="Hz" leftEarValue="10" leftEarUnit="dBHL"/></Audiogram>
             <Audiogram type="HKDataTypeIdentifierAudiogram" sourceName="Mimi" startDate="2024-01-02 10:00:00 +0100" endDate="2024-01-02 10:00:00 +0100"/>
            """
        let report = try await workspace.importExport(
            try workspace.write("export.xml", ExportText.version12Document(body + "\n" + ExportText.steps(7, at: 9))))
        #expect(report.unknownElements == ["ClinicalRecord": 1, "Audiogram": 2])
        #expect(report.added == 1)
        let empty = try ImportWorkspace()
        let nothing = try await empty.importExport(try empty.write("export.xml", ExportText.version12Document("")))
        #expect(nothing.added == 0 && nothing.exportDate != nil)
    }

    @Test("Two genuinely identical records stay two; a re-import adds neither")
    func identicalRecords() async throws {
        let workspace = try ImportWorkspace()
        let path = try workspace.write(
            "export.xml",
            ExportText.version12Document(
                [ExportText.steps(10, at: 0), ExportText.steps(10, at: 0)].joined(separator: "\n")))
        #expect(try await workspace.importExport(path).added == 2)
        #expect(try await workspace.importExport(path).added == 0)
        // A newer export with one more record adds only that one.
        let newer = try workspace.write(
            "newer.xml",
            ExportText.version12Document(
                [ExportText.steps(10, at: 0), ExportText.steps(10, at: 0), ExportText.steps(11, at: 5)].joined(
                    separator: "\n")))
        let report = try await workspace.importExport(newer)
        #expect(report.added == 1 && report.alreadyPresent == 2)
    }

    @Test("Billion laughs and external entities are never expanded or fetched")
    func entityAttacks() async throws {
        let workspace = try ImportWorkspace()
        var dtd = "<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData [\n <!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            dtd +=
                " <!ENTITY lol\(level) \""
                + String(repeating: "&lol\(level - 1 == 0 ? "" : String(level - 1));", count: 10) + "\">\n"
        }
        dtd += " <!ENTITY xxe SYSTEM \"file:///etc/passwd\">\n]>\n"
        let record =
            #" <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="&lol9;" unit="kg" startDate="2024-02-01 08:00:00 +0100" endDate="2024-02-01 08:00:00 +0100" value="70"><MetadataEntry key="secret" value="&xxe;"/></Record>"#
        let report = try await workspace.importExport(
            try workspace.write("export.xml", ExportText.version12Document(record, dtd: dtd)))
        #expect(report.added == 1)
        let sample = try #require(try await workspace.store.samples(of: .bodyMass).value.first)
        #expect(sample.source.name == "&lol9;")
        #expect(sample.metadata["secret"] == .string("&xxe;"))
    }

    @Test("A truncated export fails with its byte offset and leaves the store as it was")
    func truncated() async throws {
        let workspace = try ImportWorkspace()
        _ = try await workspace.importExport(
            try workspace.write("first.xml", ExportText.version12Document(ExportText.steps(1, at: 1))))
        let before = try await workspace.counts()
        let full = ExportText.version12Document(
            (0..<50).map { ExportText.steps($0, at: $0 % 60) }.joined(separator: "\n"))
        let cut = String(full.prefix(full.count * 2 / 3))
        do {
            _ = try await workspace.importExport(try workspace.write("cut.xml", cut))
            Issue.record("a truncated export must fail")
        } catch let error as VitalsError {
            #expect(error.location?.byteOffset != nil)
            #expect(error.location?.file?.hasSuffix("cut.xml") == true)
        }
        #expect(try await workspace.counts() == before)

        let zip = try workspace.zip("full.zip", [("apple_health_export/export.xml", full)])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: zip))
        let truncatedZip = workspace.directory.appendingPathComponent("truncated.zip")
        try bytes.prefix(bytes.count / 2).write(to: truncatedZip)
        await #expect(throws: VitalsError.self) { try await workspace.importExport(truncatedZip.path) }
        #expect(try await workspace.counts() == before)
    }

    @Test("Malformed XML past recovery names the byte offset")
    func malformed() async throws {
        let workspace = try ImportWorkspace()
        let text = ExportText.version12Document(ExportText.steps(1, at: 1) + "\n <Workout startDate=\"x\">\n </Record>")
        do {
            _ = try await workspace.importExport(try workspace.write("bad.xml", text))
            Issue.record("mismatched tags must fail")
        } catch let error as VitalsError {
            let offset = try #require(error.location?.byteOffset)
            let expected = Int64(text.utf8.count - "</Record>\n</HealthData>\n".utf8.count - 1)
            #expect(abs(offset - expected) <= 2, "\(offset) vs \(expected)")
        }
        #expect(try await workspace.counts().isEmpty)
    }

    @Test("HRV records keep their beat-to-beat readings as instants")
    func heartbeats() async throws {
        let workspace = try ImportWorkspace()
        let record = """
             <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Watch" unit="ms" creationDate="2024-02-01 23:59:30 -0800" startDate="2024-02-01 23:58:40 -0800" endDate="2024-02-01 23:59:41 -0800" value="48.2">
              <HeartRateVariabilityMetadataList>
               <InstantaneousBeatsPerMinute bpm="61" time="11:58:41.25 PM"/>
               <InstantaneousBeatsPerMinute bpm="63" time="11:59:59.50 PM"/>
               <InstantaneousBeatsPerMinute bpm="64" time="12:00:00.75 AM"/>
              </HeartRateVariabilityMetadataList>
             </Record>
            """
        let report = try await workspace.importExport(
            try workspace.write("export.xml", ExportText.version12Document(record)))
        #expect(report.added == 1)
        let sample = try #require(try await workspace.store.samples(of: .heartRateVariabilitySDNN).value.first)
        #expect(sample.quantity?.value == 48.2)
        let beats = try await workspace.store.heartbeats(ofSample: sample.uuid)
        #expect(beats.map(\.beatsPerMinute) == [61, 63, 64])
        #expect(
            beats.map { ISO8601.format($0.time, in: TimeZone(secondsFromGMT: -8 * 3600)!) } == [
                "2024-02-01T23:58:41.250-08:00", "2024-02-01T23:59:59.500-08:00", "2024-02-02T00:00:00.750-08:00",
            ])
    }

    @Test("Activity summaries read both appleMoveTime and the older appleMoveMinutes names")
    func activitySummaryNames() async throws {
        let workspace = try ImportWorkspace()
        let body = """
             <ActivitySummary dateComponents="2024-02-01" activeEnergyBurned="512.5" activeEnergyBurnedGoal="600" activeEnergyBurnedUnit="Cal" appleMoveTime="0" appleMoveTimeGoal="0" appleExerciseTime="41" appleExerciseTimeGoal="30" appleStandHours="11" appleStandHoursGoal="12"/>
             <ActivitySummary dateComponents="2024-02-02" appleMoveMinutes="35" appleMoveMinutesGoal="30" appleExerciseTime="20" appleExerciseTimeGoal="30" appleStandHours="9" appleStandHoursGoal="12"/>
            """
        let path = try workspace.write("export.xml", ExportText.version12Document(body))
        let report = try await workspace.importExport(path)
        #expect(report.activitySummariesAdded == 2)
        let summaries = try await workspace.store.activitySummaries()
        #expect(summaries.map(\.date) == ["2024-02-01", "2024-02-02"])
        #expect(summaries[0].activeEnergyBurned == 512.5 && summaries[0].activeEnergyBurnedUnit == "Cal")
        #expect(summaries[1].moveTime == 35 && summaries[1].moveTimeGoal == 30)
        #expect(try await workspace.importExport(path).activitySummariesPresent == 2)
    }

    @Test("Comments, CDATA and processing instructions between records are skipped")
    func commentsAndCDATA() async throws {
        let workspace = try ImportWorkspace()
        let body = [
            " <!-- a comment with <Record> inside - and -- dashes -->", ExportText.steps(3, at: 1),
            " <![CDATA[ <Record type=\"x\"/> ]] ]]>", " <?vitals ignore?>", ExportText.steps(4, at: 2),
        ]
        let report = try await workspace.importExport(
            try workspace.write("export.xml", ExportText.version12Document(body.joined(separator: "\n"))))
        #expect(report.added == 2 && report.skipped.isEmpty)
    }
}
