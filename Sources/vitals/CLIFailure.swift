import ArgumentParser
import Foundation
import VitalsCore

/// Runs a command body, turning `VitalsError`s into a message on stderr and a meaningful exit code.
func runReportingErrors(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let error as VitalsError {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        throw ExitCode(exitCode(for: error))
    }
}

/// The process exit code for an error (BSD sysexits where one fits).
///
/// A problem in an argument (its location names a `--flag`) is 64; a problem in input data
/// (its location names a file) is 65; otherwise the error's category decides.
func exitCode(for error: VitalsError) -> Int32 {
    let code = error.code
    if error.location?.field?.hasPrefix("--") == true, code != .notFound { return 64 }
    let dataProblems: [VitalsError.Code] = [
        .invalidDate, .invalidUnit, .incompatibleUnit, .invalidValue, .invalidInput,
        .unknownType, .invalidDateRange, .invalidTimeZone,
    ]
    if error.location?.file != nil, dataProblems.contains(code) { return 65 }
    return switch code {
    case .invalidDate, .invalidTimeZone, .unknownType, .unsupportedStatistics: 64
    case .invalidInput, .invalidUnit, .incompatibleUnit, .invalidValue, .invalidDateRange, .readOnly: 65
    case .io: 66
    case .unavailable: 69
    case .duplicate: 73
    case .database: 74
    case .notFound: 76
    case .authorizationDenied, .authorizationNotDetermined: 77
    case .newerSchema: 78
    case .cancelled: 130
    default: 1
    }
}

/// Plain-text and JSON output.
enum Output {
    /// Prints a JSON value (object or array) on one line, keys sorted.
    static func json(_ value: Any) {
        print(SampleJSON.encode(value))
    }

    /// Prints rows as aligned columns under a header.
    static func table(_ header: [String], _ rows: [[String]]) {
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        print(line(header))
        for row in rows { print(line(row)) }
    }

    /// A number with at most `digits` decimals, no trailing zeros.
    static func number(_ value: Double, digits: Int = 2) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return String(value) }
        let rounded = (value * pow(10, Double(digits))).rounded() / pow(10, Double(digits))
        if rounded == rounded.rounded() { return String(Int64(rounded)) }
        return String(format: "%.\(digits)f", rounded)
            .replacingOccurrences(of: "0+$", with: "", options: .regularExpression)
    }
}
