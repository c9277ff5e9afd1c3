import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens a URL in the desktop's browser, if the desktop has a way to; never fails.
enum Browser {
    #if os(macOS)
    static let opener = "open"
    #else
    static let opener = "xdg-open"
    #endif

    /// Starts the opener with `url`, its output discarded; does nothing when it is missing.
    static func open(_ url: String) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for target: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = [strdup(opener), strdup(url), nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, opener, &actions, nil, argv, envp) == 0 else { return }
        // Reaped in the background so it leaves no zombie.
        let child = pid
        DispatchQueue.global().async {
            var status: Int32 = 0
            _ = waitpid(child, &status, 0)
        }
    }
}
