// Quantity types in Vitals' catalog: every HKQuantityTypeIdentifier of HealthKit's HKTypeIdentifiers.h
// (iOS 18 SDK; none was added through iOS 26), in the header's order and groups.
//
// Aggregation styles are those the header documents for each identifier. Canonical units are the units
// Vitals stores values in (not always HealthKit's own default): energy kcal, body mass kg, every dietary
// mass g, durations min (sub-second ones ms), rates count/min, lengths m, temperatures degC, volumes mL.

extension SampleType {
    // Body measurements
    /// Wrist temperature Apple Watch measures during sleep.
    public static let appleSleepingWristTemperature = SampleType(
        "HKQuantityTypeIdentifierAppleSleepingWristTemperature", .quantity, .discreteArithmetic, unit: "degC")
    /// Body fat percentage.
    public static let bodyFatPercentage = SampleType(
        "HKQuantityTypeIdentifierBodyFatPercentage", .quantity, .discreteArithmetic, unit: "%")
    /// Body mass (weight).
    public static let bodyMass = SampleType(
        "HKQuantityTypeIdentifierBodyMass", .quantity, .discreteArithmetic, unit: "kg")
    /// Body mass index, a plain number.
    public static let bodyMassIndex = SampleType(
        "HKQuantityTypeIdentifierBodyMassIndex", .quantity, .discreteArithmetic, unit: "count")
    /// Electrodermal activity (skin conductance).
    public static let electrodermalActivity = SampleType(
        "HKQuantityTypeIdentifierElectrodermalActivity", .quantity, .discreteArithmetic, unit: "S")
    /// Height.
    public static let height = SampleType("HKQuantityTypeIdentifierHeight", .quantity, .discreteArithmetic, unit: "m")
    /// Lean body mass.
    public static let leanBodyMass = SampleType(
        "HKQuantityTypeIdentifierLeanBodyMass", .quantity, .discreteArithmetic, unit: "kg")
    /// Waist circumference.
    public static let waistCircumference = SampleType(
        "HKQuantityTypeIdentifierWaistCircumference", .quantity, .discreteArithmetic, unit: "m")

