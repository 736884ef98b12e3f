import Foundation
import RevealCore
import RevealRaster

/// Why shard folders cannot be joined: a part that is not a shard of the same run, a gap, an overlap.
/// The message names the part's manifest and the JSON path when one field is to blame.
public struct JoinError: Error, Equatable, CustomStringConvertible {
    public let description: String

    package init(_ description: String) {
        self.description = description
    }
}

/// What `join` did.
public struct JoinSummary: Equatable, Sendable {
    /// The number of frames placed in the output folder: the whole sequence.
    public var frames: Int
    /// Frames hard-linked from their part (the rest were copied: another file system).
    public var linked: Int
}

/// Merges the folders of a sharded render (`--frames A-B` into one folder each) into the folder the
/// whole run would have written: every frame, linked where the file system allows (else copied), and
/// a manifest equal to the whole run's byte for byte. Parts are named in any order; they must record
/// the same `sceneDigest` and sequence fields, and together hold each of the sequence's frames
/// exactly once. The parts are never changed.
public enum SequenceJoin {
    /// Joins the shard folders `parts` into the folder `output` (created if needed) and writes its manifest.
    /// Throws `JoinError` when the parts do not make up one run exactly, `OutputError` when writing fails.
    public static func join(parts: [String], into output: String) throws -> JoinSummary {
        guard !parts.isEmpty else { throw JoinError("join needs at least one part folder") }
        for part in parts {
            if let input = FileIdentity.input(containing: output, among: [part]) {
                throw JoinError(
                    "--out \(quoted(output)) \(FileIdentity(path: output) == FileIdentity(path: input) ? "is" : "lies inside") the part \(quoted(input)); join never changes its parts"
                )
            }
        }
        let shards = try parts.map(Shard.init)
        guard let first = shards.first else { throw JoinError("join needs at least one part folder") }
        for shard in shards.dropFirst() where shard.header != first.header {
            let field =
                zip(first.header, shard.header).first { $0.0 != $0.1 }.map(\.0.0)
                ?? (first.header.count > shard.header.count
                    ? first.header[shard.header.count].0 : shard.header[first.header.count].0)
            throw JoinError(
                "\(displayPath(shard.manifestPath)): \(field): differs from \(displayPath(first.manifestPath)): the parts are of another scene or other settings (\(field == "sceneDigest" ? "the scene file, its images or the flags differ" : "each part must be a --frames shard of one run"))"
            )
        }
        // Every frame once: sorted by index, gaps and overlaps are neighbours.
        var owners = shards.flatMap { shard in shard.frames.map { (index: $0.index, shard: shard, entry: $0) } }
        owners.sort { $0.index < $1.index }
        var expected = 0
        for owner in owners {
            if owner.index < expected {
                let other =
                    owners.first { $0.index == owner.index && $0.shard.folder != owner.shard.folder }?.shard.folder
                    ?? owner.shard.folder
                throw JoinError(
                    "\(displayPath(owner.shard.manifestPath)): frame \(owner.index) is also in \(displayPath(other)): the parts overlap"
                )
            }
            if owner.index > expected {
                throw JoinError(
                    "frames \(expected)-\(owner.index - 1) are in no part: a gap (render them with --frames \(expected)-\(owner.index - 1))"
                )
            }
            expected = owner.index + 1
        }
        guard expected == first.totalFrames else {
            throw JoinError(
                "frames \(expected)-\(first.totalFrames - 1) are in no part: a gap at the end (render them with --frames \(expected)-\(first.totalFrames - 1))"
            )
        }
        let folder = try FrameFolder(path: output)
        let lock = try folder.beginSequence()
        defer { withExtendedLifetime(lock) {} }
        let manifest = try ManifestWriter(
            folder: folder, fields: first.header.map { ($0.0, FrameMetadata(json: $0.1)) })
        var linked = 0
        for owner in owners {
            if try place(owner.shard.folder + "/" + owner.entry.file, as: owner.index, in: folder) { linked += 1 }
            try manifest.append(owner.entry.fields.map { ($0.key, FrameMetadata(json: $0.value)) })
        }
        try folder.removeFrames(notIn: 0..<first.totalFrames)
        try manifest.finish()
        return JoinSummary(frames: owners.count, linked: linked)
    }

