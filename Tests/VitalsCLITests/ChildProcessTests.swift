import Foundation
import Testing
import VitalsTestSupport

/// The tests' children start with nothing of the test process but their standard streams.
@Suite("Test support: child processes")
struct ChildProcessTests {
    @Test("A child keeps none of the test process's descriptors, even one open without close-on-exec")
    func noInheritedDescriptors() async throws {
        // A socket as NIO opens them (no SOCK_CLOEXEC) and a file as Foundation may open it.
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        let file = open("/dev/null", O_RDONLY)
        defer {
            close(socket)
            close(file)
        }
        try #require(socket >= 0 && file >= 0)
        try #require(fcntl(socket, F_GETFD) & FD_CLOEXEC == 0, "the socket is inheritable")
        // The shell lists its own descriptors: 0-2, and nothing else once it has started.
        let run = try await ChildProcess.run("/bin/sh", ["-c", "ls /proc/$$/fd"], environment: [:])
        let listed = String(decoding: run.stdout, as: UTF8.self).split(whereSeparator: \.isNewline).compactMap {
            Int($0)
        }
        #expect(run.termination == .exit(0))
        #expect(Set(listed) == [0, 1, 2], "\(listed)")
    }
}
