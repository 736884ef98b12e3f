import RevealCore
import RevealRaster

/// The folder and the name of a path, as `NSString`'s `deletingLastPathComponent` and
/// `lastPathComponent` give them, without calling them: on Linux they crash on one-character paths
/// (`"f"`, `"a/"`), which are perfectly good file and folder names.
public enum PathComponents {
    /// The folder holding `path`: "" for a bare name, "/" for a child of the root.
    public static func folder(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(Substring(path))
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let head = withoutTrailingSlashes(trimmed[..<slash])
        return head.isEmpty ? "/" : String(head)
    }

    /// The last component of `path`, trailing slashes ignored.
    public static func name(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(Substring(path))
        guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    private static func withoutTrailingSlashes(_ path: Substring) -> Substring {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        return path
    }
}
