import Foundation

/// Apple documentation: "HKQueryAnchor". An opaque position in the store's history; archive it with secure coding.
public final class HKQueryAnchor: NSObject, NSSecureCoding, @unchecked Sendable {
    let value: Int

    init(value: Int) {
        self.value = value
        super.init()
    }

    /// Apple documentation: "NSSecureCoding" (HKQueryAnchor conforms).
    public static var supportsSecureCoding: Bool { true }

    /// Apple documentation: "NSCoding" (`encode(with:)`).
    public func encode(with coder: NSCoder) {
        coder.encode(value, forKey: "anchor")
    }

    /// Apple documentation: "NSCoding" (`init?(coder:)`).
    public init?(coder: NSCoder) {
        value = coder.decodeInteger(forKey: "anchor")
        super.init()
    }

    public override func isEqual(_ object: Any?) -> Bool { (object as? HKQueryAnchor)?.value == value }
    public override var hash: Int { value }
}
