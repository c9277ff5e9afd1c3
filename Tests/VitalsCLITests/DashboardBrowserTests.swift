import Foundation
import Testing
import VitalsTestSupport

/// The demo's dashboard in headless Chromium: every page reachable from Today, at a desktop
/// width and at 390 px (a phone), by keyboard alone.
///
/// With `VITALS_RECORD_SCREENSHOTS=1` the screenshots are written to `docs/screenshots/` (the
/// README shows them); otherwise they are only checked to be real pictures.
@Suite("Dashboard in a real browser", .serialized, .mayBlock)
struct DashboardBrowserTests {
    /// The demo's dashboard (one week, Berlin) and a browser session on it.
    final class Session {
        let cli: CLIRunner
        let dashboard: DashboardCommandTests.Dashboard
        let browser: WebDriver
        var base: String { "http://127.0.0.1:\(dashboard.port)" }

        init(weeks: Int = 2) throws {
            cli = try CLIRunner()
            let store = cli.directory.appendingPathComponent("demo.sqlite").path
            dashboard = try DashboardCommandTests.Dashboard(
                arguments: ["demo", "--dashboard", "--weeks", "\(weeks)", "--tz", "Europe/Berlin", "--db", store])
            do {
                browser = try WebDriver()
            } catch {
                _ = dashboard.stop()
                throw error
            }
        }

        func close() {
            browser.quit()
            _ = dashboard.stop()
        }

        /// The page's own links (same origin, no assets), as paths.
        func links() throws -> [String] {
            (try browser.run(
                """
                return Array.from(document.querySelectorAll('a[href]'))
                    .map(a => new URL(a.href, location.href))
                    .filter(u => u.origin === location.origin && !u.pathname.startsWith('/assets/'))
                    .map(u => u.pathname + u.search);
                """) as? [String]) ?? []
        }
    }

    /// Today, then every page its links reach, then theirs (at most `limit` pages).
    static func pages(from session: Session, limit: Int = 12) throws -> [String] {
        var found = ["/"]
        var index = 0
        while index < found.count, found.count < limit {
            try session.browser.open(session.base + found[index])
            for link in try session.links() where !found.contains(link) && found.count < limit { found.append(link) }
            index += 1
        }
        return found
    }

