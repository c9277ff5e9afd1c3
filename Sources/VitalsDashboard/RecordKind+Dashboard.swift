import VitalsInsights

extension RecordKind {
    /// The Records page's name of the kind in URLs and forms: `weight`, `nutrition`, `active-energy`, `resting-energy`.
    var pathName: String {
        switch self {
        case .weight: "weight"
        case .dietaryCalorie: "nutrition"
        case .activeEnergy: "active-energy"
        case .restingEnergy: "resting-energy"
        }
    }

    /// The kind named `pathName` in a URL or form.
    init?(pathName: String) {
        guard let kind = Self.allCases.first(where: { $0.pathName == pathName }) else { return nil }
        self = kind
    }

    /// The kinds in the order the page shows them.
    static var pageOrder: [RecordKind] { [.weight, .dietaryCalorie, .activeEnergy, .restingEnergy] }

    /// The heading of the kind's table.
    var title: String {
        switch self {
        case .weight: "Weight"
        case .dietaryCalorie: "Nutrition"
        case .activeEnergy: "Active energy"
        case .restingEnergy: "Resting energy"
        }
    }

    /// The kind's name in a sentence ("Add a weight").
    var noun: String {
        switch self {
        case .weight: "weight"
        case .dietaryCalorie: "meal or snack"
        case .activeEnergy: "active energy record"
        case .restingEnergy: "resting energy record"
        }
    }
}
