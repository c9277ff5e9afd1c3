import Foundation

/// Zip files written byte by byte, for what ZIPFoundation does not write on small inputs: ZIP64
/// records, a trailing comment, encrypted or otherwise compressed entries (stored data only).
struct HandZip {
    struct Entry {
        var name: String
        var data: [UInt8]
        var method: UInt16 = 0
        var flags: UInt16 = 0x0800
    }

    var entries: [Entry]
    /// Sizes and offsets in ZIP64 extra fields and a ZIP64 end record, as exports past 4 GB have them.
    var zip64 = false
    var comment = ""

    /// The file's bytes.
    func bytes() -> [UInt8] {
        var file: [UInt8] = []
        var directory: [UInt8] = []
        for entry in entries {
            let offset = UInt64(file.count)
            let crc = Self.crc32(entry.data)
            let size = UInt64(entry.data.count)
            let name = Array(entry.name.utf8)
            // Local header.
            file.le32(0x0403_4B50)
            file.le16(zip64 ? 45 : 20)
            file.le16(entry.flags)
            file.le16(entry.method)
            file.le16(0)
            file.le16(0x21)
            file.le32(crc)
            file.le32(zip64 ? 0xFFFF_FFFF : UInt32(size))
            file.le32(zip64 ? 0xFFFF_FFFF : UInt32(size))
            file.le16(UInt16(name.count))
            file.le16(zip64 ? 20 : 0)
            file += name
            if zip64 {
                file.le16(1)
                file.le16(16)
                file.le64(size)
                file.le64(size)
            }
            file += entry.data
            // Central directory header.
            directory.le32(0x0201_4B50)
            directory.le16(zip64 ? 45 : 20)
            directory.le16(zip64 ? 45 : 20)
            directory.le16(entry.flags)
            directory.le16(entry.method)
            directory.le16(0)
            directory.le16(0x21)
            directory.le32(crc)
            directory.le32(zip64 ? 0xFFFF_FFFF : UInt32(size))
            directory.le32(zip64 ? 0xFFFF_FFFF : UInt32(size))
            directory.le16(UInt16(name.count))
            directory.le16(zip64 ? 28 : 0)
            directory.le16(0)
            directory.le16(0)
            directory.le16(0)
            directory.le32(0)
            directory.le32(zip64 ? 0xFFFF_FFFF : UInt32(offset))
            directory += name
            if zip64 {
                directory.le16(1)
                directory.le16(24)
                directory.le64(size)
                directory.le64(size)
                directory.le64(offset)
            }
        }
        let directoryOffset = UInt64(file.count)
        file += directory
        if zip64 {
            let recordOffset = UInt64(file.count)
            file.le32(0x0606_4B50)
            file.le64(44)
            file.le16(45)
            file.le16(45)
            file.le32(0)
            file.le32(0)
            file.le64(UInt64(entries.count))
            file.le64(UInt64(entries.count))
            file.le64(UInt64(directory.count))
            file.le64(directoryOffset)
            file.le32(0x0706_4B50)
            file.le32(0)
            file.le64(recordOffset)
            file.le32(1)
        }
        let comment = Array(comment.utf8)
        file.le32(0x0605_4B50)
        file.le16(0)
        file.le16(0)
        file.le16(zip64 ? 0xFFFF : UInt16(entries.count))
        file.le16(zip64 ? 0xFFFF : UInt16(entries.count))
        file.le32(zip64 ? 0xFFFF_FFFF : UInt32(directory.count))
        file.le32(zip64 ? 0xFFFF_FFFF : UInt32(directoryOffset))
        file.le16(UInt16(comment.count))
        file += comment
        return file
    }

    /// CRC-32 (IEEE), bit by bit: slow and plain, independent of zlib's.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

extension [UInt8] {
    fileprivate mutating func le16(_ value: UInt16) { append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)]) }
    fileprivate mutating func le32(_ value: UInt32) {
        le16(UInt16(value & 0xFFFF))
        le16(UInt16(value >> 16))
    }
    fileprivate mutating func le64(_ value: UInt64) {
        le32(UInt32(value & 0xFFFF_FFFF))
        le32(UInt32(value >> 32))
    }
}
