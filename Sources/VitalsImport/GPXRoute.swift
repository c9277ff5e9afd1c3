import Foundation
import VitalsCore

/// Reads the track points of a workout route's GPX file (as the Health export writes them).
enum GPXRoute {
    /// The points of every `<trkpt>`, in file order.
    static func points(_ data: Data, file: String) throws -> [RoutePoint] {
        var scanner = XMLByteScanner(handler: GPXHandler())
        do {
            try data.withUnsafeBytes { try scanner.feed($0) }
            try scanner.finish()
        } catch let error as VitalsError {
            throw error.located(InputLocation(file: file))
        }
        return scanner.handler.points
    }
}

/// Collects `<trkpt lat lon>` with `<ele>`, `<time>` and the `<extensions>` speed, course and accuracies.
private struct GPXHandler: XMLHandler {
    static var wantsText: Bool { true }
    var points: [RoutePoint] = []
    private var latitude: Double?
    private var longitude: Double?
    private var field: Field?
    private var values = [Double?](repeating: nil, count: 5)
    private var time: Date?

    private enum Field: Int { case ele, speed, course, hAcc, vAcc, time }

    mutating func start(_ name: ByteSlice, _ attributes: XMLAttributes, selfClosing: Bool, offset: Int64) throws {
        if name.equals("trkpt") {
            latitude = attributes.raw("lat")?.double
            longitude = attributes.raw("lon")?.double
            for index in values.indices { values[index] = nil }
            time = nil
            if selfClosing { finishPoint() }
            return
        }
        field =
            name.equals("ele")
            ? .ele
            : name.equals("time")
                ? .time
                : name.equals("speed")
                    ? .speed
                    : name.equals("course") ? .course : name.equals("hAcc") ? .hAcc : name.equals("vAcc") ? .vAcc : nil
    }

    mutating func text(_ bytes: ByteSlice) throws {
        guard let field, latitude != nil else { return }
        let trimmed = bytes.trimmed
        if field == .time {
            time = ISO8601.parse(bytes: trimmed.buffer)
        } else if let value = trimmed.double {
            values[field.rawValue] = value
        }
    }

    mutating func end(_ name: ByteSlice, offset: Int64) throws {
        field = nil
        if name.equals("trkpt") { finishPoint() }
    }

    private mutating func finishPoint() {
        defer { latitude = nil; longitude = nil }
        guard let latitude, let longitude, let time else { return }
        points.append(
            RoutePoint(
                time: time, latitude: latitude, longitude: longitude, altitude: values[Field.ele.rawValue],
                speed: values[Field.speed.rawValue], course: values[Field.course.rawValue],
                horizontalAccuracy: values[Field.hAcc.rawValue], verticalAccuracy: values[Field.vAcc.rawValue]))
    }
}
