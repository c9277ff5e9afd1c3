import Foundation

extension StatisticsSeries {
    /// Each of `query`'s buckets' ``DiscreteParts`` over these points (empty unless the type is a
    /// discrete quantity), sources keyed by ``sourceKey(_:)`` so parts of different reads combine.
    public func discreteParts(_ query: StatisticsQuery) throws(VitalsError) -> [DiscreteParts] {
        let sorted = points.sorted { $0.start < $1.start }
        return try StatisticsEngine.discreteParts(query, points: sorted, sourceKeys: sourceNames.map(Self.sourceKey))
    }

    /// A source name's key in ``DiscreteParts``: the same in every read and process (64-bit FNV-1a of its UTF-8).
    public static func sourceKey(_ name: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return Int64(bitPattern: hash)
    }
}