    // Fitness
    /// Active energy burned above resting.
    public static let activeEnergyBurned = SampleType(
        "HKQuantityTypeIdentifierActiveEnergyBurned", .quantity, .cumulative, unit: "kcal")
    /// Apple exercise minutes.
    public static let appleExerciseTime = SampleType(
        "HKQuantityTypeIdentifierAppleExerciseTime", .quantity, .cumulative, unit: "min")
    /// Apple move minutes (move goal in time).
    public static let appleMoveTime = SampleType(
        "HKQuantityTypeIdentifierAppleMoveTime", .quantity, .cumulative, unit: "min")
    /// Apple stand minutes.
    public static let appleStandTime = SampleType(
        "HKQuantityTypeIdentifierAppleStandTime", .quantity, .cumulative, unit: "min")
    /// Resting (basal) energy burned.
    public static let basalEnergyBurned = SampleType(
        "HKQuantityTypeIdentifierBasalEnergyBurned", .quantity, .cumulative, unit: "kcal")
    /// Cross-country skiing speed.
    public static let crossCountrySkiingSpeed = SampleType(
        "HKQuantityTypeIdentifierCrossCountrySkiingSpeed", .quantity, .discreteArithmetic, unit: "m/s")
    /// Cycling cadence.
    public static let cyclingCadence = SampleType(
        "HKQuantityTypeIdentifierCyclingCadence", .quantity, .discreteArithmetic, unit: "count/min")
    /// Cycling functional threshold power.
    public static let cyclingFunctionalThresholdPower = SampleType(
        "HKQuantityTypeIdentifierCyclingFunctionalThresholdPower", .quantity, .discreteArithmetic, unit: "W")
    /// Cycling power.
    public static let cyclingPower = SampleType(
        "HKQuantityTypeIdentifierCyclingPower", .quantity, .discreteArithmetic, unit: "W")
    /// Cycling speed.
    public static let cyclingSpeed = SampleType(
        "HKQuantityTypeIdentifierCyclingSpeed", .quantity, .discreteArithmetic, unit: "m/s")
    /// Distance cross-country skiing.
    public static let distanceCrossCountrySkiing = SampleType(
        "HKQuantityTypeIdentifierDistanceCrossCountrySkiing", .quantity, .cumulative, unit: "m")
    /// Distance cycling.
    public static let distanceCycling = SampleType(
        "HKQuantityTypeIdentifierDistanceCycling", .quantity, .cumulative, unit: "m")
    /// Distance in downhill snow sports.
    public static let distanceDownhillSnowSports = SampleType(
        "HKQuantityTypeIdentifierDistanceDownhillSnowSports", .quantity, .cumulative, unit: "m")
    /// Distance in paddle sports.
    public static let distancePaddleSports = SampleType(
        "HKQuantityTypeIdentifierDistancePaddleSports", .quantity, .cumulative, unit: "m")
    /// Distance rowing.
    public static let distanceRowing = SampleType(
        "HKQuantityTypeIdentifierDistanceRowing", .quantity, .cumulative, unit: "m")
    /// Distance in skating sports.
    public static let distanceSkatingSports = SampleType(
        "HKQuantityTypeIdentifierDistanceSkatingSports", .quantity, .cumulative, unit: "m")
    /// Distance swimming.
    public static let distanceSwimming = SampleType(
        "HKQuantityTypeIdentifierDistanceSwimming", .quantity, .cumulative, unit: "m")
    /// Distance walking or running.
    public static let distanceWalkingRunning = SampleType(
        "HKQuantityTypeIdentifierDistanceWalkingRunning", .quantity, .cumulative, unit: "m")
    /// Distance by wheelchair.
    public static let distanceWheelchair = SampleType(
        "HKQuantityTypeIdentifierDistanceWheelchair", .quantity, .cumulative, unit: "m")
    /// Workout effort score Apple Watch estimates.
    public static let estimatedWorkoutEffortScore = SampleType(
        "HKQuantityTypeIdentifierEstimatedWorkoutEffortScore", .quantity, .discreteArithmetic, unit: "appleEffortScore")
    /// Flights of stairs climbed.
    public static let flightsClimbed = SampleType(
        "HKQuantityTypeIdentifierFlightsClimbed", .quantity, .cumulative, unit: "count")
    /// NikeFuel points.
    public static let nikeFuel = SampleType("HKQuantityTypeIdentifierNikeFuel", .quantity, .cumulative, unit: "count")
    /// Paddle sports speed.
    public static let paddleSportsSpeed = SampleType(
        "HKQuantityTypeIdentifierPaddleSportsSpeed", .quantity, .discreteArithmetic, unit: "m/s")
    /// Physical effort (energy rate per body mass).
    public static let physicalEffort = SampleType(
        "HKQuantityTypeIdentifierPhysicalEffort", .quantity, .discreteArithmetic, unit: "kcal/hr·kg")
    /// Wheelchair pushes.
    public static let pushCount = SampleType("HKQuantityTypeIdentifierPushCount", .quantity, .cumulative, unit: "count")
    /// Rowing speed.
    public static let rowingSpeed = SampleType(
        "HKQuantityTypeIdentifierRowingSpeed", .quantity, .discreteArithmetic, unit: "m/s")
    /// Running power.
    public static let runningPower = SampleType(
        "HKQuantityTypeIdentifierRunningPower", .quantity, .discreteArithmetic, unit: "W")
    /// Running speed.
    public static let runningSpeed = SampleType(
        "HKQuantityTypeIdentifierRunningSpeed", .quantity, .discreteArithmetic, unit: "m/s")
    /// Steps taken.
    public static let stepCount = SampleType("HKQuantityTypeIdentifierStepCount", .quantity, .cumulative, unit: "count")
    /// Swimming strokes.
    public static let swimmingStrokeCount = SampleType(
        "HKQuantityTypeIdentifierSwimmingStrokeCount", .quantity, .cumulative, unit: "count")
    /// Underwater depth.
    public static let underwaterDepth = SampleType(
        "HKQuantityTypeIdentifierUnderwaterDepth", .quantity, .discreteArithmetic, unit: "m")
    /// Workout effort score the user rated.
    public static let workoutEffortScore = SampleType(
        "HKQuantityTypeIdentifierWorkoutEffortScore", .quantity, .discreteArithmetic, unit: "appleEffortScore")

