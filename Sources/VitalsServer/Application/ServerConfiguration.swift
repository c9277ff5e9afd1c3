import Foundation

/// How `vitals serve` listens and what it accepts.
public struct ServerConfiguration: Sendable {
    /// Address to bind; default `127.0.0.1` (loopback only). Use `0.0.0.0` to listen on every interface.
    public var host = "127.0.0.1"
    /// TCP port; default 8080. 0 picks a free port (see ``ServerApplication/make(configuration:repository:logger:onServerRunning:)``).
    public var port = 8080
    /// Largest request body accepted; larger ones get 413. Default 5 MB. Health Auto Export
    /// ingests have their own limit, ``maximumIngestBytes``.
    public var maximumBodyBytes = 5 * 1024 * 1024
    /// Largest body of a Health Auto Export ingest (`POST /api/v1/ingest/health-auto-export`);
    /// larger ones get 413 before they are read. Default 100 MB: a year's backfill of
    /// minute-level heart rate and steps fits, where 5 MB refuses a month.
    public var maximumIngestBytes = 100 * 1024 * 1024
    /// Health Auto Export bodies are read this many samples at a time. A body that fits in one
    /// chunk (a day is a few hundred samples) is read, then written with the other requests'
    /// writes; a larger one is written chunk by chunk while the next chunk is read, in one
    /// transaction that holds the writer for the whole body (other requests' writes wait), so
    /// memory holds four chunks, not the body's samples. The stored result is the same.
    /// Default 20,000 (a few days of minute-level data).
    public var ingestChunkSamples = 20_000
    /// Largest Apple Health export uploaded to `POST /api/me/imports`; larger ones get 413,
    /// before they are read when `Content-Length` says so, else as soon as the body passes it
    /// (the partial file deleted). Default 4 GB (4294967296 bytes): a decade of a watch's data, zipped.
    public var maximumImportBytes = 4 * 1024 * 1024 * 1024
    /// Folder where uploaded exports (`POST /api/me/imports`) are written while they wait for
    /// their import and while it runs; each file is deleted when its import ends, and at start the
    /// uploads a stopped server left behind are (servers on one database may share it). Default nil:
    /// beside the SQLite database (`DATABASE-imports`, the disk the import writes to anyway), or
    /// `vitals-imports` in the system's temporary folder with PostgreSQL. Created when needed.
    public var importDirectory: String?
    /// How long a verified token is trusted without asking the database again, in seconds.
    /// Default 5: a token rotated by another process stops working within 5 s. 0 checks every request.
    public var tokenCacheSeconds: TimeInterval = 5
    /// Days each user's ingest log (`GET /api/me/ingests`) keeps an entry; older ones are pruned
    /// whenever the user's log is written. Default 90.
    public var ingestLogRetentionDays = 90
    /// Whether the web dashboard is served at `/` (sign-in with the user's API token, then a
    /// session cookie). Default true; false leaves only the API, `/health`, `/metrics` and `/openapi.json`.
    public var dashboardEnabled = true
    /// How long a dashboard session lasts after sign-in, in seconds; default 7 days (604800).
    /// Sessions are kept in the database, so they outlive a restart and work on every server
    /// sharing it; a session also ends at sign-out and when its token is replaced.
    public var dashboardSessionLifetime: TimeInterval = 7 * 24 * 3600
    /// Whether dashboard cookies always carry `Secure` (browsers then send them over HTTPS
    /// only). Default false: they carry it when the request came through a proxy saying
    /// `X-Forwarded-Proto: https`. Turn it on behind any TLS-terminating reverse proxy.
    public var dashboardSecureCookies = false
    /// Web origins (`https://app.example.com`, scheme, host and port as the browser sends them
    /// in `Origin`) whose scripts may call `/api` from a browser: CORS answers for exactly these.
    /// Default empty: no CORS headers at all, so browsers keep other sites' scripts out.
    public var corsOrigins: [String] = []
    /// A token `GET /metrics` requires (`Authorization: Bearer TOKEN`), so request counts and
    /// timings are not public where the server is. Default nil: `/metrics` is open, as a
    /// Prometheus scraper on the same loopback or private network expects. Users' API tokens
    /// never open it.
    public var metricsToken: String?
    /// Requests a second each user's token may make, sustained (a token bucket; over it the API
    /// answers 429 with `Retry-After`). Default 100: far above any phone or sync client (the
    /// sync client honours `Retry-After`), low enough that a runaway script cannot take the
    /// server from everyone. 0 turns the limit off. Each server process keeps its own buckets
    /// (no database write per request), so behind N servers a token gets up to N times this.
    public var rateLimitPerSecond: Double = 100
    /// How many requests a token may make at once after a quiet spell (the bucket's size). Default 1000.
    public var rateLimitBurst = 1000
    /// Seconds a connection may go without sending anything the server can use: a request
    /// head still incomplete (a slowloris client trickling headers), a body that stops
    /// arriving, or a kept-alive connection with no next request. Then it is closed. An answer
    /// being computed or written is never cut. Default 20.
    public var clientTimeout: TimeInterval = 20
    /// Largest request head (all header fields together, and any one of them), in bytes;
    /// a larger one closes the connection. Default 16384.
    public var maximumHeaderBytes = 16 * 1024
    /// Most header fields in one request. Default 100.
    public var maximumHeaderCount = 100
    /// How many large request bodies (``largeBodyBytes`` or more, or chunked) are read at once;
    /// more answer 503 with `Retry-After` before they are read. Default 4.
    public var maximumConcurrentLargeBodies = 4
    /// From how many bytes a request body counts as large. Default 1 MiB (1048576): a day of a
    /// phone's samples is far smaller, a backfill or an export upload larger.
    public var largeBodyBytes = 1024 * 1024
    /// The clock for "today" and timestamps; default the system clock (tests pin it).
    public var now: @Sendable () -> Date = { Date() }

    /// The defaults.
    public init() {}
}
