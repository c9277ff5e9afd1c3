import Foundation
import VitalsCore
import VitalsImport

/// The Health Auto Export target: the import parser, lenient and strict.
///
/// A document the strict parser takes, the lenient one takes with the same samples; every
/// sample the lenient parser gives passes `Sample.validated()`; every error is located.
enum HAEFuzz {
    static let file = "fuzz.json"

    /// Nil when the invariants held; else what broke.
    static func check(_ data: Data) -> String? {
        let lenient = Result { () throws(VitalsError) in
            try HealthAutoExportParser(strict: false).parse(data, file: file)
        }
        let strict = Result { () throws(VitalsError) in try HealthAutoExportParser(strict: true).parse(data, file: file)
        }
        for error in [lenient, strict].compactMap(\.failure) where error.location == nil {
            return "an error without a location: \(error)"
        }
        if case .success(let batch) = lenient {
            for error in batch.unreadable where error.location == nil {
                return "an unreadable item without a location: \(error)"
            }
            for sample in batch.samples {
                do { _ = try sample.validated() } catch { return "a parsed sample does not validate: \(error)" }
            }
        }
        if case .success(let strictBatch) = strict {
            guard case .success(let lenientBatch) = lenient else {
                return "strict accepts what lenient refuses: \(lenient)"
            }
            if strictBatch.samples.map(\.uuid) != lenientBatch.samples.map(\.uuid) {
                return
                    "strict and lenient give different samples (\(strictBatch.samples.count) vs \(lenientBatch.samples.count))"
            }
        }
        return nil
    }
}
