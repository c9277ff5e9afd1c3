import Foundation
import Testing

/// The numbers a signed-in user's browser shows on the Day, Trends and Calendar pages, each
/// compared with the server's JSON API (`GET /api/health/{date}`) for the same day or days.
extension DashboardServerBrowserTests {
    /// Three past days in Berlin (oldest first) with their offsets, and today.
    static func berlinPastDays() -> (days: [(day: String, offset: String)], today: String) {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let formatter = DateFormatter()
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd"
        let noon = calendar.date(bySettingHour: 12, minute: 0, second: 0, of: Date())!
        let days = (1...3).reversed().map { back -> (String, String) in
            let date = calendar.date(byAdding: .day, value: -back, to: noon)!
            let seconds = zone.secondsFromGMT(for: date)
            return (formatter.string(from: date), String(format: "+%02d%02d", seconds / 3600, seconds % 3600 / 60))
        }
        return (days, formatter.string(from: noon))
    }

    /// Steps from two sources on the same minutes (merged, not added) and one more period, active
    /// energy, and a lunch and a dinner, on each of `days`, in amounts that differ from day to day.
    static func pastDaysBody(_ days: [(day: String, offset: String)]) -> String {
        var steps: [String] = [], energy: [String] = [], meals: [String] = []
        func item(
            _ qty: Double, _ day: (day: String, offset: String), _ start: String, _ end: String, _ source: String
        ) -> String {
            #"{"qty": \#(qty), "startDate": "\#(day.day) \#(start):00 \#(day.offset)", "endDate": "\#(day.day) \#(end):00 \#(day.offset)", "source": "\#(source)"}"#
        }
        for (index, day) in days.enumerated() {
            steps.append(item(Double(1200 + 111 * index), day, "09:05", "09:35", "Ada's iPhone"))
            steps.append(item(Double(1100 + 50 * index), day, "09:05", "09:35", "Ada's Apple Watch"))
            steps.append(item(Double(345 + index), day, "14:10", "14:20", "Ada's iPhone"))
            energy.append(item(Double(120 + 15 * index), day, "09:05", "09:35", "Ada's Apple Watch"))
            meals.append(item(Double(600 + 10 * index), day, "12:30", "12:30", "Ada's iPhone"))
            meals.append(item(700, day, "19:00", "19:00", "Ada's iPhone"))
        }
        return
            #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [\#(steps.joined(separator: ", "))]}, "#
            + #"{"name": "active_energy", "units": "kcal", "data": [\#(energy.joined(separator: ", "))]}, "#
            + #"{"name": "dietary_energy", "units": "kcal", "data": [\#(meals.joined(separator: ", "))]}]}}"#
    }

    /// A day's figures as the API answers them.
    struct APIDay {
        var steps: Double?
        var activeCalories: Double?
    }

    /// `GET /api/health/{day}`: the day's shown steps and active calories.
    static func apiDay(port: Int, token: String, _ day: String) throws -> APIDay {
        let answer = try HTTP.request(port: port, "GET", "/api/health/\(day)", token: token)
        try #require(answer.status == 200, "\(answer.body)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])
        func number(_ key: String) -> Double? { (object[key] as? NSNumber)?.doubleValue }
        return APIDay(steps: number("steps"), activeCalories: number("activeCalories"))
    }

    /// The `data-value` of every element `selector` matches, in document order (`nil` where absent).
    static func values(_ browser: WebDriver, _ selector: String) throws -> [Double?] {
        let raw =
            try browser.run(
                """
                return Array.from(document.querySelectorAll(arguments[0])).map(e => e.getAttribute('data-value'));
                """, [selector]) as? [Any] ?? []
        return raw.map { ($0 as? String).flatMap(Double.init) }
    }

    /// Signs in with `token` through the sign-in form and waits for `path`.
    static func signIn(_ browser: WebDriver, base: String, token: String, returningTo path: String) throws {
        try browser.open(base + path)
        try browser.wait(forPath: "/sign-in")
        try browser.run(
            """
            const field = document.querySelector('input[name="token"]');
            field.value = arguments[0];
            field.form.submit();
            """, [token])
        try #require(try browser.wait(forPath: path) == path, "signed in and back on \(path)")
    }

    @Test(
        "Day, Trends and Calendar show the API's numbers for the same days: steps per day and per hour, a period's total, average and extremes, active energy, the meals chart (titled, focusable, no sideways scroll at 390 px)"
    )
    func pagesMatchTheAPI() async throws {
        let served = try await ServedUser()
        let (server, token) = (served.server, served.token)
        defer { _ = served.server.stop() }

        let (days, today) = Self.berlinPastDays()
        let ingest = try HTTP.request(
            port: server.port, "POST", "/api/v1/ingest/health-auto-export", token: token,
            body: Self.pastDaysBody(days))
        try #require(ingest.status == 200, "\(ingest.body)")
        var api: [String: APIDay] = [:]
        for day in days { api[day.day] = try Self.apiDay(port: server.port, token: token, day.day) }
        let apiSteps = days.compactMap { api[$0.day]?.steps }
        try #require(
            apiSteps.count == 3 && apiSteps.allSatisfy { $0 > 0 }, "the API has steps for each day: \(apiSteps)")

