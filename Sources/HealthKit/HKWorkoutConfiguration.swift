import Foundation

/// Apple documentation: "HKWorkoutConfiguration". What kind of workout a builder records.
public class HKWorkoutConfiguration: NSObject {
    /// Apple documentation: "activityType".
    public var activityType: HKWorkoutActivityType = .other

    /// Apple documentation: "init()" (HKWorkoutConfiguration).
    public override init() {
        super.init()
    }
}
