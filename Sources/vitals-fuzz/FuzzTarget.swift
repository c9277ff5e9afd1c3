import Foundation

/// One fuzz target of `vitals-fuzz`: a parser and the invariants its output must keep.
///
/// ``check(_:)`` runs the input through the parser; a thrown parser error is a normal outcome,
/// while a broken invariant (two readers disagreeing, an error without a location, a value that
/// does not survive a round trip) comes back as a message. A crash, trap or hang inside the
/// parser is what libFuzzer and AddressSanitizer catch on their own.
enum FuzzTarget: String, CaseIterable, Sendable {
    /// Apple Health export XML: the byte scanner and the document handler (`ExportXMLCheck`).
    case xml
    /// JSON: the tree parser against the streaming reader.
    case json
    /// Health Auto Export JSON: `HealthAutoExportParser`, strict and lenient.
    case hae
    /// JSON Lines as `vitals add --jsonl` reads them: `SampleJSON.decodeLines`.
    case jsonl
    /// HealthKit unit strings: `HealthUnit(parsing:)`.
    case unit
    /// `export.zip` files: the importer's zip reader (`ExportZipCheck`).
    case zip

    /// Runs `data` through the target; nil when every invariant held, else what broke.
    func check(_ data: Data) -> String? {
        switch self {
        case .xml: XMLFuzz.check(data)
        case .json: JSONFuzz.check(data)
        case .hae: HAEFuzz.check(data)
        case .jsonl: JSONLinesFuzz.check(data)
        case .unit: UnitFuzz.check(data)
        case .zip: ZipFuzz.check(data)
        }
    }
}
