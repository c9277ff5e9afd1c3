import Foundation
import Testing

/// ARCHITECTURE.md's table of modules is the truth about imports: these tests keep it, the
/// sources and Package.swift in step.
@Suite("Architecture: import rules")
struct ImportRuleTests {
    /// The package's folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// Modules of the system and the toolchain: not declared, not listed.
    static let system: Set<String> = [
        "Foundation", "FoundationEssentials", "Glibc", "Darwin", "Dispatch",
        "Synchronization", "Testing", "XCTest",
    ]
    /// Modules whose sources and transitive dependencies must not include a database client.
    static let readers = [
        "VitalsCore", "VitalsContract", "VitalsInsights", "VitalsExport", "VitalsDashboard", "VitalsMCP",
        "VitalsSync", "VitalsHealthKit", "VitalsTesting",
    ]
    /// Database clients.
    static let databases: Set<String> = ["GRDB", "GRDBSQLite", "CSQLiteSetup", "PostgresNIO", "VitalsStore"]

    static func manifest() throws -> PackageManifest {
        PackageManifest(try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8))
    }

    /// The modules imported by the Swift files under `path`, system modules left out.
    static func imports(under path: String) throws -> Set<String> {
        let folder = root.appendingPathComponent(path)
        let pattern = try NSRegularExpression(
            pattern:
                #"^\s*(?:@testable\s+|@_exported\s+|@preconcurrency\s+|public\s+|package\s+|internal\s+|private\s+|fileprivate\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z_0-9]*)"#,
            options: .anchorsMatchLines)
        var modules: Set<String> = []
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                modules.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        return modules.subtracting(system)
    }

    /// Whether the folder holds Swift files.
    static func hasSwiftSources(_ path: String) throws -> Bool {
        let files = FileManager.default.enumerator(
            at: root.appendingPathComponent(path), includingPropertiesForKeys: nil)
        return files?.contains { ($0 as? URL)?.pathExtension == "swift" } ?? false
    }

    /// ARCHITECTURE.md's rows: module → (Vitals modules, other modules).
    static func table() throws -> [String: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        var rows: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| Module") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3 else { continue }
            let listed = cells[1...2].flatMap { $0.split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0 != "—" && !$0.isEmpty }
            rows[cells[0]] = Set(listed)
        }
        return rows
    }

    @Test("Every source module's imports are exactly its row of ARCHITECTURE.md")
    func importsMatchTheTable() throws {
        let table = try Self.table()
        let modules = try Self.manifest().targets.filter { $0.kind != "testTarget" }
        #expect(!modules.isEmpty && table.count >= 10, "the manifest or the table was not read")
        for module in modules {
            guard let allowed = table[module.name] else {
                Issue.record("\(module.name) has no row in ARCHITECTURE.md")
                continue
            }
            let imported = try Self.imports(under: module.path)
            #expect(
                imported.subtracting(allowed).isEmpty,
                "\(module.name) imports \(imported.subtracting(allowed).sorted()), not in its row of ARCHITECTURE.md")
            #expect(
                allowed.subtracting(imported).isEmpty,
                "ARCHITECTURE.md lists \(allowed.subtracting(imported).sorted()) for \(module.name), which it does not import"
            )
        }
        let names = Set(modules.map(\.name))
        #expect(
            Set(table.keys).subtracting(names).isEmpty,
            "rows for no target: \(Set(table.keys).subtracting(names).sorted())")
    }

    @Test("Package.swift declares exactly what each target imports")
    func declaredAsImported() throws {
        let targets = try Self.manifest().targets
        let executables = Set(targets.filter { $0.kind == "executableTarget" }.map(\.name))
        #expect(targets.count >= 20)
        for target in targets where try Self.hasSwiftSources(target.path) {  // a C target includes, not imports
            let imported = try Self.imports(under: target.path)
            // A test may depend on an executable target to run it, without importing it.
            let declared = Set(target.dependencies.map { $0.replacingOccurrences(of: "-", with: "_") })
            let used = target.dependencies.filter(executables.contains).map {
                $0.replacingOccurrences(of: "-", with: "_")
            }
            #expect(
                imported.subtracting(declared).isEmpty,
                "\(target.name) imports \(imported.subtracting(declared).sorted()) without declaring them")
            #expect(
                declared.subtracting(imported).subtracting(used).isEmpty,
                "\(target.name) declares \(declared.subtracting(imported).subtracting(used).sorted()) and never imports them"
            )
        }
    }

    @Test("Readers link no database, and the server never links the sync client")
    func layering() throws {
        let targets = Dictionary(uniqueKeysWithValues: try Self.manifest().targets.map { ($0.name, $0) })
        func closure(of name: String) -> Set<String> {
            var seen: Set<String> = []
            var queue = [name]
            while let next = queue.popLast() {
                for dependency in targets[next]?.dependencies ?? [] where seen.insert(dependency).inserted {
                    queue.append(dependency)
                }
            }
            return seen
        }
        for reader in Self.readers {
            #expect(targets[reader] != nil, "\(reader) is not a target")
            let linked = closure(of: reader).intersection(Self.databases)
            #expect(linked.isEmpty, "\(reader) links \(linked.sorted())")
        }
        #expect(!closure(of: "VitalsServer").contains("VitalsSync"))
        #expect(!closure(of: "VitalsServer").contains("AsyncHTTPClient"))
        // Storage apart from HTTP: the server is handed a repository, and storage links no web framework.
        #expect(!closure(of: "VitalsServer").contains("VitalsPostgres"))
        #expect(closure(of: "VitalsServerStorage").isDisjoint(with: ["Hummingbird", "PostgresNIO", "VitalsServer"]))
        #expect(closure(of: "VitalsPostgres").isDisjoint(with: ["Hummingbird", "VitalsServer"]))
        #expect(closure(of: "VitalsStore").contains("GRDB"), "the closure is computed")
    }
}
