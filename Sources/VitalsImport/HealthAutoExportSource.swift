import Foundation
import VitalsCore

/// The rule that turns Health Auto Export's `source` strings into Vitals sources.
///
/// The app sends only a display name (`"Anna's Apple Watch"`, or several joined with `|` when
/// HealthKit merged them for a period: `"Anna's Apple Watch|Anna's iPhone"`), never a bundle
/// identifier. The name is kept exactly as sent; the bundle identifier is
/// `com.healthexport.<slug>`, where the slug is the name in lower case with every run of
/// characters other than ASCII letters and digits turned into one `-` (`anna-s-apple-watch`).
/// A name with no ASCII letter or digit gets `source-` and eight hex digits of its hash. Names
/// that differ only in punctuation or case share a bundle identifier but stay distinct sources.
///
/// An item without a source (or with an empty one) gets ``fallback``: the app itself.
enum HealthAutoExportSource {
    /// The source of items that name none: Health Auto Export itself.
    static let fallback = Source(name: "Health Auto Export", bundleIdentifier: "com.lybronsobers.healthautoexport")

    /// The bundle identifier prefix of named sources.
    static let bundlePrefix = "com.healthexport."

    /// The source for the string the app sent, or ``fallback`` for nil and empty strings.
    static func source(named name: String?) -> Source {
        guard let name, !name.isEmpty else { return fallback }
        return Source(name: name, bundleIdentifier: bundlePrefix + slug(name))
    }

    /// `Anna's Apple Watch|iPhone` → `anna-s-apple-watch-iphone`.
    static func slug(_ name: String) -> String {
        var slug = ""
        var pendingDash = false
        for scalar in name.unicodeScalars {
            let lower = scalar.properties.lowercaseMapping
            if lower.unicodeScalars.count == 1, let first = lower.unicodeScalars.first,
                first.isASCII, ("a"..."z").contains(first) || ("0"..."9").contains(first)
            {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(first)
            } else {
                pendingDash = true
            }
        }
        if slug.isEmpty {
            let hash = DeterministicUUID.make(name).uuidString.lowercased().prefix(8)
            return "source-\(hash)"
        }
        return slug
    }
}

/// Caches sources by name for one parse (most documents name a handful of sources).
struct HealthAutoExportSourceCache {
    private var known: [String: Source] = [:]

    /// The source for `name`, see ``HealthAutoExportSource``.
    mutating func source(named name: String?) -> Source {
        guard let name, !name.isEmpty else { return HealthAutoExportSource.fallback }
        if let source = known[name] { return source }
        let source = HealthAutoExportSource.source(named: name)
        known[name] = source
        return source
    }
}
