import Foundation

/// Apple documentation: "HKDevice". The hardware that produced a sample.
public class HKDevice: NSObject {
    /// Apple documentation: "name" (HKDevice).
    public let name: String?
    /// Apple documentation: "manufacturer".
    public let manufacturer: String?
    /// Apple documentation: "model".
    public let model: String?
    /// Apple documentation: "hardwareVersion".
    public let hardwareVersion: String?
    /// Apple documentation: "firmwareVersion".
    public let firmwareVersion: String?
    /// Apple documentation: "softwareVersion".
    public let softwareVersion: String?
    /// Apple documentation: "localIdentifier".
    public let localIdentifier: String?
    /// Apple documentation: "udiDeviceIdentifier".
    public let udiDeviceIdentifier: String?

    /// Apple documentation: "init(name:manufacturer:model:hardwareVersion:firmwareVersion:softwareVersion:localIdentifier:udiDeviceIdentifier:)".
    public init(
        name: String?, manufacturer: String?, model: String?, hardwareVersion: String?, firmwareVersion: String?,
        softwareVersion: String?, localIdentifier: String?, udiDeviceIdentifier UDIDeviceIdentifier: String?
    ) {
        self.name = name
        self.manufacturer = manufacturer
        self.model = model
        self.hardwareVersion = hardwareVersion
        self.firmwareVersion = firmwareVersion
        self.softwareVersion = softwareVersion
        self.localIdentifier = localIdentifier
        udiDeviceIdentifier = UDIDeviceIdentifier
        super.init()
    }

    /// Apple documentation: "local()". The device the app runs on.
    public class func local() -> HKDevice {
        HKDevice(
            name: "iPhone", manufacturer: "Apple Inc.", model: "iPhone", hardwareVersion: nil, firmwareVersion: nil,
            softwareVersion: nil, localIdentifier: nil, udiDeviceIdentifier: nil)
    }
}
