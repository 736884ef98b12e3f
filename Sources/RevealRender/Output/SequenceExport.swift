import Foundation

/// Anything that yields numbered frames of one size: the effects' sequences.
public protocol FrameSequence {
    var pixelWidth: Int { get }
    var pixelHeight: Int { get }
    /// Pixels per point, written as the PNGs' pHYs density (72 dpi per point).
    var scale: Double { get }
    var frameCount: Int { get }
    /// The manifest's fields before its frame list.
    var manifestFields: [(String, ManifestValue)] { get }
    /// Draws frame `index`. Called in increasing order during an export, so it may reuse work.
    mutating func render(frame index: Int) throws -> Pixmap
    /// One frame's manifest entry, after `index`, `time` and `file`.
    func manifestEntry(frame index: Int) -> [(String, ManifestValue)]
    /// The time of frame `index` in seconds.
    func time(ofFrame index: Int) -> Double
}

extension FrameSequence {
    /// PNG settings with this sequence's pixel density.
    public func pngOptions(_ base: PNGEncodingOptions = .init()) -> PNGEncodingOptions {
        var options = base
        options.pixelsPerMeter = UInt32((72 * scale / 0.0254).rounded())
        return options
    }
}

/// The last stage of the pipeline: frames → PNG → files in a folder, manifest last.
public enum SequenceExport {
    /// Renders `frames` of `sequence` into `folder`. With `wholeSequence`, frame files of earlier runs
    /// beyond this sequence are removed before the manifest is written. `progress` is called after
    /// each frame with the number done.
    public static func run<S: FrameSequence>(_ sequence: inout S, frames: Range<Int>, folder: FrameFolder,
                                             png: PNGEncodingOptions = .init(), wholeSequence: Bool,
                                             progress: (Int) -> Void = { _ in }) throws {
        var fields = sequence.manifestFields
        if !wholeSequence { fields.append(("totalFrames", .int(sequence.frameCount))) }
        let manifest = try ManifestWriter(folder: folder, fields: fields)
        let options = sequence.pngOptions(png)
        for (done, index) in frames.enumerated() {
            let pixmap = try sequence.render(frame: index)
            try folder.write(frame: index, png: try PNG.encode(pixmap, options: options))
            try manifest.append([("index", .int(index)), ("time", .number(sequence.time(ofFrame: index))),
                                 ("file", .string(FrameFolder.frameName(index)))] + sequence.manifestEntry(frame: index))
            progress(done + 1)
        }
        if wholeSequence { try folder.removeFrames(notIn: sequence.frameCount) }
        try manifest.finish()
    }

    /// Renders one frame to a PNG file, written atomically.
    public static func still<S: FrameSequence>(_ sequence: inout S, frame index: Int, to path: String,
                                               png: PNGEncodingOptions = .init()) throws {
        let pixmap = try sequence.render(frame: index)
        try AtomicFile.write(try PNG.encode(pixmap, options: sequence.pngOptions(png)), to: path)
    }
}
