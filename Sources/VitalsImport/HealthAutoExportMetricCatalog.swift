import VitalsCore

/// How one Health Auto Export metric name is imported.
///
/// Names are the app's snake_case metric names, as its REST API export and its own reference
/// server (`HealthyApps/health-auto-export-server`, `MetricName`) spell them, plus spellings seen
/// in other exports (`water`, `push_count`, `walking_heart_rate_average`...) as aliases.
enum HealthAutoExportMetric: Sendable {
    /// `{qty, date, source}` items: one quantity sample of this type per item.
    case quantity(SampleType)
    /// `{Min, Avg, Max, date, source}` items: one heart rate sample per item (Avg).
    case heartRate
    /// `{systolic, diastolic, date, source}` items: one blood pressure correlation per item.
    case bloodPressure
    /// `{qty, date, mealTime}` items: blood glucose with HealthKit's meal time metadata.
    case bloodGlucose
    /// `{qty, date, reason}` items: insulin delivery with HealthKit's basal/bolus reason.
    case insulinDelivery
    /// Aggregated nights or unaggregated stage items: sleep analysis category samples.
    case sleepAnalysis
    /// `{qty, date}` items with qty in minutes: mindful session category samples.
    case mindfulMinutes
    /// `{qty, date}` counts of stood hours: `appleStandHour` samples (``HealthAutoExportReader/readStandHours(_:name:items:)``).
    case standHours
    /// Known to the app but not imported, with the reason reported in the batch.
    case unsupported(String)

    /// The handling of metric `name`; nil for names Vitals does not know.
    static func named(_ name: String) -> HealthAutoExportMetric? {
        switch name {
        case "heart_rate": return .heartRate
        case "blood_pressure": return .bloodPressure
        case "blood_glucose": return .bloodGlucose
        case "insulin_delivery": return .insulinDelivery
        case "sleep_analysis": return .sleepAnalysis
        case "mindful_minutes": return .mindfulMinutes
        case "apple_stand_hour": return .standHours
        case "sexual_activity":
            return .unsupported("sexual activity arrives as counts per period, not as events")
        case "handwashing", "toothbrushing":
            return .unsupported("hygiene events arrive as counts per period, not as events")
        default:
            return quantityTypes[name].map { .quantity($0) }
        }
    }

