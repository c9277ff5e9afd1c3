import Foundation
import VitalsCore
import VitalsServerStorage

extension ImportJob {
    /// The failure an import error is reported as: a `VitalsError`'s code (snake_case) and
    /// message with its byte offset (its file, a path on the server, left out); anything else
    /// by its type alone.
    static func failure(_ error: any Error) -> Failure {
        guard let error = error as? VitalsError else {
            return Failure(code: "internal", message: "the import failed (\(type(of: error)))")
        }
        var message = error.message
        let offset = error.location?.byteOffset
        if let offset { message += " (at byte \(offset) of the export's XML)" }
        return Failure(code: APIError.snakeCase(error.code.description), message: message, byteOffset: offset)
    }
}
