import Foundation
import VitalsTestSupport

/// Headless Chromium driven through `chromedriver` with the W3C WebDriver protocol, over the
/// tests' own HTTP client: a real browser for the dashboard, with no Selenium or Python.
///
/// Needs Debian's `chromium` and `chromium-driver` (`scripts/setup.sh` installs them); without them the
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
            throw HTTPFailure(
                "the dashboard's browser tests need Chromium and its driver: apt-get install chromium "
                    + "chromium-driver (no \(Self.driverPath); VITALS_CHROMEDRIVER may name another)")
        }
        port = try Self.freePort()
        // The driver's and the browser's own temporary folders go in the test process's folder too
        // (its path is short: a Unix socket's path in it must fit in 108 bytes).
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = TestFolder.root.path
        driver = try ChildProcess(
            Self.driverPath, ["--port=\(port)"], environment: environment, stdout: .null, stderr: .null)
        var ready = false
        for _ in 0..<300 where !ready {
            if let status = try? HTTP.request(port: port, "GET", "/status"), status.status == 200 {
                ready = true
            } else {
                usleep(100_000)
            }
        }
        guard ready else {
            driver.send(SIGKILL)
            _ = driver.waitUntilExit()
            throw HTTPFailure("chromedriver did not start on port \(port) within 30 s")
        }
        // Without a profile folder of its own, chromedriver makes one in /tmp for each session and
        // leaves it there; this one is in the test process's folder, removed at exit.
        let profile = try TestFolder.make("vitals-chromium").path
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": [
                        "args": [
                            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                            "--hide-scrollbars", "--window-size=\(width),\(height)",
                            "--user-data-dir=\(profile)",
                        ]
                    ],
                ]
            ]
        ]
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

    /// Types `text` into whatever has the focus, key by key.
    func type(_ text: String) throws {
        let actions = text.map { character -> [[String: Any]] in
            [["type": "keyDown", "value": String(character)], ["type": "keyUp", "value": String(character)]]
        }.flatMap { $0 }
        _ = try command("POST", "/actions", ["actions": [["type": "key", "id": "keyboard", "actions": actions]]])
    }

    /// The page's path and query.
    func location() throws -> String {
        try run("return location.pathname + location.search;") as? String ?? ""
    }

    /// Waits (up to 5 s) until the page's path is `path`; returns the last one seen.
    @discardableResult
    func wait(forPath path: String) throws -> String {
        var seen = ""
        for _ in 0..<50 {
            seen = try run("return location.pathname;") as? String ?? ""
            if seen == path, try run("return document.readyState;") as? String == "complete" { break }
            usleep(100_000)
        }
        return seen
    }

    /// Walks the page with Tab from its start and returns, in the order first reached, the
    /// positions of its links and form controls (in document order) that got the focus, and
    /// those of them that had no visible focus ring. Other stops the browser makes (a date
    /// field's parts, a scrollable region) are passed over.
    func tabWalk() throws -> (reached: [Int], count: Int, ringless: [Int]) {
        let count =
            try run(
                """
                window.__focusable = Array.from(document.querySelectorAll(
                    'a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), select, textarea, summary, [tabindex="0"]'))
                    .filter(e => e.getClientRects().length > 0);
                document.activeElement && document.activeElement.blur();
                return window.__focusable.length;
                """) as? Int ?? 0
        var reached: [Int] = []
        var ringless: [Int] = []
        for _ in 0..<(count * 4 + 10) {
            try press(Self.tab)
            let focused =
                try run(
                    """
                    const e = document.activeElement;
                    if (!e || e === document.body) return [-2, true];
                    const style = getComputedStyle(e);
                    return [window.__focusable.indexOf(e),
                            style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 || style.boxShadow !== 'none'];
                    """) as? [Any] ?? []
            let index = focused.first as? Int ?? -2
            if index == -2 || (index == 0 && !reached.isEmpty) { break }  // out of the page, or round again
            guard index >= 0, !reached.contains(index) else { continue }
            reached.append(index)
            if focused.last as? Bool != true { ringless.append(index) }
            if reached.count == count { break }
        }
        return (reached, count, ringless)
    }

    /// Moves the mouse pointer to (`x`, `y`) CSS pixels from the viewport's top left corner.
    func movePointer(x: Int, y: Int) throws {
        let move: [String: Any] = ["type": "pointerMove", "duration": 0, "origin": "viewport", "x": x, "y": y]
        _ = try command(
            "POST", "/actions",
            [
                "actions": [
                    ["type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"], "actions": [move]]
                ]
            ])
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
        let answer = try HTTP.request(port: port, method, path, body: text ?? (method == "POST" ? "{}" : nil))
        let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8), options: [.fragmentsAllowed])
        let value = (object as? [String: Any])?["value"] ?? NSNull()
        guard answer.status == 200 else {
            let error = (value as? [String: Any]).map { "\($0["error"] ?? ""): \($0["message"] ?? "")" } ?? "\(value)"
            throw HTTPFailure("WebDriver \(method) \(path) answered \(answer.status): \(error.prefix(400))")
        }
        return value
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
