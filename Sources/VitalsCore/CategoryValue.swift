/// A value of a sleep analysis sample (`HKCategoryValueSleepAnalysis`), with HealthKit's raw values.
public enum SleepAnalysisValue: Int, Sendable, Codable, CaseIterable {
    /// In bed, asleep or not.
    case inBed = 0
    /// Asleep, stage unknown (HealthKit's `asleep` before iOS 16).
    case asleepUnspecified = 1
    /// Awake during a sleep session.
    case awake = 2
    /// Core sleep (stages 1 and 2 of the AASM model).
    case asleepCore = 3
    /// Deep sleep (stage 3 of the AASM model).
    case asleepDeep = 4
    /// REM sleep.
    case asleepREM = 5

    /// Whether the value is one of the asleep stages (HealthKit's `allAsleepValues`).
    public var isAsleep: Bool {
        switch self {
        case .asleepUnspecified, .asleepCore, .asleepDeep, .asleepREM: true
        case .inBed, .awake: false
        }
    }

    /// HealthKit's Swift case name (`asleepCore`).
    public var name: String {
        switch self {
        case .inBed: "inBed"
        case .asleepUnspecified: "asleepUnspecified"
        case .awake: "awake"
        case .asleepCore: "asleepCore"
        case .asleepDeep: "asleepDeep"
        case .asleepREM: "asleepREM"
        }
    }

    /// The name Health exports use (`HKCategoryValueSleepAnalysisAsleepCore`).
    public var exportName: String { CategoryValueSet.exportName(prefix: "HKCategoryValueSleepAnalysis", name) }

    /// Looks a value up by name, ignoring case: `asleepCore`, `HKCategoryValueSleepAnalysisAsleepCore`, or
    /// the pre-iOS 16 `asleep` / `HKCategoryValueSleepAnalysisAsleep` (``asleepUnspecified``).
    public init?(name: String) {
        guard let raw = CategoryValueSet.sleepAnalysis.rawValue(forName: name) else { return nil }
        self.init(rawValue: raw)
    }
}

/// Names of category sample values (HealthKit's `HKCategoryValue…` enums), for every known category type.
///
/// Names are accepted in short form (`stood`, `notApplicable`, `mild`) or as Health exports write them
/// (`HKCategoryValueAppleStandHourStood`), ignoring case. Raw values are HealthKit's.
public enum CategoryValue {
    /// The raw value named `name` for samples of `type`; `nil` if the type has no such value.
    public static func rawValue(forName name: String, type: SampleType) -> Int? {
        CategoryValueSet.forType[type]?.rawValue(forName: name)
    }

    /// The short name (`asleepCore`, `stood`, `notApplicable`) of `value` for samples of `type`.
    public static func name(for value: Int, type: SampleType) -> String? {
        CategoryValueSet.forType[type]?.name(for: value)
    }

    /// The name Health exports use (`HKCategoryValueAppleStandHourStood`) of `value` for `type`.
    public static func exportName(for value: Int, type: SampleType) -> String? {
        guard let set = CategoryValueSet.forType[type], let name = set.name(for: value) else { return nil }
        return CategoryValueSet.exportName(prefix: set.prefix, name)
    }
}

/// One of HealthKit's `HKCategoryValue…` enums: its export prefix, cases and accepted old names.
struct CategoryValueSet: Sendable {
    /// The export prefix, such as `HKCategoryValueAppleStandHour`.
    let prefix: String
    private let names: [Int: String]
    private let raws: [String: Int]

