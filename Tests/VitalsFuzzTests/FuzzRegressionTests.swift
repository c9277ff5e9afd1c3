import Foundation
import Testing

@testable import vitals_fuzz

/// The inputs the fuzzers found (`Tests/Fuzz/regressions/TARGET/`), replayed through their
/// targets: each must now be a clean outcome (read, or refused with a located error).
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    @Test("Every input a fuzzer found keeps its target's invariants", arguments: FuzzTarget.allCases)
    func regressions(_ target: FuzzTarget) throws {
        for file in FuzzFiles.files("regressions", target) {
            let data = try #require(FileManager.default.contents(atPath: file), "\(file) cannot be read")
            let failure = target.check(data)
            #expect(failure == nil, "\(file): \(failure ?? "")")
        }
    }
}
