import Foundation

/// Apple documentation: "HKCategoryType". The type of category samples.
public class HKCategoryType: HKSampleType {
    /// Apple documentation: "init(_:)" (HKCategoryType). Non-failable since iOS 15.
    public convenience init(_ identifier: HKCategoryTypeIdentifier) {
        self.init(identifier: identifier.rawValue)
    }
}