    // Hearing
    /// Environmental sound level.
    public static let environmentalAudioExposure = SampleType(
        "HKQuantityTypeIdentifierEnvironmentalAudioExposure", .quantity, .discreteEquivalentContinuousLevel,
        unit: "dBASPL")
    /// Sound reduction by hearing protection.
    public static let environmentalSoundReduction = SampleType(
        "HKQuantityTypeIdentifierEnvironmentalSoundReduction", .quantity, .discreteEquivalentContinuousLevel,
        unit: "dBASPL")
    /// Headphone audio level.
    public static let headphoneAudioExposure = SampleType(
        "HKQuantityTypeIdentifierHeadphoneAudioExposure", .quantity, .discreteEquivalentContinuousLevel, unit: "dBASPL")

    // Heart
    /// Share of time with signs of atrial fibrillation.
    public static let atrialFibrillationBurden = SampleType(
        "HKQuantityTypeIdentifierAtrialFibrillationBurden", .quantity, .discreteTemporallyWeighted, unit: "%")
    /// Heart rate.
    public static let heartRate = SampleType(
        "HKQuantityTypeIdentifierHeartRate", .quantity, .discreteTemporallyWeighted, unit: "count/min")
    /// Heart rate drop one minute after exercise.
    public static let heartRateRecoveryOneMinute = SampleType(
        "HKQuantityTypeIdentifierHeartRateRecoveryOneMinute", .quantity, .discreteArithmetic, unit: "count/min")
    /// Heart rate variability (SDNN).
    public static let heartRateVariabilitySDNN = SampleType(
        "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", .quantity, .discreteArithmetic, unit: "ms")
    /// Peripheral perfusion index.
    public static let peripheralPerfusionIndex = SampleType(
        "HKQuantityTypeIdentifierPeripheralPerfusionIndex", .quantity, .discreteArithmetic, unit: "%")
    /// Resting heart rate.
    public static let restingHeartRate = SampleType(
        "HKQuantityTypeIdentifierRestingHeartRate", .quantity, .discreteArithmetic, unit: "count/min")
    /// VO2 max (maximal oxygen uptake).
    public static let vo2Max = SampleType(
        "HKQuantityTypeIdentifierVO2Max", .quantity, .discreteArithmetic, unit: "mL/min·kg")
    /// Average heart rate while walking.
    public static let walkingHeartRateAverage = SampleType(
        "HKQuantityTypeIdentifierWalkingHeartRateAverage", .quantity, .discreteArithmetic, unit: "count/min")

    // Mobility
    /// Apple walking steadiness.
    public static let appleWalkingSteadiness = SampleType(
        "HKQuantityTypeIdentifierAppleWalkingSteadiness", .quantity, .discreteArithmetic, unit: "%")
    /// Running ground contact time.
    public static let runningGroundContactTime = SampleType(
        "HKQuantityTypeIdentifierRunningGroundContactTime", .quantity, .discreteArithmetic, unit: "ms")
    /// Running stride length.
    public static let runningStrideLength = SampleType(
        "HKQuantityTypeIdentifierRunningStrideLength", .quantity, .discreteArithmetic, unit: "m")
    /// Running vertical oscillation.
    public static let runningVerticalOscillation = SampleType(
        "HKQuantityTypeIdentifierRunningVerticalOscillation", .quantity, .discreteArithmetic, unit: "cm")
    /// Six-minute walk test distance.
    public static let sixMinuteWalkTestDistance = SampleType(
        "HKQuantityTypeIdentifierSixMinuteWalkTestDistance", .quantity, .discreteArithmetic, unit: "m")
    /// Stair ascent speed.
    public static let stairAscentSpeed = SampleType(
        "HKQuantityTypeIdentifierStairAscentSpeed", .quantity, .discreteArithmetic, unit: "m/s")
    /// Stair descent speed.
    public static let stairDescentSpeed = SampleType(
        "HKQuantityTypeIdentifierStairDescentSpeed", .quantity, .discreteArithmetic, unit: "m/s")
    /// Walking asymmetry.
    public static let walkingAsymmetryPercentage = SampleType(
        "HKQuantityTypeIdentifierWalkingAsymmetryPercentage", .quantity, .discreteArithmetic, unit: "%")
    /// Walking double support time.
    public static let walkingDoubleSupportPercentage = SampleType(
        "HKQuantityTypeIdentifierWalkingDoubleSupportPercentage", .quantity, .discreteArithmetic, unit: "%")
    /// Walking speed.
    public static let walkingSpeed = SampleType(
        "HKQuantityTypeIdentifierWalkingSpeed", .quantity, .discreteArithmetic, unit: "m/s")
    /// Walking step length.
    public static let walkingStepLength = SampleType(
        "HKQuantityTypeIdentifierWalkingStepLength", .quantity, .discreteArithmetic, unit: "m")

