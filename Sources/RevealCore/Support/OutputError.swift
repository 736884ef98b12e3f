import Foundation

/// A failure to write output: which path, and the system's reason.
public struct OutputError: Error, Equatable, CustomStringConvertible {
    /// The file or folder that could not be written, as the caller named it.
    public var path: String
    /// What went wrong, as a phrase that follows the path in messages (often ending in the system's error text).
    public var reason: String

    /// An error about `path`, shown as `path: reason`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The error for the current `errno`.
    package static func errno(_ path: String, _ action: String) -> OutputError {
        OutputError(path: path, reason: "\(action): \(String(cString: strerror(Glibc.errno)))")
    }

    public var description: String { "\(displayPath(path)): \(reason)" }
}
