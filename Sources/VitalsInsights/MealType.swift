import Foundation

/// Which meal a time of day belongs to.
///
/// Windows are half-open in local wall-clock time, like every Vitals range: breakfast
/// `[05:00, 10:00)`, lunch `[11:00, 14:00)`, dinner `[17:00, 21:00)`, and snack at every other
/// time. So 10:00, 14:00 and 21:00 are snacks; 05:00, 11:00 and 17:00 start their meals.
public enum MealType: String, Sendable, Hashable, CaseIterable, Codable {
    case breakfast
    case lunch
    case dinner
    case snack

    /// The meal's window in minutes after local midnight, half-open; `nil` for snacks (every other time).
    public var window: Range<Int>? {
        switch self {
        case .breakfast: 300..<600
        case .lunch: 660..<840
        case .dinner: 1020..<1260
        case .snack: nil
        }
    }

    /// `Breakfast`, `Lunch`, `Dinner`, `Snack`.
    public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The meal of a local time given as minutes after midnight (0..<1440).
    public init(minuteOfDay minute: Int) {
        self = Self.allCases.first { $0.window?.contains(minute) ?? false } ?? .snack
    }

    /// The meal of `date` on the wall clock of `calendar`'s time zone.
    public init(date: Date, calendar: Calendar) {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        self.init(minuteOfDay: (parts.hour ?? 0) * 60 + (parts.minute ?? 0))
    }
}
