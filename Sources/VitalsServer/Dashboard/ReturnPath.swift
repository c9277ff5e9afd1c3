/// Where the dashboard returns after sign-in: a path on this site, never another site.
///
/// Only a relative path starting with one `/` is taken (`/day/2025-11-16?x=1`); anything
/// that a browser could read as another host (`//evil.example`, `/\evil.example`,
/// `https://...`), holds a control character, space or backslash, or leads back to the sign-in
/// page becomes `/`. So a link `/sign-in?next=...` cannot send a user elsewhere (no open redirect).
enum ReturnPath {
    /// The longest return path kept.
    static let maximumLength = 2048

    /// `candidate` when it is a safe same-site path, else `/`.
    static func validated(_ candidate: some StringProtocol, signInPath: String) -> String {
        let text = String(candidate)
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumLength, bytes[0] == UInt8(ascii: "/") else { return "/" }
        if bytes.count > 1, bytes[1] == UInt8(ascii: "/") || bytes[1] == UInt8(ascii: "\\") { return "/" }
        // Printable ASCII only (percent-encode anything else); no backslash anywhere.
        guard bytes.allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "\\") }) else { return "/" }
        let path =
            text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? text
        if path == signInPath || path.hasPrefix(signInPath + "/") { return "/" }
        return text
    }

    /// `path` as a query parameter value (everything but unreserved characters and `/` percent-encoded).
    static func queryValue(_ path: String) -> String {
        var allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
        allowed.insert(UInt8(ascii: ":"))
        var encoded = ""
        for byte in path.utf8 {
            if allowed.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return encoded
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
