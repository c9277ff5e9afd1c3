import Foundation
import Logging
import MCP
import VitalsCore

/// A Model Context Protocol server offering a ``HealthToolbox``'s tools to one client.
///
/// Every tool is read-only. A call with a wrong argument answers a tool error (`isError`)
/// naming the argument, so the model can correct itself; a failing store answers one that says
/// what failed without health values. Answers are JSON: as text content and as structured content.
public struct HealthMCPServer: Sendable {
    /// The tools and the reader they answer from.
    public var toolbox: HealthToolbox
    /// The name and version the server tells clients.
    public var name: String
    public var version: String

    /// A server named `name` at `version` offering `toolbox`'s tools.
    public init(toolbox: HealthToolbox, name: String = "vitals", version: String) {
        self.toolbox = toolbox
        self.name = name
        self.version = version
    }

    /// Serves over `transport` until the client closes it.
    public func run(transport: any Transport) async throws {
        let server = Server(name: name, version: version, title: "Vitals health data",
                            instructions: Self.instructions, capabilities: .init(tools: .init(listChanged: false)))
        let toolbox = toolbox
        await server.withMethodHandler(ListTools.self) { _ in
            ListTools.Result(tools: HealthToolbox.tools.map(\.mcpTool))
        }
        await server.withMethodHandler(CallTool.self) { parameters in
            await Self.answer(parameters, toolbox: toolbox)
        }
        try await server.start(transport: transport)
        await server.waitUntilCompleted()
        await server.stop()
    }

    /// The answer to one call: the tool's JSON, or a tool error that says what was wrong.
    static func answer(_ parameters: CallTool.Parameters, toolbox: HealthToolbox) async -> CallTool.Result {
        do {
            let value = try await toolbox.call(parameters.name, arguments: parameters.arguments ?? [:])
            return CallTool.Result(content: [.text(text: text(of: value), annotations: nil, _meta: nil)],
                                   structuredContent: Optional.some(value), isError: false)
        } catch let error as VitalsError {
            return failure(error.description)
        } catch {
            return failure("the store could not answer: \(type(of: error))")
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
