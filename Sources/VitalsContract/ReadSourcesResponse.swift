import Foundation
import VitalsCore

/// `GET /api/v1/sources`' answer: the sources with samples (of one type when asked), in priority order.
///
/// A server keeps a sample's source by name only, so most come back with an empty bundle identifier.
public struct ReadSourcesResponse: Sendable, Hashable, Codable {
    /// Highest priority first.
    public var sources: [Source]

    public init(sources: [Source]) { self.sources = sources }
}
