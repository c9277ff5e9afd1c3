import Foundation
import VitalsInsights

extension OpenAPIDocument {
    /// The insights' paths (``ServerRoutes/registerInsights(on:)``).
    static var insightsPaths: [String: Any] {
        let day: [String: Any] = [
            "name": "date", "in": "query", "required": false,
            "description": "The day, YYYY-MM-DD in the user's zone (default: today); a night's figures are the "
                + "night that ends on it",
            "schema": ["type": "string", "format": "date"],
        ]
        func figure(_ name: String, _ description: String) -> [String: Any] {
            [
                "name": name, "in": "query", "required": true, "description": description,
                "schema": ["type": "string", "enum": DailyFigure.allCases.map(\.rawValue)],
            ]
        }
        return [
            "/api/me/insights": [
                "get": operation(
                    "A day's insights with their working, as vitals insights --json prints them: sleep score, "
                        + "overnight vitals against the person's range, readiness, trends and factor effects; a "
                        + "figure without its inputs is {\"missing\": reason}, never zero",
                    parameters: [day],
                    responses: ["200": ok("The day's insights", ref("DayInsights")), "400": error])
            ],
            "/api/me/insights/correlation": [
                "get": operation(
                    "Pearson's r of two daily figures over the days ending on date (y lag days after x)",
                    parameters: [
                        figure("x", "The first daily figure"), figure("y", "The second daily figure"),
                        [
                            "name": "lag", "in": "query", "required": false,
                            "description": "Take y this many days after x: 0 or 1 (default 0)",
                            "schema": ["type": "integer", "minimum": 0, "maximum": 1],
                        ],
                        [
                            "name": "days", "in": "query", "required": false,
                            "description": "The days looked at, ending on date: \(Correlation.minimumPairs) to 3660 "
                                + "(default 90)",
                            "schema": ["type": "integer", "minimum": Correlation.minimumPairs, "maximum": 3660],
                        ],
                        day,
                    ],
                    responses: [
                        "200": ok("The correlation, or why there is none", ref("CorrelationInsight")), "400": error,
                    ])
            ],
        ]
    }
}
