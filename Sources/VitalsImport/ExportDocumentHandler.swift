import Foundation
import VitalsCore
import VitalsStore

/// A finished top-level element of an export, ready to store.
enum ExportItem: Sendable {
    case sample(Sample, heartbeats: [Heartbeat])
    /// A plain top-level record, prepared for the bulk writer (indices into the cache's dictionary).
    case row(PreparedSample, heartbeats: [Heartbeat])
    case workout(Sample, routes: [ExportRoute])
    case activitySummary(ActivitySummary)
    case characteristic(key: String, value: String)
    case exportDate(Date)
    case skipped(element: String, reason: String)
}

/// Turns scanner events of an Apple Health export into `ExportItem`s, one top-level element at a time.
struct ExportDocumentHandler: XMLHandler {
    var emit: (ExportItem) throws -> Void
    /// The values prepared rows refer to.
    var dictionary: SampleDictionary { cache.dictionary }
    private(set) var elementCounts: [String: Int] = [:]
    private(set) var unknownElements: [String: Int] = [:]
    private var cache: ExportValueCache
    private var occurrences = OccurrenceWindow()
    private var stack: [ExportElement] = []
    // The top-level element being read; builders are mutated in place (no copies per child).
    private var current: Current = .none
    private var record: ExportRecordBuilder?
    private var workout: ExportWorkoutBuilder?
    private var members: [Sample] = []
    private var member: ExportRecordBuilder?
    private var topHash: [UInt8] = []
    private var memberHash: [UInt8] = []

    private enum Current { case none, record, workout, correlation, ignored }

    init(dictionary: SampleDictionary = SampleDictionary(), emit: @escaping (ExportItem) throws -> Void) {
        self.emit = emit
        cache = ExportValueCache(dictionary: dictionary)
        topHash.reserveCapacity(4096)
    }

    mutating func start(_ name: ByteSlice, _ attributes: XMLAttributes, selfClosing: Bool, offset: Int64) throws {
        let element = ExportElement(name)
        if stack.isEmpty {
            guard element == .healthData else {
                throw VitalsError(
                    .invalidInput, "the root element is not <HealthData>: this is not an Apple Health export",
                    at: InputLocation(byteOffset: offset))
            }
        } else if stack.count == 1 {
            try startTop(element, name, attributes, selfClosing: selfClosing)
        } else {
            startChild(element, name, attributes)
        }
        if selfClosing {
            if stack.count == 1 { try finishTop() } else if stack.count > 1 { endChild(element) }
        } else {
            stack.append(element)
        }
    }

    mutating func end(_ name: ByteSlice, offset: Int64) throws {
        let element = ExportElement(name)
        guard let open = stack.popLast(), open == element else {
            throw VitalsError(
                .invalidInput, "closing tag </\(name.string)> does not match the open element",
                at: InputLocation(byteOffset: offset))
        }
        if stack.count == 1 { try finishTop() } else if stack.count > 1 { endChild(element) }
    }

    private mutating func startTop(
        _ element: ExportElement, _ name: ByteSlice, _ attributes: XMLAttributes,
        selfClosing: Bool
    ) throws {
        topHash.removeAll(keepingCapacity: true)
        switch element {
        case .record:
            elementCounts["Record", default: 0] += 1
            Self.hash(name, attributes, into: &topHash)
            record = ExportRecordBuilder(attributes, cache: &cache)
            current = .record
        case .workout:
            elementCounts["Workout", default: 0] += 1
            Self.hash(name, attributes, into: &topHash)
            workout = ExportWorkoutBuilder(attributes, cache: &cache)
            current = .workout
        case .correlation:
            elementCounts["Correlation", default: 0] += 1
            Self.hash(name, attributes, into: &topHash)
            record = ExportRecordBuilder(attributes, cache: &cache)
            members = []
            member = nil
            current = .correlation
        case .activitySummary:
            elementCounts["ActivitySummary", default: 0] += 1
            try emit(.activitySummary(Self.activitySummary(attributes)))
            current = .ignored
        case .me:
            elementCounts["Me", default: 0] += 1
            for index in 0..<attributes.count {
                try emit(
                    .characteristic(
                        key: attributes.name(at: index).string,
                        value: XMLAttributes.decode(attributes.rawValue(at: index))))
            }
            current = .ignored
        case .exportDate:
            elementCounts["ExportDate", default: 0] += 1
            if let date = attributes.raw("value").flatMap(ExportDates.parse) { try emit(.exportDate(date)) }
            current = .ignored
        default:
            unknownElements[name.string, default: 0] += 1
            current = .ignored
        }
    }

    private mutating func startChild(_ element: ExportElement, _ name: ByteSlice, _ attributes: XMLAttributes) {
        switch current {
        case .record:
            Self.hash(name, attributes, into: &topHash)
            if element == .metadataEntry { record?.addMetadata(attributes) }
            if element == .instantaneousBeatsPerMinute { record?.addBeat(attributes) }
        case .workout:
            Self.hash(name, attributes, into: &topHash)
            workout?.start(element, attributes, cache: &cache)
        case .correlation:
            Self.hash(name, attributes, into: &topHash)
            if element == .record, stack.count == 2 {
                memberHash.removeAll(keepingCapacity: true)
                Self.hash(name, attributes, into: &memberHash)
                member = ExportRecordBuilder(attributes, cache: &cache)
            } else if member != nil {
                Self.hash(name, attributes, into: &memberHash)
                if element == .metadataEntry { member?.addMetadata(attributes) }
            } else if element == .metadataEntry {
                record?.addMetadata(attributes)
            }
        default:
            break
        }
    }

