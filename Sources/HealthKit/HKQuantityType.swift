import Foundation

/// Apple documentation: "HKQuantityType". The type of quantity samples.
public class HKQuantityType: HKSampleType {
    /// Apple documentation: "init(_:)" (HKQuantityType). Non-failable since iOS 15.
    public convenience init(_ identifier: HKQuantityTypeIdentifier) {
        self.init(identifier: identifier.rawValue)
    }
}
