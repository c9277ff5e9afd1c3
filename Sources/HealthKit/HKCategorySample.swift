import Foundation

/// Apple documentation: "HKCategorySample". A sample holding one value of a category type.
public class HKCategorySample: HKSample {
    /// Apple documentation: "categoryType".
    public let categoryType: HKCategoryType
    /// Apple documentation: "value" (HKCategorySample).
    public let value: Int

    init(categoryType: HKCategoryType, value: Int, start: Date, end: Date, device: HKDevice?, metadata: [String: Any]?)
    {
        self.categoryType = categoryType
        self.value = value
        super.init(type: categoryType, start: start, end: end, device: device, metadata: metadata)
    }

    /// Apple documentation: "init(type:value:start:end:)".
    public convenience init(type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date) {
        self.init(categoryType: type, value: value, start: startDate, end: endDate, device: nil, metadata: nil)
    }

    /// Apple documentation: "init(type:value:start:end:device:metadata:)".
    public convenience init(
        type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date,
        device: HKDevice?, metadata: [String: Any]?
    ) {
        self.init(categoryType: type, value: value, start: startDate, end: endDate, device: device, metadata: metadata)
    }
}
