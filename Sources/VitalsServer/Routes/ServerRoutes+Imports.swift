import Foundation
import HTTPTypes
import Hummingbird

extension ServerRoutes {
    /// `POST /api/me/imports` (upload an Apple Health export to import into the user),
    /// `GET /api/me/imports` (the user's jobs, newest first) and `GET /api/me/imports/{id}`.
    ///
    /// The upload is answered `202 Accepted` with the job as soon as the body is on disk; the
    /// import runs in the background (``ImportJobQueue``), one at a time, and is polled with
    /// `GET /api/me/imports/{id}`. Another user's job is 404, as an unknown one.
    func registerImports(on api: RouterGroup<VitalsRequestContext>) {
        api.post("/me/imports") { request, context in
            let user = try context.requireUser()
            let limit = configuration.maximumImportBytes
            // Refused before any of the body is read when it announces its size.
            if let announced = request.headers[.contentLength].flatMap({ Int($0) }), announced > limit {
                throw ImportUpload.tooLarge(limit: limit)
            }
            let id = UUID().uuidString.lowercased()
            let upload = try await ImportUpload.receive(request.body, into: imports.directory, id: id, limit: limit)
            let job = try await imports.enqueue(upload, id: id, for: user, at: configuration.now())
            var response = try JSONResponse.make(job, status: .accepted)
            response.headers[.location] = "/api/me/imports/\(id)"
            return response
        }
        api.get("/me/imports") { _, context in
            let user = try context.requireUser()
            return try JSONResponse.make(try await imports.jobs(of: user))
        }
        api.get("/me/imports/{id}") { _, context in
            let user = try context.requireUser()
            guard let job = try await imports.job(context.parameters.get("id") ?? "", of: user) else {
                throw APIError(.notFound, code: "not_found", "no such import", field: "id")
            }
            return try JSONResponse.make(job)
        }
    }
}
