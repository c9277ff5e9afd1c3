import VitalsCore

extension Source {
    /// The source the dashboard writes a store-less scope's records as (a server user's).
    ///
    /// The Records page treats its samples as local (editable); a server, which keeps sources
    /// by name only, reads its name back as this source so they stay editable there.
    public static let vitalsDashboard = Source(name: "Vitals Dashboard", bundleIdentifier: "org.vitals.dashboard")
}