    // Nutrition: in SampleType+NutritionCatalog.swift

    // Other
    /// Blood alcohol content.
    public static let bloodAlcoholContent = SampleType(
        "HKQuantityTypeIdentifierBloodAlcoholContent", .quantity, .discreteArithmetic, unit: "%")
    /// Diastolic blood pressure.
    public static let bloodPressureDiastolic = SampleType(
        "HKQuantityTypeIdentifierBloodPressureDiastolic", .quantity, .discreteArithmetic, unit: "mmHg")
    /// Systolic blood pressure.
    public static let bloodPressureSystolic = SampleType(
        "HKQuantityTypeIdentifierBloodPressureSystolic", .quantity, .discreteArithmetic, unit: "mmHg")
    /// Insulin delivered.
    public static let insulinDelivery = SampleType(
        "HKQuantityTypeIdentifierInsulinDelivery", .quantity, .cumulative, unit: "IU")
    /// Alcoholic beverages consumed.
    public static let numberOfAlcoholicBeverages = SampleType(
        "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages", .quantity, .cumulative, unit: "count")
    /// Number of falls.
    public static let numberOfTimesFallen = SampleType(
        "HKQuantityTypeIdentifierNumberOfTimesFallen", .quantity, .cumulative, unit: "count")
    /// Time spent in daylight.
    public static let timeInDaylight = SampleType(
        "HKQuantityTypeIdentifierTimeInDaylight", .quantity, .cumulative, unit: "min")
    /// UV index exposure, a plain number.
    public static let uvExposure = SampleType(
        "HKQuantityTypeIdentifierUVExposure", .quantity, .discreteArithmetic, unit: "count")
    /// Water temperature.
    public static let waterTemperature = SampleType(
        "HKQuantityTypeIdentifierWaterTemperature", .quantity, .discreteArithmetic, unit: "degC")

    // Reproductive health
    /// Basal body temperature.
    public static let basalBodyTemperature = SampleType(
        "HKQuantityTypeIdentifierBasalBodyTemperature", .quantity, .discreteArithmetic, unit: "degC")

    // Respiratory
    /// Breathing disturbances during sleep.
    public static let appleSleepingBreathingDisturbances = SampleType(
        "HKQuantityTypeIdentifierAppleSleepingBreathingDisturbances", .quantity, .discreteArithmetic, unit: "count")
    /// Forced expiratory volume in one second.
    public static let forcedExpiratoryVolume1 = SampleType(
        "HKQuantityTypeIdentifierForcedExpiratoryVolume1", .quantity, .discreteArithmetic, unit: "mL")
    /// Forced vital capacity.
    public static let forcedVitalCapacity = SampleType(
        "HKQuantityTypeIdentifierForcedVitalCapacity", .quantity, .discreteArithmetic, unit: "mL")
    /// Inhaler puffs.
    public static let inhalerUsage = SampleType(
        "HKQuantityTypeIdentifierInhalerUsage", .quantity, .cumulative, unit: "count")
    /// Blood oxygen saturation.
    public static let oxygenSaturation = SampleType(
        "HKQuantityTypeIdentifierOxygenSaturation", .quantity, .discreteArithmetic, unit: "%")
    /// Peak expiratory flow rate.
    public static let peakExpiratoryFlowRate = SampleType(
        "HKQuantityTypeIdentifierPeakExpiratoryFlowRate", .quantity, .discreteArithmetic, unit: "L/min")
    /// Breaths per minute.
    public static let respiratoryRate = SampleType(
        "HKQuantityTypeIdentifierRespiratoryRate", .quantity, .discreteArithmetic, unit: "count/min")

