/// A workout's activity (`HKWorkoutActivityType`), with HealthKit's raw value and name.
///
/// Raw values are HealthKit's own (running is 37, other is 3000). Unknown raw values are kept as they
/// are, so activities newer than this catalog survive a round trip. Encodes as its raw value.
public struct WorkoutActivityType: Sendable, Hashable, CustomStringConvertible {
    /// HealthKit's raw value.
    public let rawValue: UInt

    /// The activity with this raw value, known or not.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Looks an activity up by name, ignoring case: `running`, `highIntensityIntervalTraining`, the export
    /// form `HKWorkoutActivityTypeRunning`, or ``name`` / ``exportName`` of an unknown raw value (`activity81`).
    public init?(name: String) {
        let key = name.lowercased()
        if let raw = WorkoutActivityType.rawByName[key] {
            self.init(rawValue: raw)
            return
        }
        let exportPrefix = "hkworkoutactivitytype", unknownPrefix = "activity"
        let short = key.hasPrefix(exportPrefix) ? key.dropFirst(exportPrefix.count) : Substring(key)
        let digits = short.dropFirst(unknownPrefix.count)
        guard short.hasPrefix(unknownPrefix), !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }),
            let raw = UInt(digits)
        else { return nil }
        self.init(rawValue: raw)
    }

    /// HealthKit's Swift case name (`running`); `activity<raw>` for an unknown raw value.
    public var name: String {
        WorkoutActivityType.nameByRaw[rawValue] ?? "activity\(rawValue)"
    }

    /// The name Health exports use (`HKWorkoutActivityTypeRunning`).
    public var exportName: String {
        let name = self.name
        return "HKWorkoutActivityType" + name.prefix(1).uppercased() + name.dropFirst()
    }

    /// Whether this catalog knows the raw value.
    public var isKnown: Bool { WorkoutActivityType.nameByRaw[rawValue] != nil }

    public var description: String { name }

    /// Every activity HealthKit defines, by raw value (including deprecated ones).
    public static let allKnown: [WorkoutActivityType] = table.map { WorkoutActivityType(rawValue: $0.raw) }

    private static let nameByRaw: [UInt: String] = Dictionary(
        table.map { ($0.raw, $0.name) }, uniquingKeysWith: { first, _ in first })

    private static let rawByName: [String: UInt] = {
        var names: [String: UInt] = [:]
        for entry in table {
            let type = WorkoutActivityType(rawValue: entry.raw)
            names[entry.name.lowercased()] = entry.raw
            names[type.exportName.lowercased()] = entry.raw
        }
        return names
    }()

    /// HealthKit's cases, from HKWorkoutActivityType.h (81 is unassigned; 2998 rest and 2999 group are
    /// declared unavailable on every platform and are left out).
    private static let table: [(raw: UInt, name: String)] = [
        (1, "americanFootball"), (2, "archery"), (3, "australianFootball"), (4, "badminton"),
        (5, "baseball"), (6, "basketball"), (7, "bowling"), (8, "boxing"), (9, "climbing"),
        (10, "cricket"), (11, "crossTraining"), (12, "curling"), (13, "cycling"), (14, "dance"),
        (15, "danceInspiredTraining"), (16, "elliptical"), (17, "equestrianSports"), (18, "fencing"),
        (19, "fishing"), (20, "functionalStrengthTraining"), (21, "golf"), (22, "gymnastics"),
        (23, "handball"), (24, "hiking"), (25, "hockey"), (26, "hunting"), (27, "lacrosse"),
        (28, "martialArts"), (29, "mindAndBody"), (30, "mixedMetabolicCardioTraining"),
        (31, "paddleSports"), (32, "play"), (33, "preparationAndRecovery"), (34, "racquetball"),
        (35, "rowing"), (36, "rugby"), (37, "running"), (38, "sailing"), (39, "skatingSports"),
        (40, "snowSports"), (41, "soccer"), (42, "softball"), (43, "squash"), (44, "stairClimbing"),
        (45, "surfingSports"), (46, "swimming"), (47, "tableTennis"), (48, "tennis"),
        (49, "trackAndField"), (50, "traditionalStrengthTraining"), (51, "volleyball"), (52, "walking"),
        (53, "waterFitness"), (54, "waterPolo"), (55, "waterSports"), (56, "wrestling"), (57, "yoga"),
        (58, "barre"), (59, "coreTraining"), (60, "crossCountrySkiing"), (61, "downhillSkiing"),
        (62, "flexibility"), (63, "highIntensityIntervalTraining"), (64, "jumpRope"), (65, "kickboxing"),
        (66, "pilates"), (67, "snowboarding"), (68, "stairs"), (69, "stepTraining"),
        (70, "wheelchairWalkPace"), (71, "wheelchairRunPace"), (72, "taiChi"), (73, "mixedCardio"),
        (74, "handCycling"), (75, "discSports"), (76, "fitnessGaming"), (77, "cardioDance"),
        (78, "socialDance"), (79, "pickleball"), (80, "cooldown"), (82, "swimBikeRun"),
        (83, "transition"), (84, "underwaterDiving"), (3000, "other"),
    ]
}

