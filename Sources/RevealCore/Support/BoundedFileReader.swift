import Foundation

/// Why a file could not be read: the path as given and the reason, one line.
package struct FileReadError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "\(displayPath(path)): \(reason)" }
}

/// Reads whole input files with a byte limit that is counted as the bytes arrive: the size `stat`
/// reports is only a first check (`/proc` files report 0 and go on for gigabytes).
///
/// Regular files, pipes, FIFOs and sockets are read (`--stroke <(cat file)` works); folders and devices
/// are refused, since a device such as `/dev/zero` never ends. The file is opened non-blocking, so a
/// FIFO with no writer cannot hang the open.
package enum BoundedFileReader {
    /// An input file opened for reading: its descriptor (the caller closes it) and, for a regular
    /// file, its size (nil for a pipe, FIFO or socket).
    package struct OpenFile {
        package let fd: Int32
        package let size: Int?
    }

    /// Opens the file at `path` for reading as `kind` ("a scene file", "a PNG file"): regular files,
    /// pipes, FIFOs and sockets; folders and devices are refused. A regular file larger than `maxBytes`
    /// is refused at once, its size given to `tooLarge`.
    package static func open(_ path: String, maxBytes: Int, kind: String, tooLarge: (String) -> String)
        -> Result<OpenFile, FileReadError>
    {
        func failure(_ reason: String) -> Result<OpenFile, FileReadError> {
            .failure(FileReadError(path: path, reason: reason))
        }
        func systemFailure(_ action: String) -> Result<OpenFile, FileReadError> {
            failure("\(action): \(String(cString: strerror(errno)))")
        }
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return failure("the path holds a control character")
        }
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        if fd < 0 { return systemFailure("cannot open") }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            defer { close(fd) }
            return systemFailure("cannot read")
        }
        var size: Int?
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            size = Int(info.st_size)
            if info.st_size > maxBytes {
                close(fd)
                return failure(tooLarge("\(info.st_size)"))
            }
        case S_IFIFO, S_IFSOCK:
            break
        case S_IFDIR:
            close(fd)
            return failure("is a folder, not \(kind)")
        default:
            close(fd)
            return failure("is a device, not \(kind) (devices are never read: they may not end)")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return .success(OpenFile(fd: fd, size: size))
    }

    /// Up to `count` bytes from `fd`, fewer only at its end; nil when reading fails.
    package static func read(_ fd: Int32, upTo count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, count - done) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { break }
            done += n
        }
        return Array(bytes[0..<done])
    }

    /// The bytes of the file at `path`, at most `maxBytes` of them. `kind` names what the file should
    /// be in messages ("a scene file", "a PNG file"); `tooLarge` words the refusal, given the size
    /// ("300000000" when known, else "more than N").
    public static func read(
        _ path: String, maxBytes: Int, kind: String,
        tooLarge: (String) -> String
    ) -> Result<[UInt8], FileReadError> {
        let file: OpenFile
        switch open(path, maxBytes: maxBytes, kind: kind, tooLarge: tooLarge) {
        case .success(let opened): file = opened
        case .failure(let error): return .failure(error)
        }
        defer { close(file.fd) }
        var bytes: [UInt8] = []
        if let size = file.size, size > 0 { bytes.reserveCapacity(size) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(file.fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(FileReadError(path: path, reason: "cannot read: \(String(cString: strerror(errno)))"))
            }
            if n == 0 { break }
            if n > maxBytes - bytes.count {
                return .failure(FileReadError(path: path, reason: tooLarge("more than \(maxBytes)")))
            }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return .success(bytes)
    }
}
