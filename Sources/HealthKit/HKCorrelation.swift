import Foundation

/// Apple documentation: "HKCorrelation". A sample grouping other samples (blood pressure, food).
public class HKCorrelation: HKSample {
    /// Apple documentation: "correlationType".
    public let correlationType: HKCorrelationType
    /// Apple documentation: "objects".
    public let objects: Set<HKSample>

    /// Apple documentation: "init(type:start:end:objects:device:metadata:)".
    public init(
        type correlationType: HKCorrelationType, start startDate: Date, end endDate: Date,
        objects: Set<HKSample>, device: HKDevice?, metadata: [String: Any]?
    ) {
        self.correlationType = correlationType
        self.objects = objects
        super.init(type: correlationType, start: startDate, end: endDate, device: device, metadata: metadata)
    }
}