        let browser = try WebDriver()
        defer { browser.quit() }
        let base = "http://127.0.0.1:\(server.port)"
        let first = days[0].day, last = days[2].day
        try Self.signIn(browser, base: base, token: token, returningTo: "/day/\(last)")

        // Day: the day's total, its hours adding up to it, and its meals.
        for (index, day) in days.enumerated() {
            try browser.open(base + "/day/\(day.day)")
            let total = try Self.values(browser, #"[data-metric="steps"]"#).first ?? nil
            #expect(total == api[day.day]?.steps, "Day \(day.day): the steps figure is the API's")
            let hours = try Self.values(browser, #"[data-chart="steps"] rect.bar"#).compactMap { $0 }
            #expect(hours.count == 2, "Day \(day.day): two hours with steps")
            #expect(hours.reduce(0, +) == api[day.day]?.steps, "Day \(day.day): the hours add up to the API's steps")
            let meals = try Self.values(browser, #"[data-chart="meals"] circle.meal-dot"#)
            #expect(meals == [Double(600 + 10 * index), 700], "Day \(day.day): lunch and dinner on the meals chart")
        }
        // The meals chart is titled for screen readers and fits a 390 px phone without sideways scrolling.
        for width in [390, 1280] {
            try browser.resize(width: width, height: 900)
            try browser.open(base + "/day/\(last)")
            let report =
                try browser.run(
                    """
                    const svg = document.querySelector('[data-chart="meals"] svg');
                    const title = svg && svg.querySelector('title');
                    return [title ? title.textContent : '', svg ? Math.ceil(svg.getBoundingClientRect().right) : 99999,
                            document.documentElement.clientWidth,
                            document.documentElement.scrollWidth - document.documentElement.clientWidth];
                    """) as? [Any] ?? []
            let title = report.first as? String ?? ""
            #expect(title.hasPrefix("Meals over the day"), "the meals chart has a title: '\(title)'")
            #expect(
                (report.dropFirst().first as? Int ?? 99999) <= (report.dropFirst(2).first as? Int ?? 0),
                "at \(width) px: \(report)")
            #expect((report.last as? Int ?? 1) <= 0, "the Day page at \(width) px scrolls sideways: \(report)")
        }
        // A meal's dot is a chart mark: one Tab stop of its chart, its title and energy in the tooltip on focus.
        let focused =
            try browser.run(
                """
                const dot = document.querySelector('[data-chart="meals"] circle.meal-dot');
                dot.focus();
                const tip = document.getElementById('chart-tooltip');
                return [dot.getAttribute('tabindex'), document.activeElement === dot, dot.querySelector('title').textContent,
                        tip && !tip.hidden ? tip.textContent : '', tip ? tip.getAttribute('data-value') : ''];
                """) as? [Any] ?? []
        #expect(focused.first as? String == "0" && focused.dropFirst().first as? Bool == true, "\(focused)")
        #expect(
            focused.dropFirst(2).first as? String == focused.dropFirst(3).first as? String,
            "the tooltip shows the title")
        #expect((focused.dropFirst(2).first as? String)?.hasPrefix("Lunch 12:30: 620 kcal") == true, "\(focused)")
        #expect(focused.last as? String == "620.0")

        // Trends: the three days' total, average, lowest and highest day, for steps and active energy.
        for (type, figure) in [("stepCount", \APIDay.steps), ("activeEnergyBurned", \APIDay.activeCalories)] {
            try browser.open(base + "/trends?type=\(type)&range=custom&from=\(first)&to=\(today)&bucket=day")
            let perDay = days.compactMap { api[$0.day].flatMap { $0[keyPath: figure] } }
            try #require(perDay.count == 3, "\(type): the API has each day")
            func summary(_ key: String) throws -> Double? {
                try Self.values(browser, #"[data-summary="\#(key)"][data-series="current"]"#).first ?? nil
            }
            let total = try summary("total")
            #expect(total == perDay.reduce(0, +), "Trends \(type): the total is the API's days' sum")
            let average = try #require(try summary("average"), "Trends \(type) has an average")
            #expect(
                abs(average - perDay.reduce(0, +) / 3) < 1e-9, "Trends \(type): the average is the API's days' mean")
            #expect(
                try summary("minimum") == perDay.min() && summary("maximum") == perDay.max(), "Trends \(type): extremes"
            )
        }

        // Calendar: each day's cell in its month, for steps and active energy.
        for day in days {
            let month = String(day.day.prefix(7))
            for (type, expected) in [
                ("stepCount", api[day.day]?.steps), ("activeEnergyBurned", api[day.day]?.activeCalories),
            ] {
                try browser.open(base + "/calendar?month=\(month)&figure=\(type)")
                let cell = try Self.values(browser, #"td[data-date="\#(day.day)"]"#)
                #expect(
                    cell.count == 1 && cell.first == expected,
                    "Calendar \(type) \(day.day): \(cell) is the API's \(String(describing: expected))")
            }
        }
    }
}
