import Foundation
import VitalsCore

/// `GET /api/v1/types`' answer: each type the user has samples of, by identifier.
public struct ReadTypesResponse: Sendable, Hashable, Codable {
    /// One stored type: how many samples, and over what time.
    public struct Entry: Sendable, Hashable, Codable {
        /// The type, as its HealthKit identifier.
        public var type: SampleType
        /// How many samples of it (a correlation counts once).
        public var count: Int
        /// The earliest start.
        public var first: Date
        /// The latest end.
        public var last: Date

        public init(type: SampleType, count: Int, first: Date, last: Date) {
            self.type = type
            self.count = count
            self.first = first
            self.last = last
        }
    }

    /// The types, by identifier.
    public var types: [Entry]

    public init(types: [Entry]) { self.types = types }
}
