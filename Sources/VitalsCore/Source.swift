import Foundation

/// The app or device that saved a sample (`HKSource`): a name and a bundle identifier.
public struct Source: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The name people see, such as "Anna's Apple Watch" or "Meditation Timer".
    public var name: String
    /// The bundle identifier, such as `com.apple.health.7F3A...` or `com.example.app`.
    public var bundleIdentifier: String

    /// Creates a source.
    public init(name: String, bundleIdentifier: String) {
        self.name = name
        self.bundleIdentifier = bundleIdentifier
    }

    /// Whether this source is the app `bundleIdentifier` or one of its extensions
    /// (`com.x.app.widget`, `com.x.app.watchkitapp`), the way HealthKit apps scope "this app".
    public func belongs(toApp bundleIdentifier: String) -> Bool {
        self.bundleIdentifier == bundleIdentifier
            || self.bundleIdentifier.hasPrefix(bundleIdentifier + ".")
    }

    public var description: String { "\(name) (\(bundleIdentifier))" }
}

/// Which sources a query reads from.
public enum SourceFilter: Sendable, Hashable {
    /// Every source: the result may mix apps and devices.
    case all
    /// Exactly one bundle identifier.
    case source(bundleIdentifier: String)
    /// An app and its extensions: `com.x.app`, `com.x.app.widget`, `com.x.app.watchkitapp`.
    case app(bundleIdentifier: String)

    /// Whether a sample from `source` passes this filter.
    public func matches(_ source: Source) -> Bool {
        switch self {
        case .all: true
        case .source(let id): source.bundleIdentifier == id
        case .app(let id): source.belongs(toApp: id)
        }
    }

    /// Whether results may come from more than one source (the UI should say so).
    public var mayMixSources: Bool {
        if case .all = self { return true }
        return false
    }
}

/// The hardware that produced a sample (`HKDevice`). Every field is optional, as in HealthKit.
public struct Device: Sendable, Hashable, Codable {
    public var name: String?
    public var manufacturer: String?
    public var model: String?
    public var hardwareVersion: String?
    public var firmwareVersion: String?
    public var softwareVersion: String?
    public var localIdentifier: String?
    public var udiDeviceIdentifier: String?

    /// Creates a device description.
    public init(
        name: String? = nil, manufacturer: String? = nil, model: String? = nil,
        hardwareVersion: String? = nil, firmwareVersion: String? = nil,
        softwareVersion: String? = nil, localIdentifier: String? = nil,
        udiDeviceIdentifier: String? = nil
    ) {
        self.name = name
        self.manufacturer = manufacturer
        self.model = model
        self.hardwareVersion = hardwareVersion
        self.firmwareVersion = firmwareVersion
        self.softwareVersion = softwareVersion
        self.localIdentifier = localIdentifier
        self.udiDeviceIdentifier = udiDeviceIdentifier
    }

    /// Whether the device calls itself a watch (name or model), which gives it top priority.
    public var isWatch: Bool { mentions("watch") }
    /// Whether the device calls itself an iPhone (name or model).
    public var isPhone: Bool { mentions("iphone") }

    private func mentions(_ word: String) -> Bool {
        [name, model].contains { $0?.lowercased().contains(word) ?? false }
    }
}

extension Source {
    /// The app `vitals` writes as (its logging methods, a local store's default app): `Vitals`, `dev.vitals.cli`.
    public static let vitals = Source(name: "Vitals", bundleIdentifier: "dev.vitals.cli")
}
