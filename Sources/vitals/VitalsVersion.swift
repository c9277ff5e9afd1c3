/// The version `vitals --version` prints: the release number and the commit it was built from.
enum VitalsVersion {
    /// The release number (semantic versioning).
    static let number = "0.1.0"

    /// The commit the binary was built from, or nil for a development build.
    ///
    /// `scripts/release.sh` builds from a clean copy of a commit and writes its hash here, in
    /// that copy only; `swift build` in a clone leaves it nil.
    static let commit: String? = nil

    /// What `vitals --version` prints, e.g. `0.1.0 (commit 6df991e1a2b3)`.
    static var text: String {
        "\(number) (\(commit.map { "commit \($0)" } ?? "development build, commit not recorded"))"
    }
}
