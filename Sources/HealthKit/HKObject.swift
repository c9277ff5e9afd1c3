import Foundation

/// Apple documentation: "HKObject". A piece of data in the HealthKit store: UUID, source, device, metadata.
public class HKObject: NSObject {
    /// Apple documentation: "uuid". Assigned by HealthKit when the object is created.
    public let uuid: UUID
    /// Apple documentation: "metadata".
    public let metadata: [String: Any]?
    /// Apple documentation: "device".
    public let device: HKDevice?
    /// Apple documentation: "sourceRevision". Set by HealthKit when the object is saved.
    public internal(set) var sourceRevision: HKSourceRevision

    init(device: HKDevice?, metadata: [String: Any]?) {
        uuid = UUID()
        self.device = device
        self.metadata = metadata
        sourceRevision = HKSourceRevision(source: HKSource.default(), version: nil)
        super.init()
    }

    public override func isEqual(_ object: Any?) -> Bool { (object as? HKObject)?.uuid == uuid }
    public override var hash: Int { uuid.hashValue }
}
