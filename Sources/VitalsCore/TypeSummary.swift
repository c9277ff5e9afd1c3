import Foundation

/// How many samples of a type a store holds, and over what time.
public struct TypeSummary: Sendable, Hashable {
    /// The type.
    public var type: SampleType
    /// How many samples of it (a correlation counts once, its members not apart).
    public var count: Int
    /// The earliest start.
    public var first: Date
    /// The latest end.
    public var last: Date

    /// Creates a summary.
    public init(type: SampleType, count: Int, first: Date, last: Date) {
        self.type = type
        self.count = count
        self.first = first
        self.last = last
    }
}