    /// A set whose cases are written `prefix + Name`; `otherPrefixes` and `aliases` are accepted as input.
    init(_ prefix: String, _ cases: [(String, Int)], otherPrefixes: [String] = [], aliases: [(String, Int)] = []) {
        self.prefix = prefix
        names = Dictionary(cases.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var raws: [String: Int] = [:]
        for (name, raw) in cases + aliases {
            raws[name.lowercased()] = raw
            for prefix in [prefix] + otherPrefixes {
                raws[Self.exportName(prefix: prefix, name).lowercased()] = raw
            }
        }
        self.raws = raws
    }

    func rawValue(forName name: String) -> Int? { raws[name.lowercased()] }

    func name(for value: Int) -> String? { names[value] }

    static func exportName(prefix: String, _ name: String) -> String {
        prefix + name.prefix(1).uppercased() + name.dropFirst()
    }

    // The enums of HKCategoryValues.h (iOS 18 SDK), with their raw values.
    static let notApplicable = CategoryValueSet("HKCategoryValue", [("notApplicable", 0)])
    static let appleStandHour = CategoryValueSet("HKCategoryValueAppleStandHour", [("stood", 0), ("idle", 1)])
    static let appleWalkingSteadinessEvent = CategoryValueSet(
        "HKCategoryValueAppleWalkingSteadinessEvent",
        [("initialLow", 1), ("initialVeryLow", 2), ("repeatLow", 3), ("repeatVeryLow", 4)])
    static let appetiteChanges = CategoryValueSet(
        "HKCategoryValueAppetiteChanges", [("unspecified", 0), ("noChange", 1), ("decreased", 2), ("increased", 3)])
    static let cervicalMucusQuality = CategoryValueSet(
        "HKCategoryValueCervicalMucusQuality",
        [("dry", 1), ("sticky", 2), ("creamy", 3), ("watery", 4), ("eggWhite", 5)])
    static let contraceptive = CategoryValueSet(
        "HKCategoryValueContraceptive",
        [
            ("unspecified", 1), ("implant", 2), ("injection", 3), ("intrauterineDevice", 4),
            ("intravaginalRing", 5), ("oral", 6), ("patch", 7),
        ])
    /// Also accepts the iOS 13 `HKCategoryValueAudioExposureEventLoudEnvironment` (same identifier).
    static let environmentalAudioExposureEvent = CategoryValueSet(
        "HKCategoryValueEnvironmentalAudioExposureEvent", [("momentaryLimit", 1)],
        aliases: [("loudEnvironment", 1), ("HKCategoryValueAudioExposureEventLoudEnvironment", 1)])
    static let headphoneAudioExposureEvent = CategoryValueSet(
        "HKCategoryValueHeadphoneAudioExposureEvent", [("sevenDayLimit", 1)])
    static let lowCardioFitnessEvent = CategoryValueSet("HKCategoryValueLowCardioFitnessEvent", [("lowFitness", 1)])
    private static let bleeding: [(String, Int)] = [
        ("unspecified", 1), ("light", 2), ("medium", 3), ("heavy", 4), ("none", 5),
    ]
    /// HKCategoryValueMenstrualFlow, deprecated in iOS 18 for HKCategoryValueVaginalBleeding (same values).
    static let menstrualFlow = CategoryValueSet(
        "HKCategoryValueMenstrualFlow", bleeding, otherPrefixes: ["HKCategoryValueVaginalBleeding"])
    static let vaginalBleeding = CategoryValueSet(
        "HKCategoryValueVaginalBleeding", bleeding, otherPrefixes: ["HKCategoryValueMenstrualFlow"])
    /// `positive` is the name of `luteinizingHormoneSurge` before iOS 13.
    static let ovulationTestResult = CategoryValueSet(
        "HKCategoryValueOvulationTestResult",
        [("negative", 1), ("luteinizingHormoneSurge", 2), ("indeterminate", 3), ("estrogenSurge", 4)],
        aliases: [("positive", 2)])
    static let pregnancyTestResult = CategoryValueSet(
        "HKCategoryValuePregnancyTestResult", [("negative", 1), ("positive", 2), ("indeterminate", 3)])
    static let progesteroneTestResult = CategoryValueSet(
        "HKCategoryValueProgesteroneTestResult", [("negative", 1), ("positive", 2), ("indeterminate", 3)])
    static let presence = CategoryValueSet("HKCategoryValuePresence", [("present", 0), ("notPresent", 1)])
    static let severity = CategoryValueSet(
        "HKCategoryValueSeverity",
        [("unspecified", 0), ("notPresent", 1), ("mild", 2), ("moderate", 3), ("severe", 4)])
    /// `asleep` is the name of `asleepUnspecified` before iOS 16.
    static let sleepAnalysis = CategoryValueSet(
        "HKCategoryValueSleepAnalysis",
        [
            ("inBed", 0), ("asleepUnspecified", 1), ("awake", 2), ("asleepCore", 3), ("asleepDeep", 4),
            ("asleepREM", 5),
        ],
        aliases: [("asleep", 1)])

    /// The value set of every known category type (from the comments of HKTypeIdentifiers.h).
    static let forType: [SampleType: CategoryValueSet] = {
        var sets: [SampleType: CategoryValueSet] = [
            .appleStandHour: appleStandHour, .appleWalkingSteadinessEvent: appleWalkingSteadinessEvent,
            .lowCardioFitnessEvent: lowCardioFitnessEvent,
            .environmentalAudioExposureEvent: environmentalAudioExposureEvent,
            .headphoneAudioExposureEvent: headphoneAudioExposureEvent, .sleepAnalysis: sleepAnalysis,
            .cervicalMucusQuality: cervicalMucusQuality, .contraceptive: contraceptive,
            .menstrualFlow: menstrualFlow, .bleedingAfterPregnancy: vaginalBleeding,
            .bleedingDuringPregnancy: vaginalBleeding, .ovulationTestResult: ovulationTestResult,
            .pregnancyTestResult: pregnancyTestResult, .progesteroneTestResult: progesteroneTestResult,
            .appetiteChanges: appetiteChanges, .moodChanges: presence, .sleepChanges: presence,
        ]
        let notApplicableTypes: [SampleType] = [
            .highHeartRateEvent, .hypertensionEvent, .irregularHeartRhythmEvent, .lowHeartRateEvent,
            .mindfulSession, .sleepApneaEvent, .handwashingEvent, .toothbrushingEvent,
            .infrequentMenstrualCycles, .intermenstrualBleeding, .irregularMenstrualCycles, .lactation,
            .persistentIntermenstrualBleeding, .pregnancy, .prolongedMenstrualPeriods, .sexualActivity,
        ]
        let symptomTypes: [SampleType] = [
            .abdominalCramps, .acne, .bladderIncontinence, .bloating, .breastPain, .chestTightnessOrPain,
            .chills, .constipation, .coughing, .diarrhea, .dizziness, .drySkin, .fainting, .fatigue, .fever,
            .generalizedBodyAche, .hairLoss, .headache, .heartburn, .hotFlashes, .lossOfSmell, .lossOfTaste,
            .lowerBackPain, .memoryLapse, .nausea, .nightSweats, .pelvicPain,
            .rapidPoundingOrFlutteringHeartbeat, .runnyNose, .shortnessOfBreath, .sinusCongestion,
            .skippedHeartbeat, .soreThroat, .vaginalDryness, .vomiting, .wheezing,
        ]
        for type in notApplicableTypes { sets[type] = notApplicable }
        for type in symptomTypes { sets[type] = severity }
        return sets
    }()
}
