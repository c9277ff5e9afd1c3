import Foundation
import Testing
import VitalsCore
import VitalsServer

@Suite("Server repository writes")
struct RepositoryWriteTests {
    @Test("Concurrent writes commit together, and a failing one rolls back alone", arguments: Backend.allCases)
    func concurrentWrites(backend: Backend) async throws {
        try await withServer(backend) { harness in
            let repository = harness.repository
            // 65 concurrent writes: 10 reuse a name (refused before writing), 5 reuse the token hash
            // of an existing user (refused by the database after their user row was inserted:
            // that row must be rolled back with them).
            let taken = TokenHasher.hash(TokenHasher.newToken())
            _ = try await repository.addUser(name: "owner", timeZone: "UTC", tokenHash: taken, at: ServerConfiguration.fixedNow)
            let writes = (0..<50).map { ("user-\($0)", TokenHasher.hash(TokenHasher.newToken())) }
                + (0..<10).map { ("user-\($0)", TokenHasher.hash(TokenHasher.newToken())) }
                + (0..<5).map { ("late-\($0)", taken) }
            let names = writes.map(\.0)
            let outcomes = await withTaskGroup(of: VitalsError.Code?.self) { group in
                for (name, hash) in writes {
                    group.addTask {
                        do {
                            _ = try await repository.addUser(name: name, timeZone: "UTC", tokenHash: hash,
                                                             at: ServerConfiguration.fixedNow)
                            return nil
                        } catch let error as VitalsError {
                            return error.code
                        } catch {
                            return .database
                        }
                    }
                }
                var codes: [VitalsError.Code?] = []
                for await code in group { codes.append(code) }
                return codes
            }
            #expect(outcomes.filter { $0 == nil }.count == 50)
            #expect(outcomes.filter { $0 == .duplicate }.count == 10)
            #expect(outcomes.filter { $0 == .database }.count == 5)
            let stored = Set(try await repository.users().map(\.name))
            #expect(stored == Set(names.filter { $0.hasPrefix("user-") }).union(["owner"]))
        }
    }
}
