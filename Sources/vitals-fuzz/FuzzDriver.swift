import Foundation

#if FUZZING
/// libFuzzer's driver (`LLVMFuzzerRunDriver`, in the runtime `-sanitize=fuzzer` links).
@_silgen_name("LLVMFuzzerRunDriver")
private func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with the process's arguments (`-max_total_time=…`, corpus folders).
enum FuzzDriver {
    /// libFuzzer's exit status.
    static func run() -> CInt {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        return llvmFuzzerRunDriver(&argc, &argv) { bytes, count in fuzzTestOneInput(bytes, count) }
    }
}
#endif