    // Vital signs
    /// Blood glucose.
    public static let bloodGlucose = SampleType(
        "HKQuantityTypeIdentifierBloodGlucose", .quantity, .discreteArithmetic, unit: "mg/dL")
    /// Body temperature.
    public static let bodyTemperature = SampleType(
        "HKQuantityTypeIdentifierBodyTemperature", .quantity, .discreteArithmetic, unit: "degC")

    // Other data types stored as quantities
    // not confirmed: HealthKit documents neither the style nor the unit of this type.
    /// The user's sleep duration goal (`HKDataTypeSleepDurationGoal`, as in Health exports).
    public static let sleepDurationGoal = SampleType(
        "HKDataTypeSleepDurationGoal", .quantity, .discreteArithmetic, unit: "hr")

    /// Every known quantity type, in catalog order.
    static let knownQuantityTypes: [SampleType] = [
        appleSleepingWristTemperature, bodyFatPercentage, bodyMass, bodyMassIndex, electrodermalActivity,
        height, leanBodyMass, waistCircumference, activeEnergyBurned, appleExerciseTime, appleMoveTime,
        appleStandTime, basalEnergyBurned, crossCountrySkiingSpeed, cyclingCadence,
        cyclingFunctionalThresholdPower, cyclingPower, cyclingSpeed, distanceCrossCountrySkiing,
        distanceCycling, distanceDownhillSnowSports, distancePaddleSports, distanceRowing,
        distanceSkatingSports, distanceSwimming, distanceWalkingRunning, distanceWheelchair,
        estimatedWorkoutEffortScore, flightsClimbed, nikeFuel, paddleSportsSpeed, physicalEffort, pushCount,
        rowingSpeed, runningPower, runningSpeed, stepCount, swimmingStrokeCount, underwaterDepth,
        workoutEffortScore, environmentalAudioExposure, environmentalSoundReduction, headphoneAudioExposure,
        atrialFibrillationBurden, heartRate, heartRateRecoveryOneMinute, heartRateVariabilitySDNN,
        peripheralPerfusionIndex, restingHeartRate, vo2Max, walkingHeartRateAverage, appleWalkingSteadiness,
        runningGroundContactTime, runningStrideLength, runningVerticalOscillation, sixMinuteWalkTestDistance,
        stairAscentSpeed, stairDescentSpeed, walkingAsymmetryPercentage, walkingDoubleSupportPercentage,
        walkingSpeed, walkingStepLength, dietaryBiotin, dietaryCaffeine, dietaryCalcium, dietaryCarbohydrates,
        dietaryChloride, dietaryCholesterol, dietaryChromium, dietaryCopper, dietaryEnergyConsumed,
        dietaryFatMonounsaturated, dietaryFatPolyunsaturated, dietaryFatSaturated, dietaryFatTotal,
        dietaryFiber, dietaryFolate, dietaryIodine, dietaryIron, dietaryMagnesium, dietaryManganese,
        dietaryMolybdenum, dietaryNiacin, dietaryPantothenicAcid, dietaryPhosphorus, dietaryPotassium,
        dietaryProtein, dietaryRiboflavin, dietarySelenium, dietarySodium, dietarySugar, dietaryThiamin,
        dietaryVitaminA, dietaryVitaminB12, dietaryVitaminB6, dietaryVitaminC, dietaryVitaminD,
        dietaryVitaminE, dietaryVitaminK, dietaryWater, dietaryZinc, bloodAlcoholContent,
        bloodPressureDiastolic, bloodPressureSystolic, insulinDelivery, numberOfAlcoholicBeverages,
        numberOfTimesFallen, timeInDaylight, uvExposure, waterTemperature, basalBodyTemperature,
        appleSleepingBreathingDisturbances, forcedExpiratoryVolume1, forcedVitalCapacity, inhalerUsage,
        oxygenSaturation, peakExpiratoryFlowRate, respiratoryRate, bloodGlucose, bodyTemperature,
        sleepDurationGoal,
    ]
}
