/// One part of a score: its points out of its maximum, or why it is missing.
///
/// A missing part never counts as zero: the score is re-weighted over the parts present, and
/// `missing` says why this one is not.
public struct InsightPart: Sendable, Hashable, Codable {
    /// The part's name (`duration`, `hrv`…).
    public var name: String
    /// Points (a sleep score part) or the weighted contribution (a readiness part); nil when missing.
    public var points: Double?
    /// The most points the part can give, or its weight.
    public var maximum: Double
    /// The input the part was computed from, in `unit`; nil when missing.
    public var value: Double?
    /// The unit of `value` and of `baseline`.
    public var unit: String
    /// What the input was held against (the usual bedtime, a 28-day mean), when it has a baseline.
    public var baseline: Baseline?
    /// The input's z-score against the baseline, for parts that use one.
    public var zScore: Double?
    /// Why the part is missing; nil when it is present.
    public var missing: String?

    /// Creates a part.
    public init(
        name: String, points: Double?, maximum: Double, value: Double?, unit: String,
        baseline: Baseline? = nil, zScore: Double? = nil, missing: String? = nil
    ) {
        self.name = name
        self.points = points
        self.maximum = maximum
        self.value = value
        self.unit = unit
        self.baseline = baseline
        self.zScore = zScore
        self.missing = missing
    }
}
