import Foundation
import VitalsTestSupport

/// Headless Chromium driven through `chromedriver` with the W3C WebDriver protocol, over the
/// tests' own HTTP client: a real browser for the dashboard, with no Selenium or Python.
///
/// Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them); without them the
/// initializer throws and says so.
final class WebDriver {
    private let driver: ChildProcess
    private let port: Int
    private let session: String

    /// Where Debian puts the driver; `VITALS_CHROMEDRIVER` may name another.
    static var driverPath: String {
        ProcessInfo.processInfo.environment["VITALS_CHROMEDRIVER"] ?? "/usr/bin/chromedriver"
    }

    /// Starts chromedriver on a free port and opens a headless session `width` × `height` pixels.
    init(width: Int = 1280, height: Int = 900) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.driverPath) else {
            throw HTTPFailure("the dashboard's browser tests need Chromium and its driver: apt-get install chromium "
                              + "chromium-driver (no \(Self.driverPath); VITALS_CHROMEDRIVER may name another)")
        }
        port = try Self.freePort()
        driver = try ChildProcess(Self.driverPath, ["--port=\(port)"], environment: ProcessInfo.processInfo.environment,
                                  stdout: .null, stderr: .null)
        var ready = false
        for _ in 0..<100 where !ready {
            if let status = try? Self.exchange(port: port, "GET", "/status", body: nil), status.status == 200 { ready = true } else {
                usleep(100_000)
            }
        }
        guard ready else {
            driver.send(SIGKILL)
            _ = driver.waitUntilExit()
            throw HTTPFailure("chromedriver did not start on port \(port)")
        }
        let capabilities: [String: Any] = ["capabilities": ["alwaysMatch": [
            "browserName": "chrome",
            "goog:chromeOptions": ["args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                                            "--hide-scrollbars", "--window-size=\(width),\(height)"]],
        ]]]
        do {
            let answer = try Self.call(port: port, "POST", "/session", capabilities)
            guard let id = (answer as? [String: Any])?["sessionId"] as? String else {
                throw HTTPFailure("chromedriver gave no session: \(answer)")
            }
            session = id
        } catch {
            driver.send(SIGKILL)
            _ = driver.waitUntilExit()
            throw error
        }
    }

    /// Ends the session and stops the driver (and its browser).
    func quit() {
        _ = try? Self.call(port: port, "DELETE", "/session/\(session)", nil)
        driver.send(SIGKILL)
        _ = driver.waitUntilExit()
    }

    /// Loads `url` and waits until the document has loaded.
    func open(_ url: String) throws {
        _ = try command("POST", "/url", ["url": url])
    }

    /// Runs `script` (a function body; `arguments[0...]` are `arguments`) and returns its value.
    @discardableResult
    func run(_ script: String, _ arguments: [Any] = []) throws -> Any {
        try command("POST", "/execute/sync", ["script": script, "args": arguments])
    }

    /// Resizes the window's viewport to about `width` × `height` CSS pixels.
    func resize(width: Int, height: Int) throws {
        _ = try command("POST", "/window/rect", ["width": width, "height": height])
    }

    /// Presses and releases `key` (a WebDriver key code such as ``tab``), `shift` held if asked.
    func press(_ key: String, shift: Bool = false) throws {
        var actions: [[String: Any]] = []
        if shift { actions.append(["type": "keyDown", "value": Self.shift]) }
        actions += [["type": "keyDown", "value": key], ["type": "keyUp", "value": key]]
        if shift { actions.append(["type": "keyUp", "value": Self.shift]) }
        _ = try command("POST", "/actions", ["actions": [["type": "key", "id": "keyboard", "actions": actions]]])
    }

    /// Moves the mouse pointer to (`x`, `y`) CSS pixels from the viewport's top left corner.
    func movePointer(x: Int, y: Int) throws {
        let move: [String: Any] = ["type": "pointerMove", "duration": 0, "origin": "viewport", "x": x, "y": y]
        _ = try command("POST", "/actions", ["actions": [
            ["type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"], "actions": [move]],
        ]])
    }

    static let tab = "\u{E004}"
    static let enter = "\u{E007}"
    static let shift = "\u{E008}"

    /// The viewport as a PNG.
    func screenshot() throws -> Data {
        guard let text = try command("GET", "/screenshot", nil) as? String, let data = Data(base64Encoded: text) else {
            throw HTTPFailure("chromedriver returned no screenshot")
        }
        return data
    }

    private func command(_ method: String, _ path: String, _ body: [String: Any]?) throws -> Any {
        try Self.call(port: port, method, "/session/\(session)\(path)", body)
    }

    /// One WebDriver call: its `value`, or the driver's error as a thrown failure.
    private static func call(port: Int, _ method: String, _ path: String, _ body: [String: Any]?) throws -> Any {
        let text = try body.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        let answer = try exchange(port: port, method, path, body: text ?? (method == "POST" ? "{}" : nil))
        let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8), options: [.fragmentsAllowed])
        let value = (object as? [String: Any])?["value"] ?? NSNull()
        guard answer.status == 200 else {
            let error = (value as? [String: Any]).map { "\($0["error"] ?? ""): \($0["message"] ?? "")" } ?? "\(value)"
            throw HTTPFailure("WebDriver \(method) \(path) answered \(answer.status): \(error.prefix(400))")
        }
        return value
    }

    /// One HTTP/1.1 request, its answer read to its `Content-Length` (chromedriver keeps the
    /// connection open whatever the request asks, so reading to the end would wait forever).
    private static func exchange(port: Int, _ method: String, _ path: String, body: String?) throws
        -> (status: Int, body: String) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw HTTPFailure("socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw HTTPFailure("cannot connect to chromedriver on port \(port)") }
        let payload = Array((body ?? "").utf8)
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if body != nil { head += "Content-Type: application/json; charset=utf-8\r\n" }
        head += "Content-Length: \(payload.count)\r\n\r\n"
        let bytes = Array(head.utf8) + payload
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw HTTPFailure("send to chromedriver failed") }
            sent += count
        }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var expected: Int?
        var bodyStart = 0
        while expected.map({ response.count < bodyStart + $0 }) ?? true {
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            response += buffer[0..<count]
            if expected == nil, let end = response.firstRange(of: Array("\r\n\r\n".utf8)) {
                bodyStart = end.upperBound
                let headers = String(decoding: response[..<end.lowerBound], as: UTF8.self).lowercased()
                let length = headers.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                expected = length.flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            }
        }
        let text = String(decoding: response, as: UTF8.self)
        guard let statusText = text.split(separator: " ", maxSplits: 2).dropFirst().first, let status = Int(statusText) else {
            throw HTTPFailure("chromedriver's answer is not HTTP: \(text.prefix(200))")
        }
        return (status, String(decoding: response[min(bodyStart, response.count)...], as: UTF8.self))
    }

    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, size) == 0 && getsockname(fd, pointer, &size) == 0
            }
        }
        guard bound else { throw HTTPFailure("cannot find a free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
