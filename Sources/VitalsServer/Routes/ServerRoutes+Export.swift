import Foundation
import Hummingbird
import NIOCore
import VitalsCore
import VitalsExport

extension ServerRoutes {
    /// The formats `GET /api/me/export?format=` answers in: the user's data as JSON, or an export format.
    static let exportFormats = ["json"] + ExportFormat.allCases.map(\.rawValue)

    /// `GET /api/me/export`: everything stored for the user as JSON, or streamed FHIR NDJSON, CSV or JSON Lines.
    ///
    /// Samples that start in `[from, to)` are exported (days in the user's zone, or instants; default
    /// all). One response cannot hold many files, so `format=fhir` answers every resource type in one
    /// NDJSON stream (the Patient first), `format=csv` one type's CSV (`type=`, required; `daily=true`
    /// for its daily statistics), `format=jsonl` the round-trip JSON Lines; `format=fhir&insights=true`
    /// adds each day's sleep score and readiness as Observations and the CodeSystem of their codes.
    /// The exporters are the
    /// CLI's (VitalsExport), reading through the user's ``ServerHealthReader`` a page at a time;
    /// the FHIR Patient has the birth date and gender of the user's stored characteristics.
    /// A `from` or `to` bound: a day (its midnight in the user's zone) or an ISO 8601 instant.
    static func exportBound(_ text: String?, field: String, calendar: Calendar) throws -> Date? {
        guard let text else { return nil }
        if let day = try? LocalDate(parsing: text) { return day.start(in: calendar) }
        if let instant = ISO8601.parse(text) { return instant }
        throw APIError(
            .badRequest, code: "invalid_query",
            "\(field) must be a day (YYYY-MM-DD, in your time zone) or an ISO 8601 instant", field: field)
    }

    func registerExport(on api: RouterGroup<VitalsRequestContext>) {
        api.get("/me/export") { request, context in
            let user = try context.requireUser()
            let query = request.uri.queryParameters
            // Every parameter is checked whatever the format, so a wrong one is never silently ignored.
            let type = try query.get("type").map { name -> SampleType in
                guard let type = SampleType(name: name), type.kind != .characteristic, type.kind != .other else {
                    throw APIError(
                        .badRequest, code: "invalid_query", "type must be a sample type's short name", field: "type")
                }
                return type
            }
            guard [nil, "true", "false"].contains(query.get("daily")) else {
                throw APIError(.badRequest, code: "invalid_query", "daily must be true or false", field: "daily")
            }
            guard [nil, "true", "false"].contains(query.get("insights")) else {
                throw APIError(.badRequest, code: "invalid_query", "insights must be true or false", field: "insights")
            }
            let insights = query.get("insights") == "true"
            guard let text = query.get("format"), text != "json" else {
                guard query.get("from") == nil, query.get("to") == nil else {
                    throw APIError(
                        .badRequest, code: "invalid_query", "from and to need format=fhir, csv or jsonl",
                        field: query.get("from") == nil ? "to" : "from")
                }
                return try JSONResponse.make(try await guarded { try await service.repository.export(user) })
            }
            guard let format = ExportFormat(rawValue: text) else {
                throw APIError(
                    .badRequest, code: "invalid_query",
                    "format must be one of \(Self.exportFormats.joined(separator: ", "))", field: "format")
            }
            if insights, format != .fhir {
                throw APIError(
                    .badRequest, code: "invalid_query", "insights=true needs format=fhir (they are FHIR Observations)",
                    field: "insights")
            }
            if format == .csv, type == nil {
                throw APIError(
                    .badRequest, code: "invalid_query", "format=csv needs type= (one CSV per type)", field: "type")
            }
            let daily = query.get("daily") == "true"
            let file = type.map { $0.shortName + (daily ? ".daily.csv" : ".csv") }
            let from = try Self.exportBound(query.get("from"), field: "from", calendar: user.calendar)
            let to = try Self.exportBound(query.get("to"), field: "to", calendar: user.calendar)
            if let from, let to, from > to {
                throw APIError(.badRequest, code: "invalid_query", "from must not be after to", field: "from")
            }
            // A bound not given is open: a from after 2100, or a to before 1970, alone is an
            // empty window, not a from after a to the client never sent.
            let start = from ?? min(Date(timeIntervalSince1970: 0), to ?? .distantFuture)
            let end = to ?? max(Date(timeIntervalSince1970: 4_102_444_800), start)
            // The Patient's birth date and gender: the characteristics of the user's last imported export.
            let patient =
                format == .fhir
                ? PatientDetails(
                    characteristics: try await guarded { try await service.repository.characteristics(of: user) })
                : PatientDetails()
            let exportRequest = ExportRequest(
                range: DateRange(clampingStart: start, end: end),
                types: type.map { [$0] } ?? [], zone: user.calendar.timeZone,
                patient: patient, insights: insights)
            let reader = ServerHealthReader(repository: service.repository, user: user)
            let contentType =
                switch format {
                case .fhir: "application/fhir+ndjson"
                case .csv: "text/csv; charset=utf-8"
                case .jsonl: "application/x-ndjson"
                }
            return Response(
                status: .ok, headers: [.contentType: contentType],
                body: ResponseBody { writer in
                    _ = try await Exporter.export(
                        format, from: reader, exportRequest,
                        write: { name, bytes in
                            // CSV: the one file asked for; the others are every line of the stream.
                            guard format != .csv || name == file else { return }
                            try await writer.write(ByteBuffer(bytes: bytes))
                        })
                    try await writer.finish(nil)
                })
        }
    }
}
