import Foundation

/// How `vitals serve` listens and what it accepts.
public struct ServerConfiguration: Sendable {
    /// Address to bind; default `127.0.0.1` (loopback only). Use `0.0.0.0` to listen on every interface.
    public var host = "127.0.0.1"
    /// TCP port; default 8080. 0 picks a free port (see ``ServerApplication/make(configuration:repository:logger:onServerRunning:)``).
    public var port = 8080
    /// Largest request body accepted; larger ones get 413. Default 5 MB.
    public var maximumBodyBytes = 5 * 1024 * 1024
    /// The clock for "today" and timestamps; default the system clock (tests pin it).
    public var now: @Sendable () -> Date = { Date() }

    /// The defaults.
    public init() {}
}
