import Foundation
import VitalsCore

/// Collects one `<Record>` (top level or inside a `<Correlation>`) and turns it into a sample.
struct ExportRecordBuilder {
    var type: SampleType
    var valueText: ByteSliceCopy?
    var unit: HealthUnit?
    var unitText: String?
    var source: Source
    var version: String?
    var device: Device?
    var created: Date?
    var start: Date?
    var end: Date?
    /// The UTC offset of `startDate`, for turning HRV beat clock times into instants.
    var offsetSeconds: Int
    var metadata: Metadata = [:]
    var beats: [(bpm: Double, secondsOfDay: Double)] = []

    init(_ attributes: XMLAttributes, cache: inout ExportValueCache) {
        type = attributes.raw("type").map { cache.type($0) } ?? SampleType(identifier: "")
        source = attributes.raw("sourceName").map { cache.source($0) } ?? Source(name: "", bundleIdentifier: "")
        version = attributes.raw("sourceVersion").map { cache.version($0) }
        device = attributes.raw("device").map { cache.device($0) }
        if let raw = attributes.raw("unit") {
            unitText = XMLAttributes.decode(raw)
            unit = cache.unit(raw)
        }
        valueText = attributes.raw("value").map(ByteSliceCopy.init)
        created = attributes.raw("creationDate").flatMap(ExportDates.parse)
        let startRaw = attributes.raw("startDate")
        start = startRaw.flatMap(ExportDates.parse)
        offsetSeconds = startRaw.map(ExportDates.offset) ?? 0
        end = attributes.raw("endDate").flatMap(ExportDates.parse)
    }

    mutating func addMetadata(_ attributes: XMLAttributes) {
        guard let key = attributes.string("key") else { return }
        metadata[key] = .string(attributes.string("value") ?? "")
    }

    mutating func addBeat(_ attributes: XMLAttributes) {
        guard let bpm = attributes.raw("bpm")?.double,
              let clock = attributes.raw("time").flatMap(ExportDates.secondsOfDay) else { return }
        beats.append((bpm, clock))
    }

    /// The sample, or the reason it cannot be stored.
    func build(uuid: UUID, cache: inout ExportValueCache) -> Result<(Sample, [Heartbeat]), ImportSkip> {
        guard !type.identifier.isEmpty else { return .failure(.missingAttribute("type")) }
        guard let start else { return .failure(.badDate) }
        guard let end else { return .failure(.badDate) }
        let content: Sample.Content
        switch type.kind {
        case .category:
            if let valueText {
                guard let raw = valueText.withSlice({ cache.categoryValue($0, type: type) }) else {
                    return .failure(.unknownCategoryValue(type.shortName))
                }
                content = .category(raw)
            } else if CategoryValue.name(for: 0, type: type) == "notApplicable" {
                // Old exports omit the value of types whose only value is "not applicable" (mindful sessions).
                content = .category(0)
            } else {
                return .failure(.missingAttribute("value"))
            }
        case .quantity, .other:
            guard let value = valueText?.withSlice({ $0.double }) else { return .failure(.notANumber) }
            guard let unit = unit ?? type.canonicalUnit else { return .failure(.badUnit(unitText ?? "")) }
            content = .quantity(Quantity(value, unit))
        default:
            return .failure(.unsupportedType(type.kind.rawValue))
        }
        let sample = Sample(uuid: uuid, type: type, start: start, end: end, content: content, source: source,
                            sourceVersion: version, device: device, metadata: metadata, creationDate: created)
        do {
            let valid = try sample.validated()
            return .success((valid, beats.compactMap { beat in
                Heartbeat(beatsPerMinute: beat.bpm,
                          time: ExportDates.clockTime(beat.secondsOfDay, near: start, offsetSeconds: offsetSeconds))
            }))
        } catch {
            return .failure(.invalid(error.code))
        }
    }
}

/// A copy of a short attribute value that outlives the scanner's buffer.
struct ByteSliceCopy {
    let bytes: [UInt8]

    init(_ slice: ByteSlice) { bytes = Array(slice.buffer) }

    func withSlice<T>(_ body: (ByteSlice) -> T) -> T {
        bytes.withUnsafeBufferPointer { body(ByteSlice($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count)) }
    }
}

/// Why an element of an export was not stored; reasons are counted in the import report.
enum ImportSkip: Error, Hashable {
    case missingAttribute(String)
    case badDate
    case notANumber
    case badUnit(String)
    case unknownCategoryValue(String)
    case unsupportedType(String)
    case invalid(VitalsError.Code)

    /// A short reason, without values.
    var reason: String {
        switch self {
        case .missingAttribute(let name): "missing \(name) attribute"
        case .badDate: "date is not 'YYYY-MM-DD hh:mm:ss ±hhmm'"
        case .notANumber: "value is not a number"
        case .badUnit(let unit): "unknown unit '\(unit)'"
        case .unknownCategoryValue(let type): "unknown category value for \(type)"
        case .unsupportedType(let kind): "\(kind) records are not samples"
        case .invalid(let code):
            switch code {
            case .invalidDateRange: "ends before it starts"
            case .incompatibleUnit: "unit does not fit the type"
            case .invalidValue: "value out of range (negative or not finite)"
            default: "invalid (\(code))"
            }
        }
    }
}
