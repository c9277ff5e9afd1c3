import Foundation
import VitalsCore

/// Reading the central directory: the end record (ZIP64's when the sizes overflow 32 bits),
/// then one header per entry.
extension ZipArchive {
    /// The end of central directory record is 22 bytes plus a comment of at most 65,535.
    private static let endRecordSize = 22
    private static let longestComment = 0xFFFF

    /// The entries of the central directory.
    func readCentralDirectory() throws -> [Entry] {
        let (offset, size, count) = try directoryExtent()
        guard offset >= 0, size >= 0, count >= 0, offset <= fileSize, size <= fileSize - offset else {
            throw damaged("the zip's central directory lies outside the file (truncated or damaged)", at: offset)
        }
        guard size <= 1 << 30 else {
            throw damaged("the zip's central directory is larger than 1 GB", at: offset)
        }
        let directory = try bytes(Int(size), at: offset)
        var entries: [Entry] = []
        entries.reserveCapacity(Int(Swift.min(count, 1 << 20)))
        var position = 0
        while position + 46 <= directory.count, directory.le32(position) == 0x0201_4B50 {
            let entry = try parseHeader(directory, at: position, fileOffset: offset + Int64(position))
            entries.append(entry.entry)
            position = entry.next
        }
        guard entries.count == count else {
            throw damaged(
                "the zip's central directory lists \(entries.count) of its \(count) entries (damaged)",
                at: offset + Int64(position))
        }
        return entries
    }

    /// Offset, size and entry count of the central directory.
    private func directoryExtent() throws -> (offset: Int64, size: Int64, count: Int64) {
        let tailSize = Int(Swift.min(fileSize, Int64(Self.endRecordSize + Self.longestComment)))
        guard tailSize >= Self.endRecordSize else {
            throw damaged("the file is too short to be a zip", at: 0)
        }
        let tailStart = fileSize - Int64(tailSize)
        let tail = try bytes(tailSize, at: tailStart)
        var end = tailSize - Self.endRecordSize
        while end >= 0, tail.le32(end) != 0x0605_4B50 { end -= 1 }
        guard end >= 0 else {
            throw damaged("the zip has no end of central directory record (truncated or damaged)", at: fileSize)
        }
        var count = Int64(tail.le16(end + 10))
        var size = Int64(tail.le32(end + 12))
        var offset = Int64(tail.le32(end + 16))
        // ZIP64: a locator right before the end record points at the 64-bit end record.
        let locatorStart = tailStart + Int64(end) - 20
        if locatorStart >= 0 {
            let locator = try bytes(20, at: locatorStart)
            if locator.le32(0) == 0x0706_4B50 {
                let recordOffset = Int64(bitPattern: locator.le64(8))
                guard recordOffset >= 0, recordOffset <= fileSize - 56 else {
                    throw damaged("the zip's ZIP64 end record lies outside the file", at: locatorStart)
                }
                let record = try bytes(56, at: recordOffset)
                guard record.le32(0) == 0x0606_4B50 else {
                    throw damaged("the zip's ZIP64 end record is missing (damaged)", at: recordOffset)
                }
                count = Int64(bitPattern: record.le64(32))
                size = Int64(bitPattern: record.le64(40))
                offset = Int64(bitPattern: record.le64(48))
            }
        }
        if tail.le16(end + 4) != 0 || tail.le16(end + 6) != 0 {
            throw damaged("the zip is split over several files, which Vitals does not read", at: tailStart + Int64(end))
        }
        return (offset, size, count)
    }

    /// One central directory header at `position`; returns the entry and where the next starts.
    private func parseHeader(
        _ directory: [UInt8], at position: Int, fileOffset: Int64
    ) throws -> (
        entry: Entry, next: Int
    ) {
        let nameLength = Int(directory.le16(position + 28))
        let extraLength = Int(directory.le16(position + 30))
        let commentLength = Int(directory.le16(position + 32))
        let next = position + 46 + nameLength + extraLength + commentLength
        guard next <= directory.count else {
            throw damaged("a header of the zip's central directory runs past its end (damaged)", at: fileOffset)
        }
        let nameStart = position + 46
        var entry = Entry(
            path: String(decoding: directory[nameStart..<nameStart + nameLength], as: UTF8.self),
            method: directory.le16(position + 10), flags: directory.le16(position + 8),
            crc32: directory.le32(position + 16), compressedSize: Int64(directory.le32(position + 20)),
            uncompressedSize: Int64(directory.le32(position + 24)),
            localHeaderOffset: Int64(directory.le32(position + 42)))
        // ZIP64's extra field holds the 64-bit values of the fields that are all ones, in this order.
        var extra = nameStart + nameLength
        let extraEnd = extra + extraLength
        while extra + 4 <= extraEnd {
            let id = directory.le16(extra)
            let length = Int(directory.le16(extra + 2))
            var field = extra + 4
            let fieldEnd = field + length
            guard fieldEnd <= extraEnd else { break }
            if id == 0x0001 {
                func wide(_ value: inout Int64) {
                    guard value == 0xFFFF_FFFF, field + 8 <= fieldEnd else { return }
                    value = Int64(bitPattern: directory.le64(field))
                    field += 8
                }
                wide(&entry.uncompressedSize)
                wide(&entry.compressedSize)
                wide(&entry.localHeaderOffset)
            }
            extra = fieldEnd
        }
        guard entry.compressedSize >= 0, entry.uncompressedSize >= 0, entry.localHeaderOffset >= 0,
            entry.localHeaderOffset <= fileSize, entry.compressedSize <= fileSize - entry.localHeaderOffset
        else {
            throw damaged("the zip entry \(entry.path) lies outside the file (truncated or damaged)", at: fileOffset)
        }
        return (entry, next)
    }
}
