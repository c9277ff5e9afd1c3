// Category types in Vitals' catalog: every HKCategoryTypeIdentifier of HealthKit's HKTypeIdentifiers.h
// (iOS 18 SDK) plus hypertensionEvent (iOS 26.2). Their values are named by ``CategoryValue``.
//
// One identifier string differs from its constant's name: HealthKit's
// HKCategoryTypeIdentifierEnvironmentalAudioExposureEvent holds "HKCategoryTypeIdentifierAudioExposureEvent"
// (the value of the older, deprecated audioExposureEvent constant), and that is what samples carry.

extension SampleType {
    // Activity
    /// Hours in which the user stood (`stood`/`idle`).
    public static let appleStandHour = SampleType("HKCategoryTypeIdentifierAppleStandHour", .category)
    /// Low walking steadiness notifications.
    public static let appleWalkingSteadinessEvent = SampleType(
        "HKCategoryTypeIdentifierAppleWalkingSteadinessEvent", .category)
    /// Low cardio fitness notifications.
    public static let lowCardioFitnessEvent = SampleType("HKCategoryTypeIdentifierLowCardioFitnessEvent", .category)

    // Hearing
    /// Loud environment notifications.
    public static let environmentalAudioExposureEvent = SampleType(
        "HKCategoryTypeIdentifierAudioExposureEvent", .category)
    /// Headphone audio exposure notifications.
    public static let headphoneAudioExposureEvent = SampleType(
        "HKCategoryTypeIdentifierHeadphoneAudioExposureEvent", .category)

    // Heart
    /// High heart rate notifications.
    public static let highHeartRateEvent = SampleType("HKCategoryTypeIdentifierHighHeartRateEvent", .category)
    // iOS 26.2. Apple documents the identifier but not its values: HKCategoryValue (0) is assumed.
    /// Hypertension notifications.
    public static let hypertensionEvent = SampleType("HKCategoryTypeIdentifierHypertensionEvent", .category)
    /// Irregular rhythm notifications.
    public static let irregularHeartRhythmEvent = SampleType(
        "HKCategoryTypeIdentifierIrregularHeartRhythmEvent", .category)
    /// Low heart rate notifications.
    public static let lowHeartRateEvent = SampleType("HKCategoryTypeIdentifierLowHeartRateEvent", .category)

    // Mindfulness and sleep
    /// Mindfulness sessions.
    public static let mindfulSession = SampleType("HKCategoryTypeIdentifierMindfulSession", .category)
    /// Sleep: in bed, awake and sleep stages (``SleepAnalysisValue``).
    public static let sleepAnalysis = SampleType("HKCategoryTypeIdentifierSleepAnalysis", .category)
    /// Breathing disturbance (sleep apnea) notifications.
    public static let sleepApneaEvent = SampleType("HKCategoryTypeIdentifierSleepApneaEvent", .category)

    // Self care
    /// Handwashing events.
    public static let handwashingEvent = SampleType("HKCategoryTypeIdentifierHandwashingEvent", .category)
    /// Toothbrushing events.
    public static let toothbrushingEvent = SampleType("HKCategoryTypeIdentifierToothbrushingEvent", .category)

