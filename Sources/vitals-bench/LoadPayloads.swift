import Foundation

/// Request bodies for the server load benchmark: realistic, distinct per request, deterministic.
enum LoadPayloads {
    /// A day `offset` days before 2025-11-16 as `YYYY-MM-DD`.
    static func day(_ offset: Int) -> String {
        let calendar = Calendar(identifier: .gregorian)
        var utc = calendar
        utc.timeZone = TimeZone(identifier: "UTC")!
        let base = utc.date(from: DateComponents(year: 2025, month: 11, day: 16))!
        let date = utc.date(byAdding: .day, value: -offset, to: base)!
        let parts = utc.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// A daily-metrics body (`POST /api/v1/health/daily`) for one day, every field set.
    static func daily(day: String, seed: Int) -> String {
        """
        {"date":"\(day)","steps":\(4000 + seed % 9000),"active_minutes":\(seed % 90),"stand_minutes":\(600 + seed % 300),\
        "active_energy_burned":\(250 + seed % 400).5,"resting_heart_rate":\(52 + seed % 20).0,"hrv":\(30 + seed % 50).2,\
        "sleep_minutes":\(360 + seed % 120),"sleep_quality_score":\(60 + seed % 40).0,"workouts_count":\(seed % 3)}
        """
    }

    /// Samples the server stores from one ``healthAutoExport(day:steps:heartRates:workoutID:)``
    /// body with the default counts: 100 steps, 100 heart rates, 14 sleep stages.
    static let haeSamples = 214

    /// A one-day Health Auto Export body built once, whose day and workout id are patched per request.
    ///
    /// The load client shares the server's two cores: patching bytes of a template costs it a
    /// fraction of building 30 KB of JSON each time.
    struct Template: Sendable {
        private let bytes: [UInt8]
        private let dayOffsets: [Int]
        private let idOffsets: [Int]
        static let dayMark = Array("DAYDAYDAYD".utf8)
        static let idMark = Array("IDIDIDIDIDIDIDIDIDID".utf8)

        init() {
            let text = LoadPayloads.healthAutoExport(
                day: String(decoding: Self.dayMark, as: UTF8.self),
                workoutID: String(decoding: Self.idMark, as: UTF8.self))
            bytes = Array(text.utf8)
            dayOffsets = Self.offsets(of: Self.dayMark, in: bytes)
            idOffsets = Self.offsets(of: Self.idMark, in: bytes)
        }

        /// The body for `day` (`YYYY-MM-DD`) and a workout id of at most 20 ASCII characters.
        func body(day: String, workoutID: String) -> [UInt8] {
            var body = bytes
            let date = Array(day.utf8)
            precondition(date.count == Self.dayMark.count, "a day is YYYY-MM-DD")
            for offset in dayOffsets { body.replaceSubrange(offset..<offset + date.count, with: date) }
            var id = Array(workoutID.utf8.prefix(Self.idMark.count))
            id += Array(repeating: UInt8(ascii: "-"), count: Self.idMark.count - id.count)
            for offset in idOffsets { body.replaceSubrange(offset..<offset + id.count, with: id) }
            return body
        }

        private static func offsets(of mark: [UInt8], in bytes: [UInt8]) -> [Int] {
            var found: [Int] = []
            var index = 0
            while index + mark.count <= bytes.count {
                if bytes[index] == mark[0], Array(bytes[index..<index + mark.count]) == mark {
                    found.append(index)
                    index += mark.count
                } else {
                    index += 1
                }
            }
            return found
        }
    }

    /// One day of Health Auto Export data (UTC): `steps` step samples split over two sources,
    /// `heartRates` heart-rate samples, 14 sleep stages ending that morning, one workout.
    static func healthAutoExport(day: String, steps: Int = 100, heartRates: Int = 100, workoutID: String) -> String {
        var text = "{\"data\":{\"metrics\":[{\"name\":\"step_count\",\"units\":\"count\",\"data\":["
        for index in 0..<steps {
            // Two sources, the phone's minutes overlapping the watch's: the server must merge them.
            let minute = 7 * 60 + (index / 2) * 7
            let source = index % 2 == 0 ? "Load Watch" : "Load iPhone"
            if index > 0 { text += "," }
            text += "{\"qty\":\(40 + index % 60),\"date\":\"\(day) \(clock(minute)) +0000\",\"source\":\"\(source)\"}"
        }
        text += "]},{\"name\":\"heart_rate\",\"units\":\"count/min\",\"data\":["
        for index in 0..<heartRates {
            let minute = 6 * 60 + index * 9
            if index > 0 { text += "," }
            text +=
                "{\"Min\":\(55 + index % 10),\"Avg\":\(62 + index % 25),\"Max\":\(90 + index % 30),"
                + "\"date\":\"\(day) \(clock(minute)) +0000\",\"source\":\"Load Watch\"}"
        }
        text += "]},{\"name\":\"sleep_analysis\",\"units\":\"hr\",\"data\":["
        let stages = [
            "Core", "Deep", "Core", "REM", "Awake", "Core", "Deep", "REM", "Core", "Awake", "Core", "REM", "Core",
            "Deep",
        ]
        var minute = 30  // 00:30 to about 06:30 of the day
        for (index, stage) in stages.enumerated() {
            let length = 20 + (index * 7) % 15
            if index > 0 { text += "," }
            text +=
                "{\"startDate\":\"\(day) \(clock(minute)) +0000\",\"endDate\":\"\(day) \(clock(minute + length)) +0000\","
                + "\"qty\":\(Double(length) / 60),\"value\":\"\(stage)\",\"source\":\"Load Watch\"}"
            minute += length
        }
        text +=
            "]}],\"workouts\":[{\"id\":\"\(workoutID)\",\"name\":\"Outdoor Run\",\"start\":\"\(day) 17:00:00 +0000\","
            + "\"end\":\"\(day) 17:40:00 +0000\",\"duration\":2400,\"activeEnergyBurned\":{\"qty\":410,\"units\":\"kcal\"},"
            + "\"distance\":{\"qty\":7.2,\"units\":\"km\"}}]}}"
        return text
    }

    private static func clock(_ minute: Int) -> String {
        let clamped = min(max(minute, 0), 24 * 60 - 1)
        return String(format: "%02d:%02d:00", clamped / 60, clamped % 60)
    }
}