    @Test("Every page reached from Today loads, labels its charts, and fits a 390 px phone without sideways scrolling")
    func everyPageAtTwoWidths() throws {
        let session = try Session()
        defer { session.close() }
        // The year heatmap too (no page links it directly): it scrolls sideways in its own box on a phone.
        // And a correlations page of two other figures on the same day.
        var pages =
            try Self.pages(from: session) + [
                "/calendar?year=2025", "/insights/correlations?x=hrv&y=restingHeartRate&lag=0",
            ]
        if !pages.contains("/insights") { pages.append("/insights") }
        #expect(pages.count >= 4, "Today links to other pages: \(pages)")
        #expect(pages.contains { $0.hasPrefix("/day/") })
        for width in [1280, 390] {
            try session.browser.resize(width: width, height: 900)
            for page in pages {
                try session.browser.open(session.base + page)
                let report =
                    try session.browser.run(
                        """
                        const main = document.querySelector('main');
                        const svgs = Array.from(document.querySelectorAll('main svg'));
                        return {
                            title: document.title,
                            hasMain: main !== null,
                            errors: document.querySelectorAll('.error').length,
                            unlabelledCharts: svgs.filter(s => !s.querySelector('title') && !s.getAttribute('aria-label')
                                && s.getAttribute('aria-hidden') !== 'true').length,
                            overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
                            viewport: window.innerWidth,
                            // Chart labels rendered under 10 px: font size times the chart's scale, per chart.
                            smallLabels: Array.from(document.querySelectorAll('main svg text')).filter(t => {
                                const box = t.getBoundingClientRect();
                                return box.width > 0 && getComputedStyle(t).visibility !== 'hidden' && t.textContent.trim() !== '';
                            }).map(t => {
                                const svg = t.ownerSVGElement;
                                const view = svg.viewBox.baseVal;
                                const scale = view && view.width ? svg.getBoundingClientRect().width / view.width : 1;
                                return (svg.getAttribute('aria-labelledby') || '?') + ' "' + t.textContent.trim() + '" '
                                    + (parseFloat(getComputedStyle(t).fontSize) * scale).toFixed(1) + ' px';
                            }).filter(l => parseFloat(l.split(' ').slice(-2)[0]) < 10),
                            labels: document.querySelectorAll('main svg text').length
                        };
                        """) as? [String: Any] ?? [:]
                let title = report["title"] as? String ?? ""
                #expect(report["viewport"] as? Int == width, "\(page): the viewport is \(width) px wide")
                #expect(report["hasMain"] as? Bool == true, "\(page) at \(width) px has a main element")
                #expect(!title.hasPrefix("Something went wrong") && !title.hasPrefix("Not found"), "\(page): \(title)")
                #expect(report["errors"] as? Int == 0, "\(page) shows no error")
                #expect(report["unlabelledCharts"] as? Int == 0, "\(page): every chart has a title for screen readers")
                let small = report["smallLabels"] as? [String] ?? ["not measured"]
                #expect(small.isEmpty, "\(page) at \(width) px: chart labels under 10 px: \(small.prefix(12))")
                #expect(
                    (report["overflow"] as? Int ?? 1) <= 0,
                    "\(page) at \(width) px (viewport \(report["viewport"] ?? "?")) scrolls sideways by \(report["overflow"] ?? "?") px"
                )
            }
        }
    }

    @Test(
        "Pointing at a chart mark or focusing it by keyboard shows its value in the tooltip; the arrow keys move along the chart"
    )
    func hoverAndFocusValues() throws {
        let session = try Session()
        defer { session.close() }
        try session.browser.open(session.base + "/")
        let day = try #require(try session.links().first { $0.hasPrefix("/day/") }, "Today links to a day page")
        try session.browser.open(session.base + day)
        let tooltip =
            "const t = document.getElementById('chart-tooltip'); return t && !t.hidden ? t.textContent : null;"
        #expect(try session.browser.run(tooltip) is NSNull, "no tooltip before pointing at anything")

        // Hover: the pointer over the busiest hour's bar.
        let target =
            try session.browser.run(
                """
                const bars = Array.from(document.querySelectorAll('main svg rect.bar[data-value]'));
                bars.sort((a, b) => parseFloat(b.dataset.value) - parseFloat(a.dataset.value));
                const bar = bars[0];
                if (!bar) return null;
                bar.scrollIntoView({block: 'center'});
                const box = bar.getBoundingClientRect();
                return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2),
                        bar.querySelector('title').textContent, bar.dataset.value];
                """) as? [Any]
        let bar = try #require(target, "the day page has a steps bar with a value")
        let (x, y) = (bar[0] as? Int ?? 0, bar[1] as? Int ?? 0)
        let title = bar[2] as? String ?? "", value = bar[3] as? String ?? ""
        try session.browser.movePointer(x: x, y: y)
        var shown = try session.browser.run(tooltip) as? String
        for _ in 0..<20 where shown != title {
            usleep(100_000)
            shown = try session.browser.run(tooltip) as? String
        }
        #expect(shown == title, "hovering shows the bar's title")
        let tooltipValue =
            try session.browser.run("return document.getElementById('chart-tooltip').dataset.value;") as? String
        #expect(tooltipValue == value)
        let number = title.split(separator: ":").dropFirst().joined(separator: ":")
        #expect(!number.isEmpty && shown?.contains(number) == true, "the value is in the tooltip")
        try session.browser.movePointer(x: 1, y: 1)
        #expect(try session.browser.run(tooltip) is NSNull, "moving away hides it")

        // Keyboard: Tab until a chart mark has focus; its title is shown, and ArrowRight moves on.
        try session.browser.run("window.scrollTo(0, 0); document.activeElement && document.activeElement.blur();")
        var focusedTitle: String?
        for _ in 0..<60 where focusedTitle == nil {
            try session.browser.press(WebDriver.tab)
            focusedTitle =
                try session.browser.run(
                    """
                    const e = document.activeElement;
                    if (!e || !e.ownerSVGElement) return null;
                    const t = Array.from(e.children).find(c => c.tagName.toLowerCase() === 'title');
                    return t ? t.textContent : null;
                    """) as? String
        }
        let first = try #require(focusedTitle, "Tab reaches a chart mark")
        #expect(try session.browser.run(tooltip) as? String == first, "focus shows the mark's title")
        try session.browser.press("\u{E014}")
        let next =
            try session.browser.run(
                """
                const e = document.activeElement;
                const t = e && Array.from(e.children).find(c => c.tagName.toLowerCase() === 'title');
                return t ? t.textContent : null;
                """) as? String
        #expect(next != nil && next != first, "ArrowRight focuses the next mark")
        #expect(try session.browser.run(tooltip) as? String == next)
        try session.browser.press("\u{E00C}")
        #expect(try session.browser.run(tooltip) is NSNull, "Escape hides it")
    }

    @Test(
        "Tab walks every control of Today, a day, Insights, correlations, Trends, Calendar, Records and its add form in document order with a visible focus ring; Enter follows a link"
    )
    func keyboardWalk() throws {
        let session = try Session()
        defer { session.close() }
        try session.browser.open(session.base + "/")
        let dayLink = try session.links().first { $0.hasPrefix("/day/") }
        let day = try #require(dayLink, "Today links to a day page")
        for page in [
            "/", day, "/insights", "/insights/correlations", "/trends", "/calendar", "/records",
            "/records/new?kind=weight",
        ] {
            try session.browser.open(session.base + page)
            let walk = try session.browser.tabWalk()
            #expect(walk.count >= 2, "\(page) has links to walk")
            #expect(walk.reached == Array(0..<walk.count), "\(page): Tab reaches every link once, in order")
            #expect(walk.ringless.isEmpty, "\(page): focused elements without a visible focus ring: \(walk.ringless)")
        }

        // Enter on the day page's link to the next day opens that day.
        try session.browser.open(session.base + day)
        let target =
            try session.browser.run(
                """
                const next = document.querySelector('a[rel="next"]');
                if (!next) return null;
                next.focus();
                return new URL(next.href).pathname;
                """) as? String
        let next = try #require(target, "the day page links to the next day with rel=next")
        try session.browser.press(WebDriver.enter)
        var path = ""
        for _ in 0..<50 where path != next {
            path = try session.browser.run("return location.pathname;") as? String ?? ""
            if path != next { usleep(100_000) }
        }
        #expect(path == next)
    }

    @Test(
        "Screenshots of Today, a day, Trends, Calendar, Records, Insights and correlations, on a desktop and a phone, are real pictures (recorded for the README on request)"
    )
    func screenshots() throws {
        let session = try Session(weeks: 8)
        defer { session.close() }
        try session.browser.open(session.base + "/")
        let day = try #require(try session.links().first { $0.hasPrefix("/day/") })
        let record = ProcessInfo.processInfo.environment["VITALS_RECORD_SCREENSHOTS"] == "1"
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/screenshots")
        let pages = [
            ("today", "/"), ("day", day), ("trends", "/trends?type=stepCount&range=30"),
            ("calendar", "/calendar?figure=stepCount"), ("records", "/records"), ("insights", "/insights"),
            ("correlations", "/insights/correlations?x=steps&y=sleep&lag=1&days=90"),
        ]
        for (name, page) in pages {
            for (suffix, width, height) in [("desktop", 1280, 1000), ("phone", 390, 844)] {
                try session.browser.resize(width: width, height: height)
                try session.browser.open(session.base + page)
                let title = try session.browser.run("return document.title;") as? String ?? ""
                #expect(!title.hasPrefix("Something went wrong") && !title.hasPrefix("Not found"), "\(page): \(title)")
                let png = try session.browser.screenshot()
                #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name) \(suffix) is a PNG")
                #expect(png.count > 20_000, "\(name) \(suffix) shows more than a blank page (\(png.count) bytes)")
                if record {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    try png.write(to: folder.appendingPathComponent("\(name)-\(suffix).png"))
                }
            }
        }
    }
}
