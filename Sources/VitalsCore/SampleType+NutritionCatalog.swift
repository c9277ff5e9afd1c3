// Dietary quantity types of Vitals' catalog (the Nutrition group of HKTypeIdentifiers.h), split from
// SampleType+QuantityCatalog.swift, whose header says where the catalog comes from. Every dietary
// mass is stored in grams.

extension SampleType {
    /// Dietary biotin consumed.
    public static let dietaryBiotin = SampleType(
        "HKQuantityTypeIdentifierDietaryBiotin", .quantity, .cumulative, unit: "g")
    /// Dietary caffeine consumed.
    public static let dietaryCaffeine = SampleType(
        "HKQuantityTypeIdentifierDietaryCaffeine", .quantity, .cumulative, unit: "g")
    /// Dietary calcium consumed.
    public static let dietaryCalcium = SampleType(
        "HKQuantityTypeIdentifierDietaryCalcium", .quantity, .cumulative, unit: "g")
    /// Dietary carbohydrates consumed.
    public static let dietaryCarbohydrates = SampleType(
        "HKQuantityTypeIdentifierDietaryCarbohydrates", .quantity, .cumulative, unit: "g")
    /// Dietary chloride consumed.
    public static let dietaryChloride = SampleType(
        "HKQuantityTypeIdentifierDietaryChloride", .quantity, .cumulative, unit: "g")
    /// Dietary cholesterol consumed.
    public static let dietaryCholesterol = SampleType(
        "HKQuantityTypeIdentifierDietaryCholesterol", .quantity, .cumulative, unit: "g")
    /// Dietary chromium consumed.
    public static let dietaryChromium = SampleType(
        "HKQuantityTypeIdentifierDietaryChromium", .quantity, .cumulative, unit: "g")
    /// Dietary copper consumed.
    public static let dietaryCopper = SampleType(
        "HKQuantityTypeIdentifierDietaryCopper", .quantity, .cumulative, unit: "g")
    /// Dietary energy consumed.
    public static let dietaryEnergyConsumed = SampleType(
        "HKQuantityTypeIdentifierDietaryEnergyConsumed", .quantity, .cumulative, unit: "kcal")
    /// Dietary monounsaturated fat consumed.
    public static let dietaryFatMonounsaturated = SampleType(
        "HKQuantityTypeIdentifierDietaryFatMonounsaturated", .quantity, .cumulative, unit: "g")
    /// Dietary polyunsaturated fat consumed.
    public static let dietaryFatPolyunsaturated = SampleType(
        "HKQuantityTypeIdentifierDietaryFatPolyunsaturated", .quantity, .cumulative, unit: "g")
    /// Dietary saturated fat consumed.
    public static let dietaryFatSaturated = SampleType(
        "HKQuantityTypeIdentifierDietaryFatSaturated", .quantity, .cumulative, unit: "g")
    /// Dietary total fat consumed.
    public static let dietaryFatTotal = SampleType(
        "HKQuantityTypeIdentifierDietaryFatTotal", .quantity, .cumulative, unit: "g")
    /// Dietary fiber consumed.
    public static let dietaryFiber = SampleType(
        "HKQuantityTypeIdentifierDietaryFiber", .quantity, .cumulative, unit: "g")
    /// Dietary folate consumed.
    public static let dietaryFolate = SampleType(
        "HKQuantityTypeIdentifierDietaryFolate", .quantity, .cumulative, unit: "g")
    /// Dietary iodine consumed.
    public static let dietaryIodine = SampleType(
        "HKQuantityTypeIdentifierDietaryIodine", .quantity, .cumulative, unit: "g")
    /// Dietary iron consumed.
    public static let dietaryIron = SampleType("HKQuantityTypeIdentifierDietaryIron", .quantity, .cumulative, unit: "g")
    /// Dietary magnesium consumed.
    public static let dietaryMagnesium = SampleType(
        "HKQuantityTypeIdentifierDietaryMagnesium", .quantity, .cumulative, unit: "g")
    /// Dietary manganese consumed.
    public static let dietaryManganese = SampleType(
        "HKQuantityTypeIdentifierDietaryManganese", .quantity, .cumulative, unit: "g")
    /// Dietary molybdenum consumed.
    public static let dietaryMolybdenum = SampleType(
        "HKQuantityTypeIdentifierDietaryMolybdenum", .quantity, .cumulative, unit: "g")
    /// Dietary niacin consumed.
    public static let dietaryNiacin = SampleType(
        "HKQuantityTypeIdentifierDietaryNiacin", .quantity, .cumulative, unit: "g")
    /// Dietary pantothenic acid consumed.
    public static let dietaryPantothenicAcid = SampleType(
        "HKQuantityTypeIdentifierDietaryPantothenicAcid", .quantity, .cumulative, unit: "g")
    /// Dietary phosphorus consumed.
    public static let dietaryPhosphorus = SampleType(
        "HKQuantityTypeIdentifierDietaryPhosphorus", .quantity, .cumulative, unit: "g")
    /// Dietary potassium consumed.
    public static let dietaryPotassium = SampleType(
        "HKQuantityTypeIdentifierDietaryPotassium", .quantity, .cumulative, unit: "g")
    /// Dietary protein consumed.
    public static let dietaryProtein = SampleType(
        "HKQuantityTypeIdentifierDietaryProtein", .quantity, .cumulative, unit: "g")
    /// Dietary riboflavin consumed.
    public static let dietaryRiboflavin = SampleType(
        "HKQuantityTypeIdentifierDietaryRiboflavin", .quantity, .cumulative, unit: "g")
    /// Dietary selenium consumed.
    public static let dietarySelenium = SampleType(
        "HKQuantityTypeIdentifierDietarySelenium", .quantity, .cumulative, unit: "g")
    /// Dietary sodium consumed.
    public static let dietarySodium = SampleType(
        "HKQuantityTypeIdentifierDietarySodium", .quantity, .cumulative, unit: "g")
    /// Dietary sugar consumed.
    public static let dietarySugar = SampleType(
        "HKQuantityTypeIdentifierDietarySugar", .quantity, .cumulative, unit: "g")
    /// Dietary thiamin consumed.
    public static let dietaryThiamin = SampleType(
        "HKQuantityTypeIdentifierDietaryThiamin", .quantity, .cumulative, unit: "g")
    /// Dietary vitamin A consumed.
    public static let dietaryVitaminA = SampleType(
        "HKQuantityTypeIdentifierDietaryVitaminA", .quantity, .cumulative, unit: "g")
    /// Dietary vitamin B12 consumed.
    public static let dietaryVitaminB12 = SampleType(
        "HKQuantityTypeIdentifierDietaryVitaminB12", .quantity, .cumulative, unit: "g")
    /// Dietary vitamin B6 consumed.
    public static let dietaryVitaminB6 = SampleType(
        "HKQuantityTypeIdentifierDietaryVitaminB6", .quantity, .cumulative, unit: "g")
    /// Dietary vitamin C consumed.
    public static let dietaryVitaminC = SampleType(
        "HKQuantityTypeIdentifierDietaryVitaminC", .quantity, .cumulative, unit: "g")
    /// Dietary vitamin D consumed.
    public static let dietaryVitaminD = SampleType(
        "HKQuantityTypeIdentifierDietaryVitaminD", .quantity, .cumulative, unit: "g")
    /// Dietary vitamin E consumed.
    public static let dietaryVitaminE = SampleType(
        "HKQuantityTypeIdentifierDietaryVitaminE", .quantity, .cumulative, unit: "g")
    /// Dietary vitamin K consumed.
    public static let dietaryVitaminK = SampleType(
        "HKQuantityTypeIdentifierDietaryVitaminK", .quantity, .cumulative, unit: "g")
    /// Dietary water consumed.
    public static let dietaryWater = SampleType(
        "HKQuantityTypeIdentifierDietaryWater", .quantity, .cumulative, unit: "mL")
    /// Dietary zinc consumed.
    public static let dietaryZinc = SampleType("HKQuantityTypeIdentifierDietaryZinc", .quantity, .cumulative, unit: "g")
}