    /// Puts a part's frame file in place as frame `index`: a hard link under a temporary name renamed
    /// over the frame, or a copy when the file systems differ. True when linked.
    private static func place(_ source: String, as index: Int, in folder: FrameFolder) throws -> Bool {
        let target = folder.path + "/" + FrameFolder.frameName(index)
        let temporary = AtomicFile.temporaryPath(for: target)
        unlink(temporary)
        if link(source, temporary) == 0 {
            guard rename(temporary, target) == 0 else {
                let error = OutputError.errno(target, "cannot put the frame in place")
                unlink(temporary)
                throw error
            }
            return true
        }
        switch BoundedFileReader.read(source, maxBytes: 1 << 32, kind: "a frame", tooLarge: { $0 }) {
        case .success(let bytes): try folder.write(frame: index, png: bytes)
        case .failure(let error): throw JoinError(error.description)
        }
        return false
    }
}

/// One part folder as its manifest describes it.
private struct Shard {
    struct Frame {
        var index: Int
        var file: String
        var fields: [(key: String, value: JSONValue)]
    }

    let folder: String
    let manifestPath: String
    /// The sequence's fields without `totalFrames`: what the whole run's manifest starts with.
    let header: [(String, JSONValue)]
    let totalFrames: Int
    let frames: [Frame]

    init(_ folder: String) throws(JoinError) {
        self.folder = folder
        manifestPath = folder + "/" + ManifestWriter.fileName
        let path = manifestPath
        func fail(_ at: String, _ message: String) -> JoinError {
            JoinError("\(displayPath(path))\(at.isEmpty ? "" : ": " + at): \(message)")
        }
        let root: JSONNode
        switch ManifestReader.read(in: folder) {
        case .success(let node): root = node
        case .failure(.unreadable(let error)):
            throw JoinError(
                "\(displayPath(folder)): no readable manifest (\(error.reason)): each part is a folder a run wrote with --frames"
            )
        case .failure(.malformed(let error)): throw JoinError("\(error)")
        }
        guard case .object(let object) = root.value else { throw fail("", "not a manifest (expected a JSON object)") }
        guard object["sceneDigest"] != nil else {
            throw fail("", "no sceneDigest: only parts written by reveal-render with --frames can be joined")
        }
        guard case .number(let total)? = object["totalFrames"], total >= 1, total == total.rounded(), total <= 1e9
        else {
            throw fail(
                "totalFrames",
                "missing or not a frame count: a whole run needs no joining (each part is written with --frames A-B)")
        }
        totalFrames = Int(total)
        header = object.entries.filter { $0.key != "frames" && $0.key != "totalFrames" }.map { ($0.key, $0.value) }
        guard let list = object["frames"]?.arrayElements else { throw fail("frames", "missing or not a list") }
        var frames: [Frame] = []
        for (k, item) in list.enumerated() {
            guard case .object(let entry) = item, case .number(let number)? = entry["index"], number >= 0,
                number < total,
                number == number.rounded(), case .string(let file)? = entry["file"],
                file == FrameFolder.frameName(Int(number))
            else {
                throw fail(
                    "frames[\(k)]", "not a frame of this sequence (an index below totalFrames and its file name)")
            }
            frames.append(Frame(index: Int(number), file: file, fields: entry.entries))
        }
        self.frames = frames
    }
}

/// Header fields compare by value.
private func != (a: [(String, JSONValue)], b: [(String, JSONValue)]) -> Bool {
    a.count != b.count || zip(a, b).contains { $0.0 != $1.0 || $0.1 != $1.1 }
}
