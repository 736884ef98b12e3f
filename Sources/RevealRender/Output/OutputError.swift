import Foundation

/// A failure to write output: which path, and the system's reason.
public struct OutputError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The error for the current `errno`.
    static func errno(_ path: String, _ action: String) -> OutputError {
        OutputError(path: path, reason: "\(action): \(String(cString: strerror(Glibc.errno)))")
    }

    public var description: String { "\(displayPath(path)): \(reason)" }
}
