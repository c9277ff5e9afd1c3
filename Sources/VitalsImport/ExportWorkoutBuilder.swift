import Foundation
import VitalsCore

/// A workout route as the export gives it: a GPX file in the zip, or inline `<Location>` points.
struct ExportRoute {
    var filePath: String?
    var points: [RoutePoint] = []
    /// Set when `filePath` names a file the export does not contain.
    var fileMissing = false
}

/// Collects one `<Workout>` with its events, statistics, activities, metadata and routes.
struct ExportWorkoutBuilder {
    private var record: ExportRecordBuilder
    private var activity: WorkoutActivityType
    private var duration: TimeInterval?
    private var statistics: [WorkoutStatistics] = []
    private var events: [WorkoutEvent] = []
    private var activities: [WorkoutActivity] = []
    private(set) var routes: [ExportRoute] = []
    /// The activity or route being filled, if inside one.
    private var openActivity: WorkoutActivity?
    private var inRoute = false
    private var openEvent: WorkoutEvent?

    /// When the workout starts, if its date could be read.
    var start: Date? { record.start }

    init(_ attributes: XMLAttributes, cache: inout ExportValueCache) {
        record = ExportRecordBuilder(attributes, cache: &cache)
        activity = attributes.raw("workoutActivityType").map { cache.activity($0) } ?? .other
        duration = Self.seconds(attributes.raw("duration"), unit: attributes.raw("durationUnit"), cache: &cache)
        let distanceType: SampleType =
            switch activity {
            case .cycling, .handCycling: .distanceCycling
            case .swimming: .distanceSwimming
            case .downhillSkiing, .snowboarding, .crossCountrySkiing: .distanceDownhillSnowSports
            case .wheelchairRunPace, .wheelchairWalkPace: .distanceWheelchair
            default: .distanceWalkingRunning
            }
        if let total = Self.statistic(
            .activeEnergyBurned, attributes.raw("totalEnergyBurned"),
            attributes.raw("totalEnergyBurnedUnit"), cache: &cache)
        {
            statistics.append(total)
        }
        if let total = Self.statistic(
            distanceType, attributes.raw("totalDistance"),
            attributes.raw("totalDistanceUnit"), cache: &cache)
        {
            statistics.append(total)
        }
    }

    /// A child element starts; `path` lists the open elements below the workout, outermost first.
    mutating func start(_ name: ExportElement, _ attributes: XMLAttributes, cache: inout ExportValueCache) {
        switch name {
        case .metadataEntry:
            guard let key = attributes.string("key") else { return }
            let value = MetadataValue.string(attributes.string("value") ?? "")
            if openEvent != nil {
                openEvent?.metadata[key] = value
            } else if openActivity != nil {
                openActivity?.metadata[key] = value
            } else if !inRoute {
                record.metadata[key] = value
            }
        case .workoutEvent:
            guard let date = attributes.raw("date").flatMap(ExportDates.parse) else { return }
            let length =
                Self.seconds(attributes.raw("duration"), unit: attributes.raw("durationUnit"), cache: &cache) ?? 0
            let type = attributes.raw("type").map { WorkoutEventType.rawValue($0.string) } ?? 0
            openEvent = WorkoutEvent(type: type, start: date, end: date.addingTimeInterval(length))
        case .workoutStatistics:
            guard let type = attributes.raw("type").map({ cache.type($0) }),
                let unit = attributes.raw("unit").flatMap({ cache.unit($0) })
            else { return }
            let item = WorkoutStatistics(
                type: type, unit: unit, sum: attributes.raw("sum")?.double,
                average: attributes.raw("average")?.double,
                minimum: attributes.raw("minimum")?.double,
                maximum: attributes.raw("maximum")?.double)
            if openActivity != nil {
                openActivity?.statistics.append(item)
            } else {
                Self.merge(item, into: &statistics)
            }
        case .workoutActivity:
            let start =
                attributes.raw("startDate").flatMap(ExportDates.parse) ?? record.start ?? Date(timeIntervalSince1970: 0)
            let end = attributes.raw("endDate").flatMap(ExportDates.parse) ?? record.end ?? start
            let uuid = attributes.string("uuid").flatMap(UUID.init(uuidString:)) ?? UUID()
            openActivity = WorkoutActivity(uuid: uuid, activityType: activity, start: start, end: end)
        case .workoutRoute:
            inRoute = true
            routes.append(ExportRoute())
        case .fileReference:
            if inRoute, let path = attributes.string("path") { routes[routes.count - 1].filePath = path }
        case .location:
            guard inRoute, let date = attributes.raw("date").flatMap(ExportDates.parse),
                let latitude = attributes.raw("latitude")?.double, let longitude = attributes.raw("longitude")?.double
            else { return }
            routes[routes.count - 1].points.append(
                RoutePoint(
                    time: date, latitude: latitude, longitude: longitude, altitude: attributes.raw("altitude")?.double,
                    speed: attributes.raw("speed")?.double, course: attributes.raw("course")?.double,
                    horizontalAccuracy: attributes.raw("horizontalAccuracy")?.double,
                    verticalAccuracy: attributes.raw("verticalAccuracy")?.double))
        default:
            break
        }
    }

