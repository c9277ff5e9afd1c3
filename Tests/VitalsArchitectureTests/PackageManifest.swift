import Foundation

/// The targets of `Package.swift` and what each declares, read from the manifest's text.
///
/// Reads the subset of the manifest language this package uses: `.target(`, `.executableTarget(`
/// and `.testTarget(` calls with a `name:`, an optional `dependencies:` (a list, or a variable
/// declared as a list and appended to) and an optional `path:`.
struct PackageManifest {
    /// One target.
    struct Target {
        /// `target`, `executableTarget` or `testTarget`.
        var kind: String
        var name: String
        /// Target names and product names, as written.
        var dependencies: Set<String>
        /// The folder of its sources, relative to the package.
        var path: String
        /// The name its sources are imported by (`vitals-fuzz` is `vitals_fuzz`).
        var moduleName: String { name.replacingOccurrences(of: "-", with: "_") }
    }

    let targets: [Target]

    /// Reads `text`, the manifest.
    init(_ text: String) {
        let code = Self.withoutComments(text)
        var targets: [Target] = []
        let call = try! NSRegularExpression(pattern: #"\.(target|executableTarget|testTarget)\("#)
        for match in call.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
            let kind = String(code[Range(match.range(at: 1), in: code)!])
            let open = code.index(Range(match.range, in: code)!.upperBound, offsetBy: -1)
            let body = Self.balanced(code, from: open)
            guard let name = Self.firstString(after: "name:", in: body) else { continue }
            var dependencies: Set<String> = []
            if let range = body.range(of: "dependencies:") {
                let rest = body[range.upperBound...].drop { $0 == " " || $0 == "\n" }
                if rest.first == "[" {
                    let list = String(rest)
                    dependencies = Self.names(in: Self.balanced(list, from: list.startIndex))
                } else {
                    let variable = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                    dependencies = Self.variable(variable, in: code)
                }
            }
            let defaultPath = (kind == "testTarget" ? "Tests/" : "Sources/") + name
            targets.append(
                Target(
                    kind: kind, name: name, dependencies: dependencies,
                    path: Self.firstString(after: "path:", in: body) ?? defaultPath))
        }
        self.targets = targets
    }

    /// The names in a dependency list: `.product(name: "P", ...)` gives P, a bare string a target.
    static func names(in list: String) -> Set<String> {
        var names: Set<String> = []
        let product = try! NSRegularExpression(pattern: #"\.product\(name:\s*"([^"]+)"[^)]*\)"#)
        let range = NSRange(list.startIndex..., in: list)
        for match in product.matches(in: list, range: range) {
            names.insert(String(list[Range(match.range(at: 1), in: list)!]))
        }
        let bare = product.stringByReplacingMatches(in: list, range: range, withTemplate: "")
        let string = try! NSRegularExpression(pattern: #""([^"]+)""#)
        for match in string.matches(in: bare, range: NSRange(bare.startIndex..., in: bare)) {
            names.insert(String(bare[Range(match.range(at: 1), in: bare)!]))
        }
        return names
    }

    /// What `var NAME: [Target.Dependency] = [...]` holds with every `NAME.append("X")`.
    static func variable(_ name: String, in code: String) -> Set<String> {
        guard let declaration = code.range(of: "var \(name): [Target.Dependency] = ") else { return [] }
        var names = Self.names(in: Self.balanced(code, from: declaration.upperBound))
        let append = try! NSRegularExpression(
            pattern: NSRegularExpression.escapedPattern(for: name) + #"\.append\("([^"]+)"\)"#)
        for match in append.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
            names.insert(String(code[Range(match.range(at: 1), in: code)!]))
        }
        return names
    }

    /// The first string literal after `label` in `text`.
    static func firstString(after label: String, in text: String) -> String? {
        guard let range = text.range(of: label) else { return nil }
        let rest = text[range.upperBound...].drop { $0 == " " }
        guard rest.first == "\"" else { return nil }
        return String(rest.dropFirst().prefix { $0 != "\"" })
    }

    /// The text from the bracket or parenthesis at `start` to the one that closes it.
    static func balanced(_ text: String, from start: String.Index) -> String {
        var depth = 0, inString = false
        var index = start
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" { inString.toggle() }
            if !inString {
                if character == "(" || character == "[" { depth += 1 }
                if character == ")" || character == "]" {
                    depth -= 1
                    if depth == 0 { return String(text[start...index]) }
                }
            }
            index = text.index(after: index)
        }
        return String(text[start...])
    }

    /// `text` without `//` comments (outside string literals).
    static func withoutComments(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            var inString = false
            var previous: Character = " "
            for index in line.indices {
                let character = line[index]
                if character == "\"" { inString.toggle() }
                if !inString, character == "/", previous == "/" { return line[..<line.index(before: index)] }
                previous = character
            }
            return line
        }.joined(separator: "\n")
    }
}
