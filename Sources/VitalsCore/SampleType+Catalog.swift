// Vitals' catalog of HealthKit types: correlation, characteristic and workout types here, quantity types
// in SampleType+QuantityCatalog.swift, category types in SampleType+CategoryCatalog.swift, and ``all``.
//
// Identifiers are the strings HealthKit stores and exports (the values of its ObjC constants); static
// names are HealthKit's Swift names (`stepCount`, `vo2Max`, `environmentalAudioExposureEvent`).

extension SampleType {
    // Correlations
    /// Blood pressure: a systolic and a diastolic sample taken together.
    public static let bloodPressure = SampleType("HKCorrelationTypeIdentifierBloodPressure", .correlation)
    /// Food: nutrition samples of one food or meal.
    public static let food = SampleType("HKCorrelationTypeIdentifierFood", .correlation)

    // Characteristics (one value per person, not samples)
    /// Activity move mode (energy or time).
    public static let activityMoveMode = SampleType("HKCharacteristicTypeIdentifierActivityMoveMode", .characteristic)
    /// Biological sex.
    public static let biologicalSex = SampleType("HKCharacteristicTypeIdentifierBiologicalSex", .characteristic)
    /// Blood type.
    public static let bloodType = SampleType("HKCharacteristicTypeIdentifierBloodType", .characteristic)
    /// Date of birth.
    public static let dateOfBirth = SampleType("HKCharacteristicTypeIdentifierDateOfBirth", .characteristic)
    /// Fitzpatrick skin type.
    public static let fitzpatrickSkinType = SampleType(
        "HKCharacteristicTypeIdentifierFitzpatrickSkinType", .characteristic)
    /// Wheelchair use.
    public static let wheelchairUse = SampleType("HKCharacteristicTypeIdentifierWheelchairUse", .characteristic)

    // Workouts
    /// Workouts (`HKWorkoutTypeIdentifier`); their activity is a ``WorkoutActivityType``.
    public static let workout = SampleType("HKWorkoutTypeIdentifier", .workout)

    /// Every type the catalog knows: quantities, categories, correlations, characteristics, workout.
    ///
    /// Identifiers and short names are unique. ``catalog`` and ``init(name:)`` are built from this list.
    public static let all: [SampleType] =
        knownQuantityTypes + knownCategoryTypes + [
            bloodPressure, food,
            activityMoveMode, biologicalSex, bloodType, dateOfBirth, fitzpatrickSkinType, wheelchairUse,
            workout,
        ]
}
