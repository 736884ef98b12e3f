import Foundation
import RevealCore
import RevealRaster

/// Streams `manifest.json` to a temporary file as frames are written and puts it in place at the end,
/// so memory stays flat however long the sequence and the manifest appears only when complete.
package final class ManifestWriter {
    /// The manifest's name in a frame folder.
    public static let fileName = "manifest.json"
    private let file: OutputFile
    private var pending: [UInt8] = []
    private var frameCount = 0

    /// Starts a manifest with the sequence's own fields (in order), before its `"frames"` list.
    public init(folder: FrameFolder, fields: [(String, FrameMetadata)]) throws(OutputError) {
        file = try OutputFile(path: folder.path + "/" + ManifestWriter.fileName, replacingLinks: true)
        let header = fields.map { "\(FrameMetadata.string($0.0).json): \($0.1.json)" }.joined(separator: ", ")
        try put("{" + header + (header.isEmpty ? "" : ", ") + "\"frames\": [")
    }

    /// Adds one frame's entry.
    public func append(_ fields: [(String, FrameMetadata)]) throws(OutputError) {
        let entry = fields.map { "\(FrameMetadata.string($0.0).json): \($0.1.json)" }.joined(separator: ", ")
        try put((frameCount == 0 ? "\n  {" : ",\n  {") + entry + "}")
        frameCount += 1
    }

    /// Closes the list and renames the file into place.
    public func finish() throws(OutputError) {
        try put("\n]}\n", flush: true)
        try file.commit()
    }

    private func put(_ text: String, flush: Bool = false) throws(OutputError) {
        pending.append(contentsOf: text.utf8)
        if flush || pending.count >= 1 << 16 {
            try file.write(pending)
            pending.removeAll(keepingCapacity: true)
        }
    }
}

/// Reads a folder's `manifest.json` back, for comparing and joining runs: at most 256 MiB, parsed.
package enum ManifestReader {
    /// Why a manifest could not be read: the file (missing, unreadable, too large) or its JSON.
    package enum Failure: Error {
        case unreadable(FileReadError)
        case malformed(SceneError)
    }

    package static func read(in folder: String) -> Result<JSONNode, Failure> {
        let path = folder + "/" + ManifestWriter.fileName
        switch BoundedFileReader.read(path, maxBytes: 256 << 20, kind: "a manifest", tooLarge: { $0 }) {
        case .failure(let error):
            return .failure(.unreadable(error))
        case .success(let bytes):
            do {
                return .success(try JSONNode.parse(file: path, bytes: bytes))
            } catch {
                return .failure(.malformed(error))
            }
        }
    }
}

extension FrameMetadata {
    /// A parsed JSON value as metadata, to print it as the manifest does.
    package init(json value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let x): self = .number(x)
        case .string(let s): self = .string(s)
        case .array(let items): self = .list(items.map(FrameMetadata.init(json:)))
        case .table(let table): self = .list(table.rows.map(FrameMetadata.init(json:)))
        case .object(let object):
            self = .object(
                keys: object.entries.map(\.key), values: object.entries.map { FrameMetadata(json: $0.value) })
        }
    }
}
