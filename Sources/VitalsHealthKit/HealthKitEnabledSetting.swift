import Foundation
import VitalsCore

/// The `enableHealthKit` opt-out setting: where it is read from and written to. Default on.
public struct HealthKitEnabledSetting: Sendable {
    /// The key an app's `Settings.enableHealthKit` uses, so both read the same setting.
    public static let defaultKey = "enableHealthKit"
    private let read: @Sendable () -> Bool?
    private let write: @Sendable (Bool) -> Void

    /// A setting kept wherever the two closures say; `read` returns nil when never set.
    public init(read: @escaping @Sendable () -> Bool?, write: @escaping @Sendable (Bool) -> Void) {
        self.read = read
        self.write = write
    }

    /// The setting in `UserDefaults` (the standard suite unless `suiteName` is given), as `@AppStorage` keeps it.
    public static func userDefaults(suiteName: String? = nil, key: String = defaultKey) -> HealthKitEnabledSetting {
        @Sendable func defaults() -> UserDefaults { suiteName.flatMap(UserDefaults.init(suiteName:)) ?? .standard }
        return HealthKitEnabledSetting(
            read: { defaults().object(forKey: key) as? Bool },
            write: { defaults().set($0, forKey: key) })
    }

    /// A setting held in memory only (previews, tests).
    public static func inMemory(_ initial: Bool? = nil) -> HealthKitEnabledSetting {
        let value = Locked<Bool?>(initial)
        return HealthKitEnabledSetting(read: { value.withLock { $0 } }, write: { new in value.withLock { $0 = new } })
    }

    /// Whether HealthKit is enabled: the stored value, or true when the user never changed it.
    public var isEnabled: Bool { read() ?? true }

    /// Stores the user's choice.
    public func setEnabled(_ enabled: Bool) { write(enabled) }
}
