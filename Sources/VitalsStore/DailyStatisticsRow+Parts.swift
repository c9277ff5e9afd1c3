package import Foundation
package import VitalsCore

extension DailyStatisticsRow {
    /// The layout version ``encode(_:)`` writes first.
    private static let partsVersion: UInt8 = 1

    /// `parts` as the `parts` column's bytes: a version byte, then little-endian 64-bit
    /// count, carried, plain sum, weight, weighted sum, the number of sources and each
    /// source's key, first instant and last value.
    package static func encode(_ parts: DiscreteParts) -> Data {
        var data = Data([partsVersion])
        data.reserveCapacity(1 + 8 * (6 + 3 * parts.instants.count))
        func append(_ bits: UInt64) {
            for index in 0..<8 { data.append(UInt8(truncatingIfNeeded: bits >> (8 * UInt64(index)))) }
        }
        append(UInt64(bitPattern: Int64(parts.count)))
        append(UInt64(bitPattern: Int64(parts.carried)))
        append(parts.plainSum.bitPattern)
        append(parts.weight.bitPattern)
        append(parts.weighted.bitPattern)
        append(UInt64(parts.instants.count))
        for instants in parts.instants {
            append(UInt64(bitPattern: instants.source))
            append(instants.first.bitPattern)
            append(instants.lastValue.bitPattern)
        }
        return data
    }

    /// The parts `encode(_:)` wrote, or `nil` for bytes it did not write (the day is then recomputed).
    package static func decode(_ data: Data) -> DiscreteParts? {
        let bytes = [UInt8](data)
        guard bytes.first == partsVersion else { return nil }
        var offset = 1
        func next() -> UInt64? {
            guard offset + 8 <= bytes.count else { return nil }
            var bits: UInt64 = 0
            for index in 0..<8 { bits |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
            offset += 8
            return bits
        }
        guard let count = next(), let carried = next(), let plainSum = next(), let weight = next(),
            let weighted = next(), let sources = next(), sources <= UInt64(bytes.count / 24)
        else { return nil }
        var parts = DiscreteParts(
            count: Int(Int64(bitPattern: count)), plainSum: Double(bitPattern: plainSum),
            weight: Double(bitPattern: weight), weighted: Double(bitPattern: weighted),
            carried: Int(Int64(bitPattern: carried)))
        for _ in 0..<sources {
            guard let source = next(), let first = next(), let lastValue = next() else { return nil }
            parts.instants.append(
                DiscreteParts.Instants(
                    source: Int64(bitPattern: source), first: Double(bitPattern: first),
                    lastValue: Double(bitPattern: lastValue)))
        }
        guard offset == bytes.count else { return nil }
        return parts
    }
}
