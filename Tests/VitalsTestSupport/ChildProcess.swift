import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with `posix_spawn`, for tests that run the `vitals` executable.
///
/// Foundation's `Process.run()` on Linux (swift-corelibs-foundation up to Swift 6.3) reads past a
/// buffer while it lists `/proc/self/fd` and crashes the whole test run now and then
/// (swiftlang/swift-corelibs-foundation#5472). This spawns directly instead: the pipes it makes
/// are close-on-exec in the parent, made and handed over under one lock, so a child started by a
/// concurrent test never inherits them.
public final class ChildProcess: @unchecked Sendable {
    /// Where a standard stream of the child goes.
    public enum Stream {
        /// `/dev/null`.
        case null
        /// A pipe whose other end the parent reads (stdout, stderr) or writes (stdin).
        case pipe
        /// The same pipe as the child's stdout (for stderr only).
        case stdout
        /// A file, created or emptied (for stdout or stderr).
        case file(String)
    }

    /// How the child ended.
    public enum Termination: Equatable, Sendable {
        /// It exited with this status.
        case exit(Int32)
        /// A signal ended it.
        case signal(Int32)

        /// The exit status, or 128 + the signal, as a shell reports it.
        public var status: Int32 {
            switch self {
            case .exit(let code): code
            case .signal(let signal): 128 + signal
            }
        }
    }

    /// The child's process id.
    public let pid: pid_t
    /// The parent's end of the child's stdin, stdout and stderr pipes, when asked for.
    public let standardInput: FileHandle?
    public let standardOutput: FileHandle?
    public let standardError: FileHandle?
    private let lock = NSLock()
    private var ended: Termination?
    /// Held from making a child's pipes until it is spawned (`pipe2` is not available to Swift here).
    private static let spawning = NSLock()

    /// Starts `executable` with `arguments` (without the program name) and `environment`.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String],
        stdin: Stream = .null, stdout: Stream = .pipe, stderr: Stream = .pipe
    ) throws {
        Self.spawning.lock()
        defer { Self.spawning.unlock() }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentEnds: [Int32] = []
        var childEnds: [Int32] = []
        defer { childEnds.forEach { _ = close($0) } }
        func pipeEnds() throws -> (read: Int32, write: Int32) {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw ChildProcessError("pipe failed: errno \(errno)") }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return (fds[0], fds[1])
        }
        var handles: [Int32: FileHandle] = [:]
        var stdoutWrite: Int32?
        for (target, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .stdout:
                if let stdoutWrite {
                    posix_spawn_file_actions_adddup2(&actions, stdoutWrite, target)
                } else {
                    posix_spawn_file_actions_adddup2(&actions, 1, target)
                }
            case .pipe:
                let ends = try pipeEnds()
                let (parent, child) = target == 0 ? (ends.write, ends.read) : (ends.read, ends.write)
                parentEnds.append(parent)
                childEnds.append(child)
                posix_spawn_file_actions_adddup2(&actions, child, target)
                handles[target] = FileHandle(fileDescriptor: parent, closeOnDealloc: true)
                if target == 1 { stdoutWrite = child }
            }
        }
        SpawnActions.closeInherited(&actions)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard status == 0 else {
            parentEnds.forEach { _ = close($0) }
            throw ChildProcessError("posix_spawn \(executable) failed: errno \(status)")
        }
        self.pid = pid
        standardInput = handles[0]
        standardOutput = handles[1]
        standardError = handles[2]
    }

    /// Runs `executable` to the end, writing `input` to its stdin, and returns what it printed.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String],
        input: Data? = nil, mergeStandardError: Bool = false
    ) throws
        -> (termination: Termination, stdout: Data, stderr: Data)
    {
        let child = try ChildProcess(
            executable, arguments, environment: environment, stdin: input == nil ? .null : .pipe,
            stdout: .pipe, stderr: mergeStandardError ? .stdout : .pipe)
        if let input, let handle = child.standardInput {
            handle.write(input)
            try handle.close()
        }
        // Both pipes are drained at once, so a child filling one while the other is read never blocks.
        let errors = Locked(Data())
        let drained = DispatchSemaphore(value: 0)
        if let handle = child.standardError {
            // A thread of its own: a blocked read on DispatchQueue.global() holds one of the few
            // threads Swift concurrency shares with it (see ``blocking(_:)``).
            Thread.detachNewThread {
                let data = handle.readDataToEndOfFile()
                errors.set(data)
                drained.signal()
            }
        } else {
            drained.signal()
        }
        let out = child.standardOutput?.readDataToEndOfFile() ?? Data()
        drained.wait()
        return (child.waitUntilExit(), out, errors.value)
    }

    /// Runs `executable` to the end as the synchronous ``run(_:_:environment:input:mergeStandardError:)``
    /// does, waiting on a thread of its own (``blocking(_:)``): what a test in a task calls.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String],
        input: Data? = nil, mergeStandardError: Bool = false
    ) async throws
        -> (termination: Termination, stdout: Data, stderr: Data)
    {
        try await blocking {
            try run(
                executable, arguments, environment: environment, input: input, mergeStandardError: mergeStandardError)
        }
    }

    /// Whether the child has not ended yet.
    public var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        if ended != nil { return false }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return true }
        ended = Self.termination(status)
        return false
    }

    /// Sends `signal` to the child.
    public func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Waits for the child to end and says how.
    public func waitUntilExit() -> Termination {
        lock.lock()
        defer { lock.unlock() }
        if let ended { return ended }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let termination = Self.termination(status)
        ended = termination
        return termination
    }

    private static func termination(_ status: Int32) -> Termination {
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as functions.
        let signal = status & 0x7F
        return signal == 0 ? .exit((status >> 8) & 0xFF) : .signal(signal)
    }
}

/// A child process that could not be started.
public struct ChildProcessError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// A value shared between the reading threads of ``ChildProcess/run(_:_:environment:input:mergeStandardError:)``.
private final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func set(_ value: Value) { lock.withLock { stored = value } }
}
