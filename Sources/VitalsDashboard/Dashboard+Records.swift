import Foundation
import HTTPTypes
import Hummingbird
import VitalsCore
import VitalsInsights

extension Dashboard {
    /// The Records page and its forms (all relative to the base path):
    /// - `GET /records?kind=&from=&to=`: one table per kind, local or from its source;
    /// - `GET /records/new?kind=` and `POST /records/new`: add a local record;
    /// - `GET /records/{id}/edit` and `POST /records/{id}/edit`: edit a local record;
    /// - `POST /records/{id}/delete` (with `confirm=yes`): delete a local record.
    ///
    /// A saved form answers 303 to the kind's records (Post/Redirect/Get); a refused value 400
    /// with the form as typed; another source's record 403; a scope without a writer 403 to every form.
    func registerRecords(on router: some RouterMethods<Context>) {
        let dashboard = self
        router.get("/records") { request, context -> Response in
            let scope = try await dashboard.scope(request, context)
            let today = LocalDate(containing: dashboard.configuration.now(), in: scope.calendar)
            let asked: RecordsRequest
            switch Result(catching: { () throws(BadParameter) in
                try RecordsRequest(QueryParameters(request), today: today)
            }) {
            case .success(let parsed): asked = parsed
            case .failure(let error):
                return dashboard.badRequest(scope: scope, error, page: "Records", home: dashboard.links.recordsHome)
            }
            return await dashboard.page(status: .ok) { try await dashboard.recordsPage(scope: scope, request: asked) }
        }
        router.get("/records/new") { request, context -> Response in
            let scope = try await dashboard.scope(request, context)
            guard scope.records != nil else { return dashboard.readOnlyScope(scope) }
            let name = QueryParameters(request)["kind"] ?? RecordKind.weight.pathName
            guard let kind = RecordKind(pathName: name) else {
                return dashboard.badRequest(
                    scope: scope,
                    BadParameter(
                        "kind",
                        "'\(name)' is not a record kind; use weight, "
                            + "nutrition, active-energy or resting-energy"), page: "Records",
                    home: dashboard.links.recordsHome)
            }
            let form = RecordForm(kind: kind, now: dashboard.configuration.now(), calendar: scope.calendar)
            return Self.html(dashboard.formPage(scope).add(form), status: .ok)
        }
        router.post("/records/new") { request, context -> Response in
            let scope = try await dashboard.scope(request, context)
            let posted = try await FormFields(request.body.collect(upTo: Self.formBodyLimit))
            return await dashboard.respond { try await dashboard.addRecord(scope: scope, posted: posted) }
        }
        registerRecordEdits(on: router)
    }

    /// The largest form body read (the server's middleware has the same limit).
    static var formBodyLimit: Int { 64 * 1024 }

    /// The Records page `request` asks for, as a document.
    func recordsPage(scope: DashboardScope, request: RecordsRequest) async throws -> String {
        let store =
            scope.reader as? any HealthStore ?? ReadOnlyRecordStore(reader: scope.reader, calendar: scope.calendar)
        let data = try await RecordsData.load(
            store: store, request: request, calendar: scope.calendar,
            canWrite: scope.records != nil,
            isEmptyStore: try await DashboardQueries(scope: scope).isEmpty())
        return RecordsPage(data: data, layout: layout(scope), calendar: scope.calendar).render()
    }

    /// Saves the posted add form: 303 to the record's kind, or the form again with what is wrong (400).
    private func addRecord(scope: DashboardScope, posted: FormFields) async throws -> Response {
        guard let writer = scope.records else { return readOnlyScope(scope) }
        guard let kind = posted["kind"].flatMap(RecordKind.init(pathName:)) else {
            return badRequest(
                scope: scope, BadParameter("kind", "the form names no record kind"), page: "Records",
                home: links.recordsHome)
        }
        var form = RecordForm(kind: kind, posted: posted)
        guard let parsed = form.parse(in: scope.calendar) else {
            return Self.html(formPage(scope).add(form), status: .badRequest)
        }
        do {
            let saved = try await writer.add(form.record(parsed, source: writer.appSource))
            return recordsRedirect(kind: kind, around: saved.start, scope: scope)
        } catch let error as VitalsError where Self.isFormError(error) {
            form.note(error)
            return Self.html(formPage(scope).add(form), status: .badRequest)
        }
    }

    /// 303 to the week of `kind`'s records ending on the day of `date`.
    func recordsRedirect(kind: RecordKind, around date: Date, scope: DashboardScope) -> Response {
        let day = LocalDate(containing: date, in: scope.calendar)
        let target = links.records(RecordsRequest(kind: kind, from: day.adding(days: -6), to: day.adding(days: 1)))
        return Response(status: .seeOther, headers: [.location: target, .cacheControl: "no-store"])
    }

    /// Whether `error` is about a value the form can show next to its field.
    static func isFormError(_ error: VitalsError) -> Bool {
        [.invalidValue, .invalidDateRange, .invalidInput, .incompatibleUnit, .invalidDate].contains(error.code)
    }

    /// The forms of `scope`'s pages.
    func formPage(_ scope: DashboardScope) -> RecordFormPage {
        RecordFormPage(layout: layout(scope), session: scope.session)
    }

    /// 403: this scope shows records read-only (it has no writer).
    func readOnlyScope(_ scope: DashboardScope) -> Response {
        recordRefusal(
            scope: scope, status: .forbidden, title: "Records are read-only here",
            message: "This dashboard shows records but cannot change them; nothing was changed.")
    }

    /// A refusal page in the scope's frame: why, and a link back to the records.
    func recordRefusal(scope: DashboardScope, status: HTTPResponse.Status, title: String, message: String) -> Response {
        let body = layout(scope).page(title: title, current: .records) {
            Tag.h1 { title }
            Tag.p(.class("error"), .role("alert"), .data("refusal", String(status.code))) { message }
            Tag.p { Tag.a(.href(links.recordsHome)) { "Back to the records" } }
        }
        return Self.html(body, status: status)
    }
}
