import Foundation
import PostgresNIO
import Testing

@testable import VitalsPostgres

/// ``PostgresArrayColumn`` writes PostgreSQL's binary array format itself; PostgreSQL must read
/// exactly what PostgresNIO's own array encoding of the same values gives it.
@Suite("Server: array parameters written in one pass")
struct PostgresArrayColumnTests {
    static let texts = ["", "Anna’s Apple Watch", "🫀 ☕️", String(repeating: "x", count: 3_000), "a\"b\\c,{d}"]
    static let numbers = [0, -0.0, 1.5, -2.25e-300, 1.7976931348623157e308, .infinity, 62, 0.1 + 0.2]
    static let uuids = [UUID(), UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, UUID()]

    @Test("Text, float8 and UUID columns, empty or not, read back as PostgresNIO's encoding of them")
    func sameAsBuiltIn() async throws {
        let url = try await TestPostgres.shared.newDatabase()
        try await PostgresRepository.withRepository(url: url) { repository in
            func check(
                _ column: PostgresArrayColumn, _ builtIn: some PostgresThrowingDynamicTypeEncodable,
                count: Int
            ) async throws {
                var bindings = PostgresBindings(capacity: 2)
                bindings.append(column)
                try bindings.append(builtIn)
                let query = PostgresQuery(unsafeSQL: "SELECT $1::text, $2::text, cardinality($1)", binds: bindings)
                let row = try #require(try await repository.client.query(query).collect().first)
                let (ours, theirs, cardinality) = try row.decode((String, String, Int32).self)
                #expect(ours == theirs, "\(column.psqlType)")
                #expect(Int(cardinality) == count, "\(column.psqlType)")
            }
            try await check(.text(Self.texts), Self.texts, count: Self.texts.count)
            try await check(.float8(Self.numbers), Self.numbers, count: Self.numbers.count)
            try await check(.uuid(Self.uuids), Self.uuids, count: Self.uuids.count)
            try await check(.text([]), [String](), count: 0)
            try await check(.float8([]), [Double](), count: 0)
            try await check(.uuid([]), [UUID](), count: 0)
        }
    }
}