extension WorkoutActivityType: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(rawValue: try container.decode(UInt.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension WorkoutActivityType {
    /// American football.
    public static let americanFootball = WorkoutActivityType(rawValue: 1)
    /// Archery.
    public static let archery = WorkoutActivityType(rawValue: 2)
    /// Australian football.
    public static let australianFootball = WorkoutActivityType(rawValue: 3)
    /// Badminton.
    public static let badminton = WorkoutActivityType(rawValue: 4)
    /// Baseball.
    public static let baseball = WorkoutActivityType(rawValue: 5)
    /// Basketball.
    public static let basketball = WorkoutActivityType(rawValue: 6)
    /// Bowling.
    public static let bowling = WorkoutActivityType(rawValue: 7)
    /// Boxing.
    public static let boxing = WorkoutActivityType(rawValue: 8)
    /// Climbing.
    public static let climbing = WorkoutActivityType(rawValue: 9)
    /// Cricket.
    public static let cricket = WorkoutActivityType(rawValue: 10)
    /// Cross training: any mix of cardio and strength training.
    public static let crossTraining = WorkoutActivityType(rawValue: 11)
    /// Curling.
    public static let curling = WorkoutActivityType(rawValue: 12)
    /// Cycling.
    public static let cycling = WorkoutActivityType(rawValue: 13)
    /// Dance. Deprecated by HealthKit (iOS 14): use ``socialDance`` or ``cardioDance``.
    public static let dance = WorkoutActivityType(rawValue: 14)
    /// Dance-inspired training. Deprecated by HealthKit (iOS 10): use ``barre``, ``pilates`` or a dance.
    public static let danceInspiredTraining = WorkoutActivityType(rawValue: 15)
    /// Elliptical.
    public static let elliptical = WorkoutActivityType(rawValue: 16)
    /// Equestrian sports.
    public static let equestrianSports = WorkoutActivityType(rawValue: 17)
    /// Fencing.
    public static let fencing = WorkoutActivityType(rawValue: 18)
    /// Fishing.
    public static let fishing = WorkoutActivityType(rawValue: 19)
    /// Functional strength training.
    public static let functionalStrengthTraining = WorkoutActivityType(rawValue: 20)
    /// Golf.
    public static let golf = WorkoutActivityType(rawValue: 21)
    /// Gymnastics.
    public static let gymnastics = WorkoutActivityType(rawValue: 22)
    /// Handball.
    public static let handball = WorkoutActivityType(rawValue: 23)
    /// Hiking.
    public static let hiking = WorkoutActivityType(rawValue: 24)
    /// Hockey.
    public static let hockey = WorkoutActivityType(rawValue: 25)
    /// Hunting.
    public static let hunting = WorkoutActivityType(rawValue: 26)
    /// Lacrosse.
    public static let lacrosse = WorkoutActivityType(rawValue: 27)
    /// Martial arts.
    public static let martialArts = WorkoutActivityType(rawValue: 28)
    /// Mind and body.
    public static let mindAndBody = WorkoutActivityType(rawValue: 29)
    /// Mixed metabolic cardio training. Deprecated by HealthKit (iOS 11): use ``mixedCardio`` or HIIT.
    public static let mixedMetabolicCardioTraining = WorkoutActivityType(rawValue: 30)
    /// Paddle sports.
    public static let paddleSports = WorkoutActivityType(rawValue: 31)
    /// Play.
    public static let play = WorkoutActivityType(rawValue: 32)
    /// Preparation and recovery.
    public static let preparationAndRecovery = WorkoutActivityType(rawValue: 33)
    /// Racquetball.
    public static let racquetball = WorkoutActivityType(rawValue: 34)
    /// Rowing.
    public static let rowing = WorkoutActivityType(rawValue: 35)
    /// Rugby.
    public static let rugby = WorkoutActivityType(rawValue: 36)
    /// Running.
    public static let running = WorkoutActivityType(rawValue: 37)
    /// Sailing.
    public static let sailing = WorkoutActivityType(rawValue: 38)
    /// Skating sports.
    public static let skatingSports = WorkoutActivityType(rawValue: 39)
    /// Snow sports.
    public static let snowSports = WorkoutActivityType(rawValue: 40)
    /// Soccer.
    public static let soccer = WorkoutActivityType(rawValue: 41)
    /// Softball.
    public static let softball = WorkoutActivityType(rawValue: 42)
    /// Squash.
    public static let squash = WorkoutActivityType(rawValue: 43)
    /// Stair climbing.
    public static let stairClimbing = WorkoutActivityType(rawValue: 44)
    /// Surfing sports.
    public static let surfingSports = WorkoutActivityType(rawValue: 45)
    /// Swimming.
    public static let swimming = WorkoutActivityType(rawValue: 46)
    /// Table tennis.
    public static let tableTennis = WorkoutActivityType(rawValue: 47)
    /// Tennis.
    public static let tennis = WorkoutActivityType(rawValue: 48)
    /// Track and field.
    public static let trackAndField = WorkoutActivityType(rawValue: 49)
    /// Traditional strength training.
    public static let traditionalStrengthTraining = WorkoutActivityType(rawValue: 50)
    /// Volleyball.
    public static let volleyball = WorkoutActivityType(rawValue: 51)
    /// Walking.
    public static let walking = WorkoutActivityType(rawValue: 52)
    /// Water fitness.
    public static let waterFitness = WorkoutActivityType(rawValue: 53)
    /// Water polo.
    public static let waterPolo = WorkoutActivityType(rawValue: 54)
    /// Water sports.
    public static let waterSports = WorkoutActivityType(rawValue: 55)
    /// Wrestling.
    public static let wrestling = WorkoutActivityType(rawValue: 56)
    /// Yoga.
    public static let yoga = WorkoutActivityType(rawValue: 57)
    /// Barre.
    public static let barre = WorkoutActivityType(rawValue: 58)
    /// Core training.
    public static let coreTraining = WorkoutActivityType(rawValue: 59)
    /// Cross-country skiing.
    public static let crossCountrySkiing = WorkoutActivityType(rawValue: 60)
    /// Downhill skiing.
    public static let downhillSkiing = WorkoutActivityType(rawValue: 61)
    /// Flexibility.
    public static let flexibility = WorkoutActivityType(rawValue: 62)
    /// High-intensity interval training (HIIT).
    public static let highIntensityIntervalTraining = WorkoutActivityType(rawValue: 63)
    /// Jump rope.
    public static let jumpRope = WorkoutActivityType(rawValue: 64)
    /// Kickboxing.
    public static let kickboxing = WorkoutActivityType(rawValue: 65)
    /// Pilates.
    public static let pilates = WorkoutActivityType(rawValue: 66)
    /// Snowboarding.
    public static let snowboarding = WorkoutActivityType(rawValue: 67)
    /// Stairs.
    public static let stairs = WorkoutActivityType(rawValue: 68)
    /// Step training.
    public static let stepTraining = WorkoutActivityType(rawValue: 69)
    /// Wheelchair at walking pace.
    public static let wheelchairWalkPace = WorkoutActivityType(rawValue: 70)
    /// Wheelchair at running pace.
    public static let wheelchairRunPace = WorkoutActivityType(rawValue: 71)
    /// Tai chi.
    public static let taiChi = WorkoutActivityType(rawValue: 72)
    /// Mixed cardio.
    public static let mixedCardio = WorkoutActivityType(rawValue: 73)
    /// Hand cycling.
    public static let handCycling = WorkoutActivityType(rawValue: 74)
    /// Disc sports.
    public static let discSports = WorkoutActivityType(rawValue: 75)
    /// Fitness gaming.
    public static let fitnessGaming = WorkoutActivityType(rawValue: 76)
    /// Cardio dance.
    public static let cardioDance = WorkoutActivityType(rawValue: 77)
    /// Social dance.
    public static let socialDance = WorkoutActivityType(rawValue: 78)
    /// Pickleball.
    public static let pickleball = WorkoutActivityType(rawValue: 79)
    /// Cooldown.
    public static let cooldown = WorkoutActivityType(rawValue: 80)
    /// Swim, bike, run (multisport).
    public static let swimBikeRun = WorkoutActivityType(rawValue: 82)
    /// Transition between multisport activities.
    public static let transition = WorkoutActivityType(rawValue: 83)
    /// Underwater diving.
    public static let underwaterDiving = WorkoutActivityType(rawValue: 84)
    /// Any other activity.
    public static let other = WorkoutActivityType(rawValue: 3000)
}
