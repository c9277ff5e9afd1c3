import Foundation

/// Apple documentation: "HKSample". An object with a type and a time interval.
public class HKSample: HKObject {
    /// Apple documentation: "startDate".
    public let startDate: Date
    /// Apple documentation: "endDate".
    public let endDate: Date
    /// Apple documentation: "sampleType".
    public let sampleType: HKSampleType

    init(type: HKSampleType, start: Date, end: Date, device: HKDevice?, metadata: [String: Any]?) {
        precondition(start <= end, "HKSample: the start date must not be after the end date")
        sampleType = type
        startDate = start
        endDate = end
        super.init(device: device, metadata: metadata)
    }
}