    /// A child element ends (self-closing children end right after they start).
    mutating func end(_ name: ExportElement) {
        switch name {
        case .workoutEvent:
            guard let event = openEvent else { return }
            if openActivity != nil { openActivity?.events.append(event) } else { events.append(event) }
            openEvent = nil
        case .workoutActivity:
            if let finished = openActivity { activities.append(finished) }
            openActivity = nil
        case .workoutRoute:
            inRoute = false
        default:
            break
        }
    }

    /// The workout sample, or why it cannot be stored.
    func build(uuid: UUID, cache: ExportValueCache) -> Result<Sample, ImportSkip> {
        guard let start = record.start, let end = record.end else { return .failure(.badDate) }
        let details = Workout(
            activityType: activity, events: events, statistics: statistics,
            activities: activities, duration: duration)
        let sample = Sample(
            uuid: uuid, type: .workout, start: start, end: end, content: .workout(details),
            source: record.source(cache), sourceVersion: record.version(cache), device: record.device(cache),
            metadata: record.metadata, creationDate: record.created)
        do {
            return .success(try sample.validated())
        } catch {
            return .failure(.invalid(error.code))
        }
    }

    private static func seconds(_ value: ByteSlice?, unit: ByteSlice?, cache: inout ExportValueCache) -> TimeInterval? {
        guard let number = value?.double else { return nil }
        let parsed = unit.flatMap { cache.unit($0) } ?? .minute
        return try? parsed.convert(number, to: .second)
    }

    private static func statistic(
        _ type: SampleType, _ value: ByteSlice?, _ unit: ByteSlice?,
        cache: inout ExportValueCache
    ) -> WorkoutStatistics? {
        guard let number = value?.double, let parsed = unit.flatMap({ cache.unit($0) }) else { return nil }
        return WorkoutStatistics(type: type, unit: parsed, sum: number)
    }

    /// iOS 16+ statistics replace the old total attributes of the same type.
    private static func merge(_ item: WorkoutStatistics, into list: inout [WorkoutStatistics]) {
        list.removeAll { $0.type == item.type }
        list.append(item)
    }
}

/// `HKWorkoutEventType` raw values by export name.
enum WorkoutEventType {
    static let names = [
        "Pause": 1, "Resume": 2, "Lap": 3, "Marker": 4, "MotionPaused": 5, "MotionResumed": 6,
        "Segment": 7, "PauseOrResumeRequest": 8,
    ]

    static func rawValue(_ name: String) -> Int {
        let short = name.hasPrefix("HKWorkoutEventType") ? String(name.dropFirst("HKWorkoutEventType".count)) : name
        return names[short] ?? Int(short) ?? 0
    }
}
