import Foundation
import VitalsCore

extension ServerConfiguration {
    /// The settings ``validate()`` checks, each with the property it names.
    public enum Setting: String, Sendable, CaseIterable {
        case port, maximumBodyBytes, maximumIngestBytes, maximumImportBytes, dashboardSessionLifetime
        case corsOrigins, rateLimitPerSecond, rateLimitBurst, clientTimeout, maximumHeaderBytes
        case maximumHeaderCount, maximumConcurrentLargeBodies, largeBodyBytes, tokenCacheSeconds
        case ingestLogRetentionDays, metricsToken
    }

    /// Checks every setting; throws for the first one out of range.
    ///
    /// The error is `invalidInput`, its location's `field` the ``Setting``'s raw value (the
    /// property's name), its message what the value must be ("must be 0 to 65535"), without the
    /// value: a metrics token is a secret. `vitals serve` turns the field into its flag.
    public func validate() throws(VitalsError) {
        func require(_ condition: Bool, _ setting: Setting, _ requirement: String) throws(VitalsError) {
            guard condition else {
                throw VitalsError(.invalidInput, requirement, at: InputLocation(field: setting.rawValue))
            }
        }
        try require((0...65535).contains(port), .port, "must be 0 to 65535")
        try require(maximumBodyBytes > 0, .maximumBodyBytes, "must be positive")
        try require(maximumIngestBytes > 0, .maximumIngestBytes, "must be positive")
        try require(maximumImportBytes > 0, .maximumImportBytes, "must be positive")
        try require(
            (3600...8760 * 3600).contains(dashboardSessionLifetime), .dashboardSessionLifetime,
            "must be 1 hour to 8760 hours (a year)")
        for origin in corsOrigins {
            try require(
                Self.isOrigin(origin), .corsOrigins,
                "\(origin) is not an origin like https://app.example.com (no path)")
        }
        try require(
            rateLimitPerSecond >= 0 && rateLimitPerSecond.isFinite, .rateLimitPerSecond,
            "must be 0 (off) or positive")
        try require(rateLimitBurst >= 1, .rateLimitBurst, "must be at least 1")
        try require(clientTimeout > 0 && clientTimeout <= 3600, .clientTimeout, "must be above 0 and at most 3600")
        try require(maximumHeaderBytes >= 1024, .maximumHeaderBytes, "must be at least 1024")
        try require(maximumHeaderCount >= 10, .maximumHeaderCount, "must be at least 10")
        try require(maximumConcurrentLargeBodies >= 1, .maximumConcurrentLargeBodies, "must be at least 1")
        try require(largeBodyBytes > 0, .largeBodyBytes, "must be positive")
        try require(tokenCacheSeconds >= 0 && tokenCacheSeconds.isFinite, .tokenCacheSeconds, "must be 0 or positive")
        try require(ingestLogRetentionDays >= 1, .ingestLogRetentionDays, "must be at least 1")
        try require(metricsToken.map { $0.count >= 16 } ?? true, .metricsToken, "must be at least 16 characters")
    }

    /// Whether `text` is a web origin: http or https, a host, maybe a port, nothing after.
    static func isOrigin(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme) else {
            return false
        }
        return url.host != nil && url.path.isEmpty && url.query == nil && url.fragment == nil
    }
}
