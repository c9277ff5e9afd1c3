import Foundation

/// Apple documentation: "HKCategoryValue". The value of category types that have no values.
public enum HKCategoryValue: Int, @unchecked Sendable {
    /// Apple documentation: "HKCategoryValue.notApplicable".
    case notApplicable = 0
}
