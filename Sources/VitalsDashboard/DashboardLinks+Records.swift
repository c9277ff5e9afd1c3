import Foundation
import VitalsCore
import VitalsInsights

extension DashboardLinks {
    /// The Records page with its defaults (every kind, the last 7 days).
    var recordsHome: String { basePath + "/records" }

    /// The Records page of `request`: `/records?kind=weight&from=2025-11-10&to=2025-11-17`.
    func records(_ request: RecordsRequest) -> String {
        var items: [(String, String)] = []
        if let kind = request.kind { items.append(("kind", kind.pathName)) }
        items += [("from", request.from.description), ("to", request.to.description)]
        return basePath + "/records" + Self.query(items)
    }

    /// The Records page of one kind with its default days.
    func records(of kind: RecordKind) -> String { basePath + "/records" + Self.query([("kind", kind.pathName)]) }

    /// The form adding a record of `kind` (`GET`), and where it posts (`POST /records/new`).
    func newRecord(_ kind: RecordKind) -> String { basePath + "/records/new" + Self.query([("kind", kind.pathName)]) }

    /// Where the add form posts.
    var addRecord: String { basePath + "/records/new" }

    /// The edit form of record `id` (`GET`), and where it posts.
    func editRecord(_ id: UUID) -> String { basePath + "/records/" + id.uuidString + "/edit" }

    /// Where the delete form of record `id` posts.
    func deleteRecord(_ id: UUID) -> String { basePath + "/records/" + id.uuidString + "/delete" }
}