    // Reproductive health
    /// Bleeding after pregnancy.
    public static let bleedingAfterPregnancy = SampleType("HKCategoryTypeIdentifierBleedingAfterPregnancy", .category)
    /// Bleeding during pregnancy.
    public static let bleedingDuringPregnancy = SampleType("HKCategoryTypeIdentifierBleedingDuringPregnancy", .category)
    /// Cervical mucus quality.
    public static let cervicalMucusQuality = SampleType("HKCategoryTypeIdentifierCervicalMucusQuality", .category)
    /// Contraceptive use.
    public static let contraceptive = SampleType("HKCategoryTypeIdentifierContraceptive", .category)
    /// Infrequent menstrual cycles.
    public static let infrequentMenstrualCycles = SampleType(
        "HKCategoryTypeIdentifierInfrequentMenstrualCycles", .category)
    /// Spotting between periods.
    public static let intermenstrualBleeding = SampleType("HKCategoryTypeIdentifierIntermenstrualBleeding", .category)
    /// Irregular menstrual cycles.
    public static let irregularMenstrualCycles = SampleType(
        "HKCategoryTypeIdentifierIrregularMenstrualCycles", .category)
    /// Lactation.
    public static let lactation = SampleType("HKCategoryTypeIdentifierLactation", .category)
    /// Menstrual flow.
    public static let menstrualFlow = SampleType("HKCategoryTypeIdentifierMenstrualFlow", .category)
    /// Ovulation test results.
    public static let ovulationTestResult = SampleType("HKCategoryTypeIdentifierOvulationTestResult", .category)
    /// Persistent spotting between periods.
    public static let persistentIntermenstrualBleeding = SampleType(
        "HKCategoryTypeIdentifierPersistentIntermenstrualBleeding", .category)
    /// Pregnancy.
    public static let pregnancy = SampleType("HKCategoryTypeIdentifierPregnancy", .category)
    /// Pregnancy test results.
    public static let pregnancyTestResult = SampleType("HKCategoryTypeIdentifierPregnancyTestResult", .category)
    /// Progesterone test results.
    public static let progesteroneTestResult = SampleType("HKCategoryTypeIdentifierProgesteroneTestResult", .category)
    /// Prolonged menstrual periods.
    public static let prolongedMenstrualPeriods = SampleType(
        "HKCategoryTypeIdentifierProlongedMenstrualPeriods", .category)
    /// Sexual activity.
    public static let sexualActivity = SampleType("HKCategoryTypeIdentifierSexualActivity", .category)

    // Symptoms
    /// Symptom: abdominal cramps, with severity.
    public static let abdominalCramps = SampleType("HKCategoryTypeIdentifierAbdominalCramps", .category)
    /// Symptom: acne, with severity.
    public static let acne = SampleType("HKCategoryTypeIdentifierAcne", .category)
    /// Appetite changes (symptom).
    public static let appetiteChanges = SampleType("HKCategoryTypeIdentifierAppetiteChanges", .category)
    /// Symptom: bladder incontinence, with severity.
    public static let bladderIncontinence = SampleType("HKCategoryTypeIdentifierBladderIncontinence", .category)
    /// Symptom: bloating, with severity.
    public static let bloating = SampleType("HKCategoryTypeIdentifierBloating", .category)
    /// Symptom: breast pain, with severity.
    public static let breastPain = SampleType("HKCategoryTypeIdentifierBreastPain", .category)
    /// Symptom: chest tightness or pain, with severity.
    public static let chestTightnessOrPain = SampleType("HKCategoryTypeIdentifierChestTightnessOrPain", .category)
    /// Symptom: chills, with severity.
    public static let chills = SampleType("HKCategoryTypeIdentifierChills", .category)
    /// Symptom: constipation, with severity.
    public static let constipation = SampleType("HKCategoryTypeIdentifierConstipation", .category)
    /// Symptom: coughing, with severity.
    public static let coughing = SampleType("HKCategoryTypeIdentifierCoughing", .category)
    /// Symptom: diarrhea, with severity.
    public static let diarrhea = SampleType("HKCategoryTypeIdentifierDiarrhea", .category)
    /// Symptom: dizziness, with severity.
    public static let dizziness = SampleType("HKCategoryTypeIdentifierDizziness", .category)
    /// Symptom: dry skin, with severity.
    public static let drySkin = SampleType("HKCategoryTypeIdentifierDrySkin", .category)
    /// Symptom: fainting, with severity.
    public static let fainting = SampleType("HKCategoryTypeIdentifierFainting", .category)
    /// Symptom: fatigue, with severity.
    public static let fatigue = SampleType("HKCategoryTypeIdentifierFatigue", .category)
    /// Symptom: fever, with severity.
    public static let fever = SampleType("HKCategoryTypeIdentifierFever", .category)
    /// Symptom: generalized body ache, with severity.
    public static let generalizedBodyAche = SampleType("HKCategoryTypeIdentifierGeneralizedBodyAche", .category)
    /// Symptom: hair loss, with severity.
    public static let hairLoss = SampleType("HKCategoryTypeIdentifierHairLoss", .category)
    /// Symptom: headache, with severity.
    public static let headache = SampleType("HKCategoryTypeIdentifierHeadache", .category)
    /// Symptom: heartburn, with severity.
    public static let heartburn = SampleType("HKCategoryTypeIdentifierHeartburn", .category)
    /// Symptom: hot flashes, with severity.
    public static let hotFlashes = SampleType("HKCategoryTypeIdentifierHotFlashes", .category)
    /// Symptom: loss of smell, with severity.
    public static let lossOfSmell = SampleType("HKCategoryTypeIdentifierLossOfSmell", .category)
    /// Symptom: loss of taste, with severity.
    public static let lossOfTaste = SampleType("HKCategoryTypeIdentifierLossOfTaste", .category)
    /// Symptom: lower back pain, with severity.
    public static let lowerBackPain = SampleType("HKCategoryTypeIdentifierLowerBackPain", .category)
    /// Symptom: memory lapse, with severity.
    public static let memoryLapse = SampleType("HKCategoryTypeIdentifierMemoryLapse", .category)
    /// Mood changes (symptom, present or not).
    public static let moodChanges = SampleType("HKCategoryTypeIdentifierMoodChanges", .category)
    /// Symptom: nausea, with severity.
    public static let nausea = SampleType("HKCategoryTypeIdentifierNausea", .category)
    /// Symptom: night sweats, with severity.
    public static let nightSweats = SampleType("HKCategoryTypeIdentifierNightSweats", .category)
    /// Symptom: pelvic pain, with severity.
    public static let pelvicPain = SampleType("HKCategoryTypeIdentifierPelvicPain", .category)
    /// Symptom: rapid, pounding or fluttering heartbeat, with severity.
    public static let rapidPoundingOrFlutteringHeartbeat = SampleType(
        "HKCategoryTypeIdentifierRapidPoundingOrFlutteringHeartbeat", .category)
    /// Symptom: runny nose, with severity.
    public static let runnyNose = SampleType("HKCategoryTypeIdentifierRunnyNose", .category)
    /// Symptom: shortness of breath, with severity.
    public static let shortnessOfBreath = SampleType("HKCategoryTypeIdentifierShortnessOfBreath", .category)
    /// Symptom: sinus congestion, with severity.
    public static let sinusCongestion = SampleType("HKCategoryTypeIdentifierSinusCongestion", .category)
    /// Symptom: skipped heartbeat, with severity.
    public static let skippedHeartbeat = SampleType("HKCategoryTypeIdentifierSkippedHeartbeat", .category)
    /// Sleep changes (symptom, present or not).
    public static let sleepChanges = SampleType("HKCategoryTypeIdentifierSleepChanges", .category)
    /// Symptom: sore throat, with severity.
    public static let soreThroat = SampleType("HKCategoryTypeIdentifierSoreThroat", .category)
    /// Symptom: vaginal dryness, with severity.
    public static let vaginalDryness = SampleType("HKCategoryTypeIdentifierVaginalDryness", .category)
    /// Symptom: vomiting, with severity.
    public static let vomiting = SampleType("HKCategoryTypeIdentifierVomiting", .category)
    /// Symptom: wheezing, with severity.
    public static let wheezing = SampleType("HKCategoryTypeIdentifierWheezing", .category)

