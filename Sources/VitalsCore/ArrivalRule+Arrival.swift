import Foundation

extension ArrivalRule {
    /// What the rule decided for one arriving sample.
    public enum Verdict: Sendable, Hashable {
        /// Store it: new, or stored already under its UUID (the store skips it).
        case store
        /// Store it as the latest value of the measurement whose stored samples it replaces.
        case revision
        /// Store it: the stored measurement with its value, under the source string sent now,
        /// which replaces the stored one (re-sent, not a new value).
        case restated
        /// Do not store it: the same measurement is stored already or earlier in the batch.
        case resent
    }

    /// The parts of a sample the rule compares.
    public struct Arrival: Sendable, Hashable {
        public var uuid: UUID
        /// The type's identifier.
        public var type: String
        public var start: Date
        public var end: Date
        /// In the type's canonical unit (a category's raw value).
        public var value: Double
        /// The source's name as sent.
        public var source: String
        /// Whether it is a report: a part of an aggregated night or a period's total (see
        /// ``ArrivalRule``'s reports).
        public var replacesOverlapping: Bool

        /// Creates the rule's view of a sample.
        public init(
            uuid: UUID, type: String, start: Date, end: Date, value: Double, source: String,
            replacesOverlapping: Bool = false
        ) {
            self.uuid = uuid
            self.type = type
            self.start = start
            self.end = end
            self.value = value
            self.source = source
            self.replacesOverlapping = replacesOverlapping
        }
    }
}
