import Foundation
import HTTPTypes
import Hummingbird
import VitalsCore
import VitalsInsights

extension Dashboard {
    /// `GET`/`POST /records/{id}/edit` and `POST /records/{id}/delete`: local records only.
    ///
    /// A record of another source is refused before any value is read from the form (403, the
    /// page names its source); an unknown id is a 404; a scope without a writer refuses (403).
    func registerRecordEdits(on router: some RouterMethods<Context>) {
        let dashboard = self
        router.get("/records/:id/edit") { request, context -> Response in
            let scope = try await dashboard.scope(request, context)
            let id = context.parameters.get("id") ?? ""
            return await dashboard.respond {
                switch try await dashboard.editableRecord(id, scope: scope) {
                case .refused(let response): return response
                case .found(let record, _):
                    let form = RecordForm(record: record, calendar: scope.calendar)
                    return Self.html(dashboard.formPage(scope).edit(form, record: record), status: .ok)
                }
            }
        }
        router.post("/records/:id/edit") { request, context -> Response in
            let scope = try await dashboard.scope(request, context)
            let id = context.parameters.get("id") ?? ""
            let posted = try await FormFields(request.body.collect(upTo: Self.formBodyLimit))
            return await dashboard.respond {
                switch try await dashboard.editableRecord(id, scope: scope) {
                case .refused(let response): return response
                case .found(let record, let writer):
                    return try await dashboard.saveEdit(record, posted: posted, writer: writer, scope: scope)
                }
            }
        }
        router.post("/records/:id/delete") { request, context -> Response in
            let scope = try await dashboard.scope(request, context)
            let id = context.parameters.get("id") ?? ""
            let posted = try await FormFields(request.body.collect(upTo: Self.formBodyLimit))
            return await dashboard.respond {
                switch try await dashboard.editableRecord(id, scope: scope) {
                case .refused(let response): return response
                case .found(let record, let writer):
                    guard posted["confirm"] == "yes" else {
                        let form = RecordForm(record: record, calendar: scope.calendar)
                        let page = dashboard.formPage(scope).edit(
                            form, record: record,
                            confirmError: "Tick the box to confirm the delete; nothing was deleted.")
                        return Self.html(page, status: .badRequest)
                    }
                    try await writer.delete(record.id)
                    return dashboard.recordsRedirect(kind: type(of: record).kind, around: record.start, scope: scope)
                }
            }
        }
    }

    /// A local record to change with the writer that may, or the page refusing it.
    enum EditableRecord {
        case found(any HealthRecord, any DashboardRecordWriting)
        case refused(Response)
    }

    /// The record `text` names if the scope may change it: 403 without a writer or for another
    /// source's record, 404 for an unknown id.
    func editableRecord(_ text: String, scope: DashboardScope) async throws -> EditableRecord {
        guard let writer = scope.records else { return .refused(readOnlyScope(scope)) }
        let missing = EditableRecord.refused(
            recordRefusal(
                scope: scope, status: .notFound, title: "No such record",
                message: "There is no record \(text) to change."))
        guard let id = UUID(uuidString: text) else { return missing }
        let record: any HealthRecord
        do {
            record = try await writer.record(withID: id)
        } catch let error as VitalsError where error.code == .notFound || error.code == .unknownType {
            return missing
        }
        guard record.origin.isEditable else {
            return .refused(
                recordRefusal(
                    scope: scope, status: .forbidden, title: "This record is read-only",
                    message:
                        "This record comes from \(record.source.name); only local records can be edited or deleted here. Nothing was changed."
                ))
        }
        return .found(record, writer)
    }

    /// Applies the posted edit form to `record`: 303 to its kind, or the form again (400).
    private func saveEdit(
        _ record: any HealthRecord, posted: FormFields, writer: any DashboardRecordWriting,
        scope: DashboardScope
    ) async throws -> Response {
        let kind = type(of: record).kind
        var form = RecordForm(kind: kind, posted: posted)
        guard let parsed = form.parse(in: scope.calendar) else {
            return Self.html(formPage(scope).edit(form, record: record), status: .badRequest)
        }
        do {
            let edited = try await writer.edit(record.id, applying: form.change(parsed))
            return recordsRedirect(kind: kind, around: edited.start, scope: scope)
        } catch let error as VitalsError where Self.isFormError(error) {
            form.note(error)
            return Self.html(formPage(scope).edit(form, record: record), status: .badRequest)
        }
    }
}
