import Foundation

/// Apple documentation: "HKSourceRevision". A source at one version.
public class HKSourceRevision: NSObject {
    /// Apple documentation: "source".
    public let source: HKSource
    /// Apple documentation: "version".
    public let version: String?

    init(source: HKSource, version: String?) {
        self.source = source
        self.version = version
        super.init()
    }
}
