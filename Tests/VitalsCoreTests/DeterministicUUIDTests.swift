import Foundation
import Testing

@testable import VitalsCore

@Suite("Deterministic UUIDs")
struct DeterministicUUIDTests {
    func murmur(_ text: String) -> (UInt64, UInt64) {
        Array(text.utf8).withUnsafeBytes { DeterministicUUID.murmur128($0, seed: 0) }
    }

    @Test("MurmurHash3 x64 128 matches the reference vectors")
    func referenceVectors() {
        #expect(murmur("") == (0, 0))
        #expect(murmur("hello") == (0xCBD8_A7B3_41BD_9B02, 0x5B1E_906A_48AE_1D19))
        #expect(murmur("The quick brown fox jumps over the lazy dog") == (0xE34B_BC7B_BC07_1B6C, 0x7A43_3CA9_C49A_9347))
        #expect(murmur("0123456789abcdef0") == (0xEB24_AE87_85A5_C075, 0x73FB_68B3_3131_28CA))
    }

    @Test("Same content gives the same version-8 UUID; different content a different one")
    func stable() {
        let a = DeterministicUUID.make("Record|HKQuantityTypeIdentifierStepCount|2024-01-01|1")
        let b = DeterministicUUID.make("Record|HKQuantityTypeIdentifierStepCount|2024-01-01|1")
        let c = DeterministicUUID.make("Record|HKQuantityTypeIdentifierStepCount|2024-01-01|2")
        #expect(a == b && a != c)
        let text = a.uuidString
        #expect(Array(text)[14] == "8")
        #expect("89AB".contains(Array(text)[19]))
    }

    @Test("A time prefix orders UUIDs by time and keeps the content part")
    func timePrefix() {
        let content = Array("Record|steps".utf8)
        let early = content.withUnsafeBytes {
            DeterministicUUID.make($0, time: Date(timeIntervalSince1970: 1_700_000_000))
        }
        let late = content.withUnsafeBytes {
            DeterministicUUID.make($0, time: Date(timeIntervalSince1970: 1_700_000_001))
        }
        #expect(early.uuidString < late.uuidString)
        #expect(early.uuidString.hasPrefix("018BCFE5-6800"))
        #expect(early.uuidString.dropFirst(13) == late.uuidString.dropFirst(13))
        #expect(Array(early.uuidString)[14] == "8")
    }
}
