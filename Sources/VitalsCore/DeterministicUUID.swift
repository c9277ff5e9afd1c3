import Foundation

/// UUIDs derived from content, so the same record imported twice gets the same identity.
///
/// MurmurHash3 x64 128 over the bytes, with the version nibble set to 8 (custom) and the
/// RFC 4122 variant, so the result is a valid UUID that never collides with random (v4) ones
/// by construction of the version field. Stable across platforms and releases: changing it
/// would make re-imports duplicate everything.
///
/// With a time, the first 48 bits are its Unix milliseconds (as in UUIDv7) and the rest the
/// hash: records imported in time order then land next to each other in the UUID index,
/// which keeps bulk inserts fast on large exports.
public enum DeterministicUUID {
    /// The UUID for `bytes`, prefixed with `time`'s Unix milliseconds.
    public static func make(_ bytes: UnsafeRawBufferPointer, time: Date) -> UUID {
        prefixed(make(bytes), time: time)
    }

    /// `uuid` with its first 48 bits replaced by `time`'s Unix milliseconds.
    public static func prefixed(_ hashed: UUID, time: Date) -> UUID {
        let milliseconds = UInt64(max(0, min(Double(1 << 48 - 1), (time.timeIntervalSince1970 * 1000).rounded(.down))))
        var raw = hashed.uuid
        raw.0 = UInt8(truncatingIfNeeded: milliseconds >> 40)
        raw.1 = UInt8(truncatingIfNeeded: milliseconds >> 32)
        raw.2 = UInt8(truncatingIfNeeded: milliseconds >> 24)
        raw.3 = UInt8(truncatingIfNeeded: milliseconds >> 16)
        raw.4 = UInt8(truncatingIfNeeded: milliseconds >> 8)
        raw.5 = UInt8(truncatingIfNeeded: milliseconds)
        return UUID(uuid: raw)
    }

    /// The UUID for `bytes` under `seed`.
    public static func make(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0x5649_5441_4C53) -> UUID {
        var (h1, h2) = murmur128(bytes, seed: seed)
        h1 = (h1 & ~0xF000) | 0x8000  // version 8 in bits 12-15 of time_hi
        h2 = (h2 & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000  // RFC 4122 variant
        let a = h1.bigEndian, b = h2.bigEndian
        return withUnsafeBytes(of: (a, b)) { raw in
            UUID(
                uuid: (
                    raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
                    raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]
                ))
        }
    }

    /// The UUID for a string's UTF-8 bytes.
    public static func make(_ text: String, seed: UInt64 = 0x5649_5441_4C53) -> UUID {
        var copy = text
        return copy.withUTF8 { make(UnsafeRawBufferPointer($0), seed: seed) }
    }

    @inline(__always)
    private static func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { (x << r) | (x >> (64 - r)) }

    @inline(__always)
    private static func fmix(_ k: UInt64) -> UInt64 {
        var k = k
        k ^= k >> 33
        k &*= 0xFF51_AFD7_ED55_8CCD
        k ^= k >> 33
        k &*= 0xC4CE_B9FE_1A85_EC53
        k ^= k >> 33
        return k
    }

    /// MurmurHash3_x64_128 (Austin Appleby, public domain), little-endian block reads.
    static func murmur128(_ data: UnsafeRawBufferPointer, seed: UInt64) -> (UInt64, UInt64) {
        let c1: UInt64 = 0x87C3_7B91_1142_53D5
        let c2: UInt64 = 0x4CF5_AD43_2745_937F
        var h1 = seed, h2 = seed
        let length = data.count
        let blocks = length / 16
        for i in 0..<blocks {
            var k1 = UInt64(littleEndian: data.loadUnaligned(fromByteOffset: i * 16, as: UInt64.self))
            var k2 = UInt64(littleEndian: data.loadUnaligned(fromByteOffset: i * 16 + 8, as: UInt64.self))
            k1 &*= c1; k1 = rotl(k1, 31); k1 &*= c2; h1 ^= k1
            h1 = rotl(h1, 27); h1 &+= h2; h1 = h1 &* 5 &+ 0x52DC_E729
            k2 &*= c2; k2 = rotl(k2, 33); k2 &*= c1; h2 ^= k2
            h2 = rotl(h2, 31); h2 &+= h1; h2 = h2 &* 5 &+ 0x3849_5AB5
        }
        let tail = blocks * 16
        var k1: UInt64 = 0, k2: UInt64 = 0
        let rest = length & 15
        if rest > 8 {
            for j in stride(from: rest - 1, through: 8, by: -1) { k2 ^= UInt64(data[tail + j]) << (UInt64(j - 8) * 8) }
            k2 &*= c2; k2 = rotl(k2, 33); k2 &*= c1; h2 ^= k2
        }
        if rest > 0 {
            for j in stride(from: min(rest, 8) - 1, through: 0, by: -1) {
                k1 ^= UInt64(data[tail + j]) << (UInt64(j) * 8)
            }
            k1 &*= c1; k1 = rotl(k1, 31); k1 &*= c2; h1 ^= k1
        }
        h1 ^= UInt64(length); h2 ^= UInt64(length)
        h1 &+= h2; h2 &+= h1
        h1 = fmix(h1); h2 = fmix(h2)
        h1 &+= h2; h2 &+= h1
        return (h1, h2)
    }
}
