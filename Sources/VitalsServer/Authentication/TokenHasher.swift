import Crypto
import Foundation

/// API tokens: 256 random bits shown once, kept only as SHA-256 hashes.
public enum TokenHasher {
    /// The prefix that makes a Vitals token recognisable in a secret scanner.
    public static let prefix = "vt_"

    /// A new random token: `vt_` and 64 hex digits (256 bits from the system's CSPRNG).
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return prefix + hex(bytes)
    }

    /// `count` random bytes from the system's CSPRNG, as hex (session ids, form tokens).
    static func randomHex(bytes count: Int = 32) -> String {
        var generator = SystemRandomNumberGenerator()
        return hex((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// Whether two secrets are equal, in a time that depends only on their lengths.
    static func constantTimeEquals(_ left: String, _ right: String) -> Bool {
        let (a, b) = (Array(left.utf8), Array(right.utf8))
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// The hex SHA-256 of a token, as stored.
    public static func hash(_ token: String) -> String {
        hex(Array(SHA256.hash(data: Data(token.utf8))))
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
