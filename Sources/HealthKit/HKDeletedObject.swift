import Foundation

/// Apple documentation: "HKDeletedObject". A sample deleted from the store, as anchored queries report it.
public class HKDeletedObject: NSObject {
    /// Apple documentation: "uuid" (HKDeletedObject).
    public let uuid: UUID

    init(uuid: UUID) {
        self.uuid = uuid
        super.init()
    }
}