    /// Metric names whose items are plain `{qty, date}` quantities, and their HealthKit types.
    static let quantityTypes: [String: SampleType] = [
        // Activity
        "active_energy": .activeEnergyBurned, "basal_energy_burned": .basalEnergyBurned,
        "apple_exercise_time": .appleExerciseTime, "apple_move_time": .appleMoveTime,
        "apple_stand_time": .appleStandTime, "step_count": .stepCount, "flights_climbed": .flightsClimbed,
        "walking_running_distance": .distanceWalkingRunning, "cycling_distance": .distanceCycling,
        "swimming_distance": .distanceSwimming, "wheelchair_distance": .distanceWheelchair,
        "downhill_snow_sports": .distanceDownhillSnowSports,
        "distance_downhill_snow_sports": .distanceDownhillSnowSports,
        "wheelchair_push_count": .pushCount, "push_count": .pushCount,
        "swim_stroke_count": .swimmingStrokeCount, "swimming_stroke_count": .swimmingStrokeCount,
        "vo2_max": .vo2Max, "physical_effort": .physicalEffort, "time_in_daylight": .timeInDaylight,
        "cycling_cadence": .cyclingCadence, "cycling_functional_threshold_power": .cyclingFunctionalThresholdPower,
        "cycling_power": .cyclingPower, "cycling_speed": .cyclingSpeed,
        "running_power": .runningPower, "running_speed": .runningSpeed,
        "running_ground_contact_time": .runningGroundContactTime, "running_stride_length": .runningStrideLength,
        "running_vertical_oscillation": .runningVerticalOscillation,
        // Body
        "height": .height, "weight_body_mass": .bodyMass, "waist_circumference": .waistCircumference,
        "body_fat_percentage": .bodyFatPercentage, "body_mass_index": .bodyMassIndex,
        "lean_body_mass": .leanBodyMass, "body_temperature": .bodyTemperature,
        "basal_body_temperature": .basalBodyTemperature,
        "apple_sleeping_wrist_temperature": .appleSleepingWristTemperature,
        // Heart
        "resting_heart_rate": .restingHeartRate, "heart_rate_variability": .heartRateVariabilitySDNN,
        "cardio_recovery": .heartRateRecoveryOneMinute, "walking_heart_rate": .walkingHeartRateAverage,
        "walking_heart_rate_average": .walkingHeartRateAverage, "atrial_fibrillation_burden": .atrialFibrillationBurden,
        // Mobility
        "walking_speed": .walkingSpeed, "walking_step_length": .walkingStepLength,
        "walking_asymmetry_percentage": .walkingAsymmetryPercentage,
        "walking_double_support_percentage": .walkingDoubleSupportPercentage,
        "six_minute_walking_test_distance": .sixMinuteWalkTestDistance,
        "stair_speed_up": .stairAscentSpeed, "stair_speed_down": .stairDescentSpeed,
        // Respiratory
        "respiratory_rate": .respiratoryRate, "blood_oxygen_saturation": .oxygenSaturation,
        "forced_expiratory_volume": .forcedExpiratoryVolume1, "forced_vital_capacity": .forcedVitalCapacity,
        "peak_expiratory_flow_rate": .peakExpiratoryFlowRate, "peripheral_perfusion_index": .peripheralPerfusionIndex,
        "inhaler_usage": .inhalerUsage, "breathing_disturbances": .appleSleepingBreathingDisturbances,
        // Environment and other
        "environmental_audio": .environmentalAudioExposure, "environmental_audio_exposure": .environmentalAudioExposure,
        "headphone_audio": .headphoneAudioExposure, "headphone_audio_exposure": .headphoneAudioExposure,
        "uv_exposure": .uvExposure, "under_water_depth": .underwaterDepth, "under_water_temperature": .waterTemperature,
        "electrodermal_activity": .electrodermalActivity, "blood_alcohol_content": .bloodAlcoholContent,
        "number_of_time_fallen": .numberOfTimesFallen, "number_of_times_fallen": .numberOfTimesFallen,
        "number_of_alcoholic_beverages": .numberOfAlcoholicBeverages,
        // Nutrition
        "dietary_energy": .dietaryEnergyConsumed, "dietary_water": .dietaryWater, "water": .dietaryWater,
        "dietary_sugar": .dietarySugar, "carbohydrates": .dietaryCarbohydrates, "protein": .dietaryProtein,
        "total_fat": .dietaryFatTotal, "saturated_fat": .dietaryFatSaturated,
        "monosaturated_fat": .dietaryFatMonounsaturated, "monounsaturated_fat": .dietaryFatMonounsaturated,
        "polyunsaturated_fat": .dietaryFatPolyunsaturated, "cholesterol": .dietaryCholesterol,
        "fiber": .dietaryFiber, "caffeine": .dietaryCaffeine, "sodium": .dietarySodium,
        "potassium": .dietaryPotassium, "calcium": .dietaryCalcium, "chloride": .dietaryChloride,
        "iron": .dietaryIron, "magnesium": .dietaryMagnesium, "phosphorus": .dietaryPhosphorus,
        "zinc": .dietaryZinc, "copper": .dietaryCopper, "manganese": .dietaryManganese,
        "selenium": .dietarySelenium, "chromium": .dietaryChromium, "molybdenum": .dietaryMolybdenum,
        "iodine": .dietaryIodine, "biotin": .dietaryBiotin, "folate": .dietaryFolate, "niacin": .dietaryNiacin,
        "pantothenic_acid": .dietaryPantothenicAcid, "riboflavin": .dietaryRiboflavin, "thiamin": .dietaryThiamin,
        "vitamin_a": .dietaryVitaminA, "vitamin_b6": .dietaryVitaminB6, "vitamin_b12": .dietaryVitaminB12,
        "vitamin_c": .dietaryVitaminC, "vitamin_d": .dietaryVitaminD, "vitamin_e": .dietaryVitaminE,
        "vitamin_k": .dietaryVitaminK,
    ]

    /// Sections of `data` besides metrics and workouts that the app can send and Vitals has no
    /// sample type for, and why they are not imported (`symptoms` and `heartRateNotifications`
    /// are stored: see `HealthAutoExportReader+Sections`).
    static let otherSections: [String: String] = [
        "stateOfMind": "state of mind entries are not imported: Vitals has no type for HKStateOfMind",
        "medications": "medication records are not imported: Vitals has no type for medication doses",
        "cycleTracking": "cycle tracking entries are not imported: their format is not documented",
        "ecg": "ECG recordings are not imported: Vitals has no type for HKElectrocardiogram",
    ]
}
