import VitalsCore

/// Why a figure has no value although data may exist: the authorization state of reading its type.
///
/// A local store answers per type (``AuthorizationStatus``) and whether it is available at all;
/// a server user's reader lets every type be read, so a server page never shows these. `partial`
/// is the page's state when some of its types may be read and others not.
enum ReadAccess: String, Sendable, Hashable {
    /// The user refused reading the type.
    case denied
    /// Nobody asked the user yet.
    case notDetermined = "not-determined"
    /// The store cannot be used on this device (or is switched off).
    case unavailable
    /// Some of the page's types may be read, others not.
    case partial

    /// The state of one unreadable type as a store reports it.
    init(status: AuthorizationStatus, isAvailable: Bool) {
        if !isAvailable { self = .unavailable } else { self = status == .notDetermined ? .notDetermined : .denied }
    }

    /// The short state a figure card shows in place of its number.
    var headline: String {
        switch self {
        case .denied: "Not allowed"
        case .notDetermined: "Not asked yet"
        case .unavailable: "Unavailable"
        case .partial: "Partly allowed"
        }
    }

    /// What applies to the figure `label` and what to do about it.
    func advice(for label: String) -> String {
        switch self {
        case .denied:
            "Vitals may not read \(label): allow it in Settings → Health → Data Access & Devices → Vitals."
        case .notDetermined:
            "Vitals has not been allowed to read \(label) yet: allow it when Vitals asks, or in Settings → Health → Data Access & Devices → Vitals."
        case .unavailable:
            "Health data is not available on this device, so Vitals cannot read \(label)."
        case .partial:
            "Vitals may read only part of \(label): allow the rest in Settings → Health → Data Access & Devices → Vitals."
        }
    }
}