    private mutating func endChild(_ element: ExportElement) {
        switch current {
        case .workout:
            workout?.end(element)
        case .correlation:
            guard element == .record, stack.count == 2, let finished = member else { return }
            // A member gets the UUID its top-level twin gets: same content, first occurrence.
            let uuid = memberHash.withUnsafeBytes { DeterministicUUID.make($0) }
            if case .success(let sample) = finished.build(
                uuid: Self.identity(uuid, 0, time: finished.start), cache: cache)
            {
                members.append(sample)
            }
            member = nil
        default:
            break
        }
    }

    private mutating func finishTop() throws {
        defer {
            current = .none
            record = nil
            workout = nil
            members = []
        }
        switch current {
        case .record:
            guard let builder = record else { return }
            let uuid = nextUUID(time: builder.start)
            switch builder.buildRow(uuid: uuid, cache: cache) {
            case .success(let (row, beats)): try emit(.row(row, heartbeats: beats))
            case .failure(let skip): try emit(.skipped(element: "Record", reason: skip.reason))
            }
        case .workout:
            guard let builder = workout else { return }
            switch builder.build(uuid: nextUUID(time: builder.start), cache: cache) {
            case .success(let sample): try emit(.workout(sample, routes: builder.routes))
            case .failure(let skip): try emit(.skipped(element: "Workout", reason: skip.reason))
            }
        case .correlation:
            guard let builder = record else { return }
            let uuid = nextUUID(time: builder.start)
            guard let start = builder.start, let end = builder.end else {
                return try emit(.skipped(element: "Correlation", reason: ImportSkip.badDate.reason))
            }
            guard !members.isEmpty else {
                return try emit(.skipped(element: "Correlation", reason: "no member could be read"))
            }
            let sample = Sample(
                uuid: uuid, type: builder.type(cache), start: start, end: end, content: .correlation(members),
                source: builder.source(cache), sourceVersion: builder.version(cache), device: builder.device(cache),
                metadata: builder.metadata, creationDate: builder.created)
            do {
                try emit(.sample(try sample.validated(), heartbeats: []))
            } catch let error as VitalsError {
                try emit(.skipped(element: "Correlation", reason: ImportSkip.invalid(error.code).reason))
            }
        default:
            break
        }
    }

    /// The UUID of the top-level element just finished: content hash plus occurrence number.
    private mutating func nextUUID(time: Date?) -> UUID {
        let content = topHash.withUnsafeBytes { DeterministicUUID.make($0) }
        return Self.identity(content, occurrences.next(content), time: time)
    }

    /// The stored UUID: the content hash (rehashed with the occurrence number after the first),
    /// prefixed with the start time so time-ordered records sit together in the UUID index.
    private static func identity(_ content: UUID, _ number: Int, time: Date?) -> UUID {
        var hashed = content
        if number > 0 {
            hashed = "\(content.uuidString)#\(number)".withCString { pointer in
                DeterministicUUID.make(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
            }
        }
        return time.map { DeterministicUUID.prefixed(hashed, time: $0) } ?? hashed
    }

    /// Appends an element's name and attributes, byte for byte, to the content being hashed.
    private static func hash(_ name: ByteSlice, _ attributes: XMLAttributes, into buffer: inout [UInt8]) {
        buffer.append(0x1D)
        buffer.append(contentsOf: name.buffer)
        appendAttributes(attributes, into: &buffer)
    }

    private static func appendAttributes(_ attributes: XMLAttributes, into buffer: inout [UInt8]) {
        for index in 0..<attributes.count {
            buffer.append(0x1E)
            buffer.append(contentsOf: attributes.name(at: index).buffer)
            buffer.append(0x3D)
            buffer.append(contentsOf: attributes.rawValue(at: index).buffer)
        }
    }

    private static func activitySummary(_ attributes: XMLAttributes) -> ActivitySummary {
        var summary = ActivitySummary(date: attributes.string("dateComponents") ?? "")
        summary.activeEnergyBurned = attributes.raw("activeEnergyBurned")?.double
        summary.activeEnergyBurnedGoal = attributes.raw("activeEnergyBurnedGoal")?.double
        summary.activeEnergyBurnedUnit = attributes.string("activeEnergyBurnedUnit")
        summary.moveTime = (attributes.raw("appleMoveTime") ?? attributes.raw("appleMoveMinutes"))?.double
        summary.moveTimeGoal = (attributes.raw("appleMoveTimeGoal") ?? attributes.raw("appleMoveMinutesGoal"))?.double
        summary.exerciseTime = attributes.raw("appleExerciseTime")?.double
        summary.exerciseTimeGoal = attributes.raw("appleExerciseTimeGoal")?.double
        summary.standHours = attributes.raw("appleStandHours")?.double
        summary.standHoursGoal = attributes.raw("appleStandHoursGoal")?.double
        return summary
    }
}
