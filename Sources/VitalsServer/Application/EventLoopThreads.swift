import NIOCore

/// The process's event-loop threads: the ones that serve HTTP connections and database sockets.
///
/// By default there is one per core. Several servers on one machine (each with its own
/// connections to one PostgreSQL) do better with the cores divided among them: two servers on
/// two cores, one thread each, then spend no time waking loops that compete for the same core.
public enum EventLoopThreads {
    /// Makes this process use `count` event-loop threads.
    ///
    /// Call it once, before the server, a database client or anything else networking starts:
    /// the threads are created on first use and never change after. A second call, or a call
    /// after first use, stops the process (SwiftNIO's rule).
    public static func use(_ count: Int) {
        precondition(count > 0, "event-loop threads must be at least 1")
        NIOSingletons.groupLoopCountSuggestion = count
    }
}
