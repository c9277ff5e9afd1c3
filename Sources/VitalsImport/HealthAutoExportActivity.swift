import VitalsCore

/// Health Auto Export's workout names (`"Outdoor Run"`, `"Traditional Strength Training"`) read
/// as HealthKit activity types.
///
/// A leading `Indoor`/`Outdoor` says where the workout was (`HKIndoorWorkout`), a leading
/// `Pool`/`Open Water` where a swim was (`HKSwimmingLocationType`). The rest is matched, ignoring
/// case, spaces and punctuation, against HealthKit's activity names (`Mind and Body` →
/// `mindAndBody`), after the short forms the Workout app uses (`Run`, `Walk`, `Swim`, `Stair
/// Stepper`, `HIIT`, `Multisport`...). Anything else is `other`; the name is always kept in the
/// workout's metadata.
enum HealthAutoExportActivity {
    /// What a workout name says.
    struct Reading: Equatable {
        /// The activity.
        var type: WorkoutActivityType
        /// Whether the name says Indoor (true) or Outdoor (false).
        var indoor: Bool?
        /// `HKSwimmingLocationType` when the name says Pool (1) or Open Water (2).
        var swimmingLocation: Int?
    }

    /// The Workout app's short names that are not HealthKit activity names.
    private static let shortNames: [String: WorkoutActivityType] = [
        "run": .running, "walk": .walking, "swim": .swimming, "cycle": .cycling, "bike": .cycling,
        "hike": .hiking, "hiit": .highIntensityIntervalTraining, "rower": .rowing,
        "stairstepper": .stairClimbing, "multisport": .swimBikeRun, "paddling": .paddleSports,
        "skating": .skatingSports, "surfing": .surfingSports, "strengthtraining": .traditionalStrengthTraining,
    ]

    private static let prefixes: [(String, Bool?, Int?)] = [
        ("indoor ", true, nil), ("outdoor ", false, nil), ("pool ", nil, 1), ("open water ", nil, 2),
    ]

    /// The activity, place and swimming location a workout name gives.
    static func reading(_ name: String) -> Reading {
        var rest = Substring(name.lowercased())
        while rest.first == " " { rest = rest.dropFirst() }
        var reading = Reading(type: .other)
        for (prefix, indoor, location) in prefixes where rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
            reading.indoor = indoor
            reading.swimmingLocation = location
            break
        }
        let key = String(
            rest.unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
                .map(Character.init))
        if let short = shortNames[key] {
            reading.type = short
        } else if !key.hasPrefix("activity"), let known = WorkoutActivityType(name: key), known.isKnown {
            reading.type = known
        }
        return reading
    }

    /// The distance type a workout of `activity` accumulates (`distanceWalkingRunning` when the
    /// activity has no distance type of its own).
    static func distanceType(for activity: WorkoutActivityType) -> SampleType {
        switch activity {
        case .cycling, .handCycling: .distanceCycling
        case .swimming: .distanceSwimming
        case .rowing: .distanceRowing
        case .wheelchairWalkPace, .wheelchairRunPace: .distanceWheelchair
        case .crossCountrySkiing: .distanceCrossCountrySkiing
        case .downhillSkiing, .snowboarding, .snowSports: .distanceDownhillSnowSports
        case .paddleSports: .distancePaddleSports
        case .skatingSports: .distanceSkatingSports
        default: .distanceWalkingRunning
        }
    }
}
