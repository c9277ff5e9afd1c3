import Foundation
import VitalsTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A bare HTTP/1.1 exchange over a loopback socket, for requests no client library would send:
/// headers announcing a body that never comes.
enum RawHTTP {
    /// Sends `head` (request line and headers, no body) to `127.0.0.1:port` and reads the answer.
    ///
    /// The socket gives up after `seconds` (30) without data, so a server waiting for the body
    /// fails the test instead of hanging it, and closes. Returns the status code and the whole
    /// answer's text. When no answer came, the test process's threads are printed first
    /// (``ThreadDump``), unless `dumpingThreads` is false (a test that expects silence).
    static func exchange(
        _ head: String, port: Int, seconds: Int = 30, dumpingThreads: Bool = true
    ) async throws -> (status: Int, text: String) {
        do {
            return try await blocking { try blockingExchange(head, port: port, seconds: seconds) }
        } catch let error as RawHTTPError where error.timedOut && dumpingThreads {
            await ThreadDump.print("a raw HTTP request got no answer within \(seconds) s")
            throw error
        }
    }

    /// A TCP connection to `127.0.0.1:port`; the caller closes the descriptor.
    static func connect(port: Int) throws -> Int32 {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw RawHTTPError("socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                #if canImport(Glibc)
                Glibc.connect(fd, pointer, socklen_t(MemoryLayout<sockaddr_in>.size))
                #else
                Darwin.connect(fd, pointer, socklen_t(MemoryLayout<sockaddr_in>.size))
                #endif
            }
        }
        guard connected == 0 else {
            close(fd)
            throw RawHTTPError("connect() failed")
        }
        return fd
    }

    private static func blockingExchange(_ head: String, port: Int, seconds: Int) throws -> (status: Int, text: String)
    {
        let fd = try connect(port: port)
        defer { close(fd) }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(head.utf8)
        guard bytes.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else {
            throw RawHTTPError("send() failed")
        }
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                // Abandoned with a reset, so the server lets go of the request at once (a FIN may
                // read as input ended only when it next reads).
                var linger = linger(l_onoff: 1, l_linger: 0)
                setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
                throw RawHTTPError("no answer within \(seconds) s (the server waited for the body?)", timedOut: true)
            }
            if count == 0 { break }
            answer += chunk[0..<count]
            if isComplete(answer) { break }
        }
        let text = String(decoding: answer, as: UTF8.self)
        let status = text.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
        return (status, text)
    }

    /// Whether `answer` holds the headers and as many body bytes as its `Content-Length` says.
    private static func isComplete(_ answer: [UInt8]) -> Bool {
        let text = String(decoding: answer, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return false }
        let headers = text[..<end.lowerBound].lowercased()
        guard let line = headers.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
            let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        else {
            return false
        }
        return text.utf8.count - text[..<end.upperBound].utf8.count >= length
    }
}

/// A failed raw exchange.
struct RawHTTPError: Error, CustomStringConvertible {
    let description: String
    /// Whether the server gave no answer in time.
    let timedOut: Bool
    init(_ description: String, timedOut: Bool = false) {
        self.description = description
        self.timedOut = timedOut
    }
}
