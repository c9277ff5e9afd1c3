import MCP

/// One read-only tool an assistant can call: its name, what it answers, its JSON Schema input, and how it runs.
public struct HealthTool: Sendable {
    /// The name clients call it by (`day_summary`).
    public var name: String
    /// A short human title.
    public var title: String
    /// What the tool answers, in the words a model reads to choose it.
    public var description: String
    /// The JSON Schema of its arguments (an object schema).
    public var inputSchema: Value
    /// Answers one call; throws a `VitalsError` located at the argument that was wrong.
    var run: @Sendable (HealthToolbox, ToolArguments) async throws -> Value

    /// The tool as the MCP SDK lists it: read-only, idempotent, closed world.
    public var mcpTool: Tool {
        Tool(
            name: name, title: title, description: description, inputSchema: inputSchema,
            annotations: .init(
                title: title, readOnlyHint: true, destructiveHint: false, idempotentHint: true,
                openWorldHint: false))
    }
}

/// JSON Schema pieces the tools' inputs are made of.
enum Schema {
    /// An object schema with `properties`, the `required` ones, and no others allowed.
    static func object(_ properties: [String: Value], required: [String] = []) -> Value {
        var schema: [String: Value] = [
            "type": "object", "properties": .object(properties), "additionalProperties": false,
        ]
        if !required.isEmpty { schema["required"] = .array(required.map { .string($0) }) }
        return .object(schema)
    }

    static func string(_ description: String, pattern: String? = nil) -> Value {
        var schema: [String: Value] = ["type": "string", "description": .string(description)]
        if let pattern { schema["pattern"] = .string(pattern) }
        return .object(schema)
    }

    static func choice(_ description: String, _ values: [String]) -> Value {
        .object(["type": "string", "description": .string(description), "enum": .array(values.map { .string($0) })])
    }

    static func integer(_ description: String, in range: ClosedRange<Int>) -> Value {
        .object([
            "type": "integer", "description": .string(description), "minimum": .int(range.lowerBound),
            "maximum": .int(range.upperBound),
        ])
    }

    static func number(_ description: String, minimum: Double) -> Value {
        .object(["type": "number", "description": .string(description), "minimum": .double(minimum)])
    }

    static func boolean(_ description: String) -> Value {
        .object(["type": "boolean", "description": .string(description)])
    }

    /// A local date or an instant, as every date argument takes.
    static func date(_ description: String) -> Value {
        string(description + " YYYY-MM-DD (local midnight in the store's zone) or ISO 8601 with an offset.")
    }

    static func type(
        _ description: String =
            "A HealthKit type: its short name (stepCount, heartRate, sleepAnalysis) or identifier (HKQuantityTypeIdentifierStepCount); list_holdings names the stored ones."
    ) -> Value {
        string(description)
    }
}
