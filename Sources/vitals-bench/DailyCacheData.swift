import Foundation
import VitalsCore
import VitalsStore

/// The daily-cache benchmark's store: every minute, steps and heart rate from a watch and a phone.
///
/// The watch's steps cover each whole minute, the phone's are shifted by 30 s (so the two
/// overlap and merging matters); heart rate is an instant reading from each at the same
/// offsets. Four samples a minute: ~2.1 M a year. Written through `bulkWrite` with prepared
/// samples and sequential UUIDs, one transaction per 30 days.
struct DailyCacheData {
    let store: SQLiteHealthStore
    let start: Date
    let end: Date

    func populate() async throws {
        let dictionary = SampleDictionary()
        let steps = dictionary.add(SampleType.stepCount), heart = dictionary.add(SampleType.heartRate)
        let watch = dictionary.add(DailyCacheBenchmark.watch), phone = dictionary.add(DailyCacheBenchmark.phone)
        let watchDevice = dictionary.add(Device(name: "Apple Watch", model: "Watch"))
        let phoneDevice = dictionary.add(Device(name: "iPhone", model: "iPhone"))
        let origin = start.timeIntervalSince1970
        let minutes = Int(end.timeIntervalSince(start) / 60)
        let chunk = 30 * 1440
        let began = DispatchTime.now().uptimeNanoseconds
        var minute = 0
        var serial: UInt64 = 0
        while minute < minutes {
            let first = minute, last = min(minutes, minute + chunk)
            let firstSerial = serial
            try await store.bulkWrite { bulk in
                var state = UInt64(first) &* 2_862_933_555_777_941_757 &+ 3_037_000_493
                var serial = firstSerial
                func add(
                    _ type: Int32, _ source: Int32, _ device: Int32, _ start: Double, _ end: Double, _ value: Double
                ) throws {
                    serial += 1
                    func byte(_ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: serial >> shift) }
                    let uuid = UUID(
                        uuid: (
                            0xB0, 0, 0, 0, 0, 0, 0, 0, byte(56), byte(48), byte(40), byte(32),
                            byte(24), byte(16), byte(8), byte(0)
                        ))
                    try bulk.add(
                        PreparedSample(
                            uuid: uuid, type: type, source: source, version: -1, device: device, unit: -1,
                            start: start, end: end, value: value, created: nil, metadataJSON: nil),
                        dictionary: dictionary)
                }
                for m in first..<last {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    let t = origin + Double(m) * 60
                    let walked = Double((state >> 33) % 120)
                    let pulse = 55 + Double((state >> 40) % 60)
                    try add(steps, watch, watchDevice, t, t + 60, walked)
                    try add(steps, phone, phoneDevice, t + 30, t + 90, (walked * 1.1).rounded())
                    try add(heart, watch, watchDevice, t, t, pulse)
                    try add(heart, phone, phoneDevice, t + 30, t + 30, pulse + 2)
                }
            }
            serial += UInt64(last - first) * 4
            minute = last
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
            let line = String(
                format: "\rgenerating: %d / %d minutes (%.0f%%), %.0f samples/s", minute, minutes,
                Double(minute) * 100 / Double(minutes), Double(minute * 4) / elapsed)
            FileHandle.standardError.write(Data(line.utf8))
        }
        FileHandle.standardError.write(Data("\n".utf8))
    }
}
