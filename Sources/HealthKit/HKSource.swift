import Foundation

/// Apple documentation: "HKSource". An app or device that saved samples.
public class HKSource: NSObject {
    /// Apple documentation: "name" (HKSource).
    public let name: String
    /// Apple documentation: "bundleIdentifier".
    public let bundleIdentifier: String

    init(name: String, bundleIdentifier: String) {
        self.name = name
        self.bundleIdentifier = bundleIdentifier
        super.init()
    }

    /// Apple documentation: "default()". The calling app's own source.
    public class func `default`() -> HKSource {
        let app = HealthKitSimulator.current.appSource
        return HKSource(name: app.name, bundleIdentifier: app.bundleIdentifier)
    }

    public override func isEqual(_ object: Any?) -> Bool {
        (object as? HKSource)?.bundleIdentifier == bundleIdentifier
    }

    public override var hash: Int { bundleIdentifier.hashValue }
}
