import Foundation

/// `vitals-fuzz TARGET PATH...` without the fuzzer: replays files (or every file in folders)
/// through a target, as the corpus regression test does, and exits 1 if any broke an invariant.
///
/// Built with `-sanitize=fuzzer -DFUZZING` it hands its arguments to libFuzzer's driver
/// instead, which runs ``fuzzTestOneInput(_:_:)`` on the target `VITALS_FUZZ_TARGET` names
/// (see `scripts/fuzz.sh`). libFuzzer's own `main` cannot be used: SwiftPM links an executable
/// with `main` aliased to this module's entry point.
@main
struct VitalsFuzz {
    static func main() {
        #if FUZZING
        exit(FuzzDriver.run())
        #else
        replay()
        #endif
    }

    private static func replay() -> Never {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            FileHandle.standardError.write(Data("usage: vitals-fuzz \(names) FILE-OR-FOLDER...\n".utf8))
            exit(2)
        }
        var failures = 0
        var count = 0
        for file in arguments.dropFirst().flatMap(CorpusFiles.list) {
            count += 1
            guard let data = FileManager.default.contents(atPath: file) else {
                print("\(file): cannot be read")
                failures += 1
                continue
            }
            if let failure = target.check(data) {
                print("\(file): \(failure)")
                failures += 1
            }
        }
        print("\(target.rawValue): \(count) inputs, \(failures) failed")
        exit(failures == 0 ? 0 : 1)
    }
}
