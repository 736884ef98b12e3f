import Foundation

/// Why a file could not be read: the path as given and the reason, one line.
struct FileReadError: Error, Equatable, CustomStringConvertible {
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
enum BoundedFileReader {
    /// The bytes of the file at `path`, at most `maxBytes` of them. `kind` names what the file should
    /// be in messages ("a scene file", "a PNG file"); `tooLarge` words the refusal, given the size
    /// ("300000000" when known, else "more than N").
    public static func read(
        _ path: String, maxBytes: Int, kind: String,
        tooLarge: (String) -> String
    ) -> Result<[UInt8], FileReadError> {
        func failure(_ reason: String) -> Result<[UInt8], FileReadError> {
            .failure(FileReadError(path: path, reason: reason))
        }
        func systemFailure(_ action: String) -> Result<[UInt8], FileReadError> {
            failure("\(action): \(String(cString: strerror(errno)))")
        }
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return failure("the path holds a control character")
        }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        if fd < 0 { return systemFailure("cannot open") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return systemFailure("cannot read") }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            if info.st_size > maxBytes { return failure(tooLarge("\(info.st_size)")) }
        case S_IFIFO, S_IFSOCK:
            break
        case S_IFDIR:
            return failure("is a folder, not \(kind)")
        default:
            return failure("is a device, not \(kind) (devices are never read: they may not end)")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var bytes: [UInt8] = []
        if info.st_size > 0 { bytes.reserveCapacity(Int(info.st_size)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return systemFailure("cannot read")
            }
            if n == 0 { break }
            if n > maxBytes - bytes.count { return failure(tooLarge("more than \(maxBytes)")) }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return .success(bytes)
    }
}
