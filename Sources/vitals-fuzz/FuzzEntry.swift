import Foundation

/// The target `LLVMFuzzerTestOneInput` runs, from `VITALS_FUZZ_TARGET` (read once).
let selectedFuzzTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["VITALS_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
        fatalError("set VITALS_FUZZ_TARGET to one of \(names) (got '\(name)')")
    }
    return target
}()

/// libFuzzer's entry: one input through the selected target; a broken invariant is a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    if let failure = selectedFuzzTarget.check(data) {
        fatalError("vitals-fuzz \(selectedFuzzTarget.rawValue): \(failure)")
    }
    return 0
}
