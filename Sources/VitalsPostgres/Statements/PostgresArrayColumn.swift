import Foundation
import NIOCore
import PostgresNIO

/// A column of values bound as one one-dimensional array parameter, written in one pass.
///
/// PostgresNIO's `Array` encoding frames each element on its own through the generic encoder
/// (a length placeholder written, the value, the length patched) and grows the buffer as it
/// goes: for the seven arrays of an ingest's ~200 rows that was 3-4% of the server's CPU. This
/// measures the column first, reserves it, and writes each element's length and bytes straight
/// in. The wire format is PostgreSQL's binary array (`array_send`): dimensions, a null flag,
/// the element type, then for a non-empty array its length, lower bound 1 and the elements.
enum PostgresArrayColumn: PostgresDynamicTypeEncodable {
    case text([String])
    case float8([Double])
    case uuid([UUID])

    var psqlType: PostgresDataType {
        switch self {
        case .text: .textArray
        case .float8: .float8Array
        case .uuid: .uuidArray
        }
    }

    var psqlFormat: PostgresFormat { .binary }

    func encode<JSONEncoder: PostgresJSONEncoder>(
        into buffer: inout ByteBuffer,
        context: PostgresEncodingContext<JSONEncoder>
    ) {
        switch self {
        case .text(let values):
            var bytes = 0
            for value in values { bytes += 4 + value.utf8.count }
            writeHeader(into: &buffer, element: .text, count: values.count, bytes: bytes)
            for value in values {
                buffer.writeInteger(Int32(value.utf8.count))
                buffer.writeString(value)
            }
        case .float8(let values):
            writeHeader(into: &buffer, element: .float8, count: values.count, bytes: 12 * values.count)
            for value in values {
                buffer.writeInteger(Int32(8))
                buffer.writeInteger(value.bitPattern)
            }
        case .uuid(let values):
            writeHeader(into: &buffer, element: .uuid, count: values.count, bytes: 20 * values.count)
            for value in values {
                buffer.writeInteger(Int32(16))
                withUnsafeBytes(of: value.uuid) { _ = buffer.writeBytes($0) }
            }
        }
    }

    /// Dimensions, null flag and element type; for a non-empty array also its length and lower
    /// bound, with room reserved for `bytes` of elements.
    private func writeHeader(into buffer: inout ByteBuffer, element: PostgresDataType, count: Int, bytes: Int) {
        buffer.reserveCapacity(minimumWritableBytes: 20 + bytes)
        buffer.writeInteger(UInt32(count == 0 ? 0 : 1))
        buffer.writeInteger(Int32(0))
        buffer.writeInteger(element.rawValue)
        guard count > 0 else { return }
        buffer.writeInteger(Int32(count))
        buffer.writeInteger(Int32(1))
    }
}
