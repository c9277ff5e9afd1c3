import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What every child process the tests start gets besides its own actions.
public enum SpawnActions {
    /// Adds "close every descriptor from 3 on" to `actions`, so a child keeps none of the test
    /// process's open files: a long-lived child (a PostgreSQL server, chromedriver) would otherwise
    /// hold whatever another test had open at that moment, a disk-filling file whose space then
    /// never comes back among them. The dup2s for 0-2 must be added before.
    ///
    /// glibc has `posix_spawn_file_actions_addclosefrom_np` since 2.34, but its header declares
    /// it only for `_GNU_SOURCE`, which Swift's Glibc module is not built with: it is looked up
    /// by name. Where it is missing (older glibc, Darwin) nothing is added.
    public static func closeInherited(_ actions: inout posix_spawn_file_actions_t) {
        #if canImport(Glibc)
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
        #endif
    }
}