    /// Every known category type, in catalog order.
    static let knownCategoryTypes: [SampleType] = [
        appleStandHour, appleWalkingSteadinessEvent, lowCardioFitnessEvent, environmentalAudioExposureEvent,
        headphoneAudioExposureEvent, highHeartRateEvent, hypertensionEvent, irregularHeartRhythmEvent,
        lowHeartRateEvent, mindfulSession, sleepAnalysis, sleepApneaEvent, handwashingEvent,
        toothbrushingEvent, bleedingAfterPregnancy, bleedingDuringPregnancy, cervicalMucusQuality,
        contraceptive, infrequentMenstrualCycles, intermenstrualBleeding, irregularMenstrualCycles, lactation,
        menstrualFlow, ovulationTestResult, persistentIntermenstrualBleeding, pregnancy, pregnancyTestResult,
        progesteroneTestResult, prolongedMenstrualPeriods, sexualActivity, abdominalCramps, acne,
        appetiteChanges, bladderIncontinence, bloating, breastPain, chestTightnessOrPain, chills, constipation,
        coughing, diarrhea, dizziness, drySkin, fainting, fatigue, fever, generalizedBodyAche, hairLoss,
        headache, heartburn, hotFlashes, lossOfSmell, lossOfTaste, lowerBackPain, memoryLapse, moodChanges,
        nausea, nightSweats, pelvicPain, rapidPoundingOrFlutteringHeartbeat, runnyNose, shortnessOfBreath,
        sinusCongestion, skippedHeartbeat, sleepChanges, soreThroat, vaginalDryness, vomiting, wheezing,
    ]
}
