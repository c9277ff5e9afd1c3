import Foundation
import Logging
import MCP
import VitalsCore

/// A Model Context Protocol server offering a ``HealthToolbox``'s tools to one client.
///
/// Every tool is read-only. A call with a wrong argument answers a tool error (`isError`)
/// naming the argument, so the model can correct itself; a failing store answers one that says
/// what failed without health values. Answers are JSON text (one text content block).
public struct HealthMCPServer: Sendable {
    /// The tools and the reader they answer from.
    public var toolbox: HealthToolbox
    /// The name and version the server tells clients.
    public var name: String
    public var version: String
    /// Says what failed for an error that is not a `VitalsError` and is known to hold no health
    /// values (a remote reader's HTTP failure); `nil` names only the error's type.
    public var describe: @Sendable (any Error) -> String?

    /// A server named `name` at `version` offering `toolbox`'s tools.
    public init(
        toolbox: HealthToolbox, name: String = "vitals", version: String,
        describe: @escaping @Sendable (any Error) -> String? = { _ in nil }
    ) {
        self.toolbox = toolbox
        self.name = name
        self.version = version
        self.describe = describe
    }

    /// Serves over `transport` until the client closes it.
    public func run(transport: any Transport) async throws {
        let server = Server(
            name: name, version: version, title: "Vitals health data",
            instructions: Self.instructions, capabilities: .init(tools: .init(listChanged: false)))
        let toolbox = toolbox, describe = describe
        await server.withMethodHandler(ListTools.self) { _ in
            ListTools.Result(tools: HealthToolbox.tools.map(\.mcpTool))
        }
        await server.withMethodHandler(CallTool.self) { parameters in
            await Self.answer(parameters, toolbox: toolbox, describe: describe)
        }
        try await server.start(transport: transport)
        await server.waitUntilCompleted()
        await server.stop()
    }

    /// The answer to one call: the tool's JSON, or a tool error that says what was wrong.
    static func answer(
        _ parameters: CallTool.Parameters, toolbox: HealthToolbox,
        describe: @Sendable (any Error) -> String? = { _ in nil }
    ) async -> CallTool.Result {
        do {
            let value = try await toolbox.call(parameters.name, arguments: parameters.arguments ?? [:])
            // Text only: the SDK turns a result into its generic form by decoding it node by node
            // (each string through a regular expression), so a year of buckets as structured content
            // costs ~50 ms; as one text node it costs next to nothing. Clients parse the JSON text.
            return CallTool.Result(
                content: [.text(text: text(of: value), annotations: nil, _meta: nil)], isError: false)
        } catch let error as VitalsError {
            return failure(error.description)
        } catch {
            return failure("the store could not answer: " + (describe(error) ?? "\(type(of: error))"))
        }
    }

    private static func failure(_ message: String) -> CallTool.Result {
        CallTool.Result(content: [.text(text: message, annotations: nil, _meta: nil)], isError: true)
    }

    /// JSON text of an answer, keys sorted so equal answers read alike.
    static func text(of value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).flatMap { String(data: $0, encoding: .utf8) } ?? "null"
    }

    /// What the server tells a client its tools are for.
    static let instructions = """
        Read-only access to one person's health data with Apple Health's semantics: sources are merged by \
        priority (a walk counted by both the iPhone and the Watch counts once), sleep is the union of asleep \
        stages, days are local days in the answer's `zone`. Start with list_holdings to see which types and \
        dates exist; use statistics for totals and averages, samples only to inspect single records.
        """
}
