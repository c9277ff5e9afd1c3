import Foundation
import VitalsCore
import VitalsServerStorage

extension OpenAPIDocument {
    /// `GET /api/me/export`: JSON by default; FHIR NDJSON, CSV or JSON Lines streamed with `format`.
    static var exportOperation: [String: Any] {
        let types = SampleType.all.filter { $0.kind != .characteristic && $0.kind != .other }.map(\.shortName)
        let text: [String: Any] = ["schema": ["type": "string"]]
        return operation(
            "Everything stored for the user: JSON, or streamed as FHIR R4 NDJSON, CSV or JSON Lines",
            parameters: [
                [
                    "name": "format", "in": "query", "required": false,
                    "schema": ["type": "string", "enum": ServerRoutes.exportFormats, "default": "json"],
                    "description": "json: the user's data (UserExport). fhir: FHIR R4 (4.0.1) Bulk Data NDJSON; one "
                        + "response cannot hold one file per resource type, so every resource type comes in this one "
                        + "stream, the Patient first, then Devices and Observations as they are met. csv: one type's tidy "
                        + "CSV (start,end,value,unit,source,device,uuid,zone), type required. jsonl: the samples as "
                        + "JSON Lines, the shape `vitals add --jsonl` reads back",
                ],
                [
                    "name": "type", "in": "query", "required": false, "schema": ["type": "string", "enum": types],
                    "description":
                        "Only this type (short name; format=json answers everything). Required with format=csv "
                        + "(400 without)",
                ],
                [
                    "name": "from", "in": "query", "required": false, "schema": ["type": "string", "format": "date"],
                    "description": "Export formats only (400 with format=json): samples that start at or after this "
                        + "day's midnight in the user's zone (an ISO 8601 instant is read too). Default: the first",
                ],
                [
                    "name": "to", "in": "query", "required": false, "schema": ["type": "string", "format": "date"],
                    "description": "Export formats only: samples that start before this day's midnight in the user's "
                        + "zone (or this ISO 8601 instant); not before from. Default: all",
                ],
                [
                    "name": "daily", "in": "query", "required": false,
                    "schema": ["type": "string", "enum": ["true", "false"], "default": "false"],
                    "description": "format=csv: the type's merged statistics per day in the user's zone "
                        + "(date,sum,average,minimum,maximum,duration,unit,samples) instead of its samples",
                ],
                [
                    "name": "insights", "in": "query", "required": false,
                    "schema": ["type": "string", "enum": ["true", "false"], "default": "false"],
                    "description": "format=fhir only (400 otherwise): also each day's sleep score and readiness as "
                        + "Observations (components for their parts), with the CodeSystem defining their codes",
                ],
            ],
            responses: [
                "200": [
                    "description": "The export",
                    "content": [
                        "application/json": ["schema": ref("UserExport")],
                        "application/fhir+ndjson": text, "text/csv": text, "application/x-ndjson": text,
                    ],
                ],
                "400": error,
            ])
    }
}
