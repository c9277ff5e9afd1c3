import Foundation

/// The files of a corpus: a file itself, or every regular file under a folder, sorted.
enum CorpusFiles {
    /// `path` if it is a file; the files under it (recursively, sorted) if it is a folder.
    static func list(_ path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [path] }
        guard isFolder.boolValue else { return [path] }
        let names = (FileManager.default.subpaths(atPath: path) ?? []).sorted()
        return names.map { path + "/" + $0 }.filter { file in
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: file, isDirectory: &folder) && !folder.boolValue
        }
    }
}
