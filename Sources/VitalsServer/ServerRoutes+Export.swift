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
    /// One response cannot hold many files, so `format=fhir` answers every resource type in one
    /// NDJSON stream (the Patient first), `format=csv` one type's CSV (`type=`, required; `daily=true`
    /// for its daily statistics), `format=jsonl` the round-trip JSON Lines. The exporters are the
    /// CLI's (VitalsExport), reading through the user's ``ServerHealthReader`` a page at a time.
    func registerExport(on api: RouterGroup<VitalsRequestContext>) {
        api.get("/me/export") { request, context in
            let user = try context.requireUser()
            let query = request.uri.queryParameters
            // Every parameter is checked whatever the format, so a wrong one is never silently ignored.
            let type = try query.get("type").map { name -> SampleType in
                guard let type = SampleType(name: name), type.kind != .characteristic, type.kind != .other else {
                    throw APIError(.badRequest, code: "invalid_query", "type must be a sample type's short name", field: "type")
                }
                return type
            }
            guard [nil, "true", "false"].contains(query.get("daily")) else {
                throw APIError(.badRequest, code: "invalid_query", "daily must be true or false", field: "daily")
            }
            guard let text = query.get("format"), text != "json" else {
                return try JSONResponse.make(try await guarded { try await service.repository.export(user) })
            }
            guard let format = ExportFormat(rawValue: text) else {
                throw APIError(.badRequest, code: "invalid_query",
                               "format must be one of \(Self.exportFormats.joined(separator: ", "))", field: "format")
            }
            if format == .csv, type == nil {
                throw APIError(.badRequest, code: "invalid_query", "format=csv needs type= (one CSV per type)", field: "type")
            }
            let daily = query.get("daily") == "true"
            let file = type.map { $0.shortName + (daily ? ".daily.csv" : ".csv") }
            let exportRequest = ExportRequest(
                range: DateRange(clampingStart: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 4_102_444_800)),
                types: type.map { [$0] } ?? [], zone: user.calendar.timeZone)
            let reader = ServerHealthReader(repository: service.repository, user: user)
            let contentType = switch format {
            case .fhir: "application/fhir+ndjson"
            case .csv: "text/csv; charset=utf-8"
            case .jsonl: "application/x-ndjson"
            }
            return Response(status: .ok, headers: [.contentType: contentType], body: ResponseBody { writer in
                _ = try await Exporter.export(format, from: reader, exportRequest, write: { name, bytes in
                    // CSV: the one file asked for; the others are every line of the stream.
                    guard format != .csv || name == file else { return }
                    try await writer.write(ByteBuffer(bytes: bytes))
                })
                try await writer.finish(nil)
            })
        }
    }
}
