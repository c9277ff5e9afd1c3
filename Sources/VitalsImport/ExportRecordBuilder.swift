import Foundation
import VitalsCore
import VitalsStore

/// Collects one `<Record>` (top level or inside a `<Correlation>`) and turns it into a sample.
///
/// Strings are held as indices into the `ExportValueCache`, so a record costs no string copies
/// until a `Sample` is really needed (correlation members, workouts).
struct ExportRecordBuilder {
    var typeIndex: Int32 = -1
    var sourceIndex: Int32 = -1
    var versionIndex: Int32 = -1
    var deviceIndex: Int32 = -1
    var unitIndex: Int32 = -1
    /// The number in `value`, when it is one.
    var number: Double?
    /// The raw category value, for category types with a readable value name.
    var category: Int?
    var hasValue = false
    var created: Date?
    var start: Date?
    var end: Date?
    /// The UTC offset of `startDate`, for turning HRV beat clock times into instants.
    var offsetSeconds: Int
    var metadata: Metadata = [:]
    var beats: [(bpm: Double, secondsOfDay: Double)] = []

    init(_ attributes: XMLAttributes, cache: inout ExportValueCache) {
        if let raw = attributes.raw("type") { typeIndex = cache.typeIndex(raw) }
        if let raw = attributes.raw("sourceName") { sourceIndex = cache.sourceIndex(raw) }
        if let raw = attributes.raw("sourceVersion") { versionIndex = cache.versionIndex(raw) }
        if let raw = attributes.raw("device") { deviceIndex = cache.deviceIndex(raw) }
        if let raw = attributes.raw("unit") { unitIndex = cache.unitIndex(raw) }
        if let raw = attributes.raw("value") {
            hasValue = true
            if typeIndex >= 0, cache.type(at: typeIndex).kind == .category {
                category = cache.categoryValue(raw, typeIndex: typeIndex)
            } else {
                number = raw.double
            }
        }
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
            let clock = attributes.raw("time").flatMap(ExportDates.secondsOfDay)
        else { return }
        beats.append((bpm, clock))
    }

    func type(_ cache: ExportValueCache) -> SampleType {
        typeIndex >= 0 ? cache.type(at: typeIndex) : SampleType(identifier: "")
    }

    func source(_ cache: ExportValueCache) -> Source {
        sourceIndex >= 0 ? cache.source(at: sourceIndex) : Source(name: "", bundleIdentifier: "")
    }

    func version(_ cache: ExportValueCache) -> String? { versionIndex >= 0 ? cache.version(at: versionIndex) : nil }

    func device(_ cache: ExportValueCache) -> Device? { deviceIndex >= 0 ? cache.device(at: deviceIndex) : nil }

    /// The checked value in the type's canonical unit (or the raw category value), and the
    /// dictionary index of the unit string for types without a canonical unit.
    private func checkedValue(_ type: SampleType, cache: ExportValueCache) -> Result<(Double, Int32), ImportSkip> {
        guard typeIndex >= 0, !type.identifier.isEmpty else { return .failure(.missingAttribute("type")) }
        guard let start, let end else { return .failure(.badDate) }
        guard end >= start else { return .failure(.invalid(.invalidDateRange)) }
        switch type.kind {
        case .category:
            var raw = 0
            if hasValue {
                guard let category else { return .failure(.unknownCategoryValue(type.shortName)) }
                raw = category
            } else if CategoryValue.name(for: 0, type: type) != "notApplicable" {
                // Old exports omit the value of types whose only value is "not applicable" (mindful sessions).
                return .failure(.missingAttribute("value"))
            }
            do { try Sample.checkCategoryValue(raw, for: type) } catch { return .failure(.invalid(error.code)) }
            return .success((Double(raw), -1))
        case .quantity, .other:
            guard let number else { return .failure(.notANumber) }
            let given = unitIndex >= 0 ? cache.unit(at: unitIndex) : nil
            if type.canonicalUnit == nil {
                guard let given, given.unit != nil else { return .failure(.badUnit) }
                guard number.isFinite else { return .failure(.invalid(.invalidValue)) }
                return .success((number, given.entry))
            }
            guard let unit = given?.unit ?? type.canonicalUnit else { return .failure(.badUnit) }
            do {
                return .success((try Sample.canonicalValue(number, unit: unit, for: type), -1))
            } catch {
                return .failure(.invalid(error.code))
            }
        default:
            return .failure(.unsupportedType(type.kind.rawValue))
        }
    }

    /// A prepared row for the bulk writer: no `Sample` value is built.
    func buildRow(uuid: UUID, cache: ExportValueCache) -> Result<(PreparedSample, [Heartbeat]), ImportSkip> {
        let type = self.type(cache)
        switch checkedValue(type, cache: cache) {
        case .failure(let skip):
            return .failure(skip)
        case .success(let (value, unitEntry)):
            let row = PreparedSample(
                uuid: uuid, type: typeIndex, source: sourceIndex, version: versionIndex,
                device: deviceIndex, unit: unitEntry,
                start: start!.timeIntervalSince1970, end: end!.timeIntervalSince1970, value: value,
                created: created?.timeIntervalSince1970,
                metadataJSON: metadata.isEmpty ? nil : MetadataJSON.encode(metadata))
            return .success((row, heartbeats()))
        }
    }

    /// The sample, or the reason it cannot be stored.
    func build(uuid: UUID, cache: ExportValueCache) -> Result<Sample, ImportSkip> {
        let type = self.type(cache)
        switch checkedValue(type, cache: cache) {
        case .failure(let skip):
            return .failure(skip)
        case .success(let (value, _)):
            let content: Sample.Content
            if type.kind == .category {
                content = .category(Int(value))
            } else {
                let unit = type.canonicalUnit ?? (unitIndex >= 0 ? cache.unit(at: unitIndex).unit : nil) ?? .count
                content = .quantity(Quantity(value, unit))
            }
            return .success(
                Sample(
                    uuid: uuid, type: type, start: start!, end: end!, content: content, source: source(cache),
                    sourceVersion: version(cache), device: device(cache), metadata: metadata,
                    creationDate: created))
        }
    }

    private func heartbeats() -> [Heartbeat] {
        guard let start, !beats.isEmpty else { return [] }
        return beats.map { beat in
            Heartbeat(
                beatsPerMinute: beat.bpm,
                time: ExportDates.clockTime(beat.secondsOfDay, near: start, offsetSeconds: offsetSeconds))
        }
    }
}

/// Why an element of an export was not stored; reasons are counted in the import report.
enum ImportSkip: Error, Hashable {
    case missingAttribute(String)
    case badDate
    case notANumber
    case badUnit
    case unknownCategoryValue(String)
    case unsupportedType(String)
    case invalid(VitalsError.Code)

    /// A short reason, without values.
    var reason: String {
        switch self {
        case .missingAttribute(let name): "missing \(name) attribute"
        case .badDate: "date is not 'YYYY-MM-DD hh:mm:ss ±hhmm'"
        case .notANumber: "value is not a number"
        case .badUnit: "unit is missing or unknown"
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
