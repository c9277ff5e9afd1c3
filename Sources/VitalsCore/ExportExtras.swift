import Foundation

/// One GPS point of a workout route (`CLLocation` in `HKWorkoutRoute`).
public struct RoutePoint: Sendable, Hashable, Codable {
    public var time: Date
    public var latitude: Double
    public var longitude: Double
    /// Metres above sea level.
    public var altitude: Double?
    /// Metres per second.
    public var speed: Double?
    /// Degrees from north.
    public var course: Double?
    /// Metres.
    public var horizontalAccuracy: Double?
    /// Metres.
    public var verticalAccuracy: Double?

    /// Creates a point.
    public init(
        time: Date, latitude: Double, longitude: Double, altitude: Double? = nil, speed: Double? = nil,
        course: Double? = nil, horizontalAccuracy: Double? = nil, verticalAccuracy: Double? = nil
    ) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.speed = speed
        self.course = course
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
    }
}

/// One beat-to-beat reading of an HRV sample (`InstantaneousBeatsPerMinute`).
public struct Heartbeat: Sendable, Hashable, Codable {
    /// Beats per minute at that instant.
    public var beatsPerMinute: Double
    /// When it was measured.
    public var time: Date

    public init(beatsPerMinute: Double, time: Date) {
        self.beatsPerMinute = beatsPerMinute
        self.time = time
    }
}

/// A day's Activity rings (`HKActivitySummary`): energy or move time, exercise and stand.
public struct ActivitySummary: Sendable, Hashable, Codable {
    /// The day, `YYYY-MM-DD`, in the user's calendar.
    public var date: String
    public var activeEnergyBurned: Double?
    public var activeEnergyBurnedGoal: Double?
    /// The unit of the energy values as exported (usually `Cal` or `kJ`).
    public var activeEnergyBurnedUnit: String?
    /// Minutes (move-time rings, for wheelchair users and children).
    public var moveTime: Double?
    public var moveTimeGoal: Double?
    /// Minutes.
    public var exerciseTime: Double?
    public var exerciseTimeGoal: Double?
    /// Hours with a stand.
    public var standHours: Double?
    public var standHoursGoal: Double?

    public init(date: String) { self.date = date }
}
