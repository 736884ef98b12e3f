import CGIF
import RevealRender

/// A GIF89a stream written with giflib into a growing buffer, which the caller takes and writes out:
/// the screen, the loop count, and frames of indexed pixels with their own palettes.
final class GIFFile {
    /// What the disposal of a frame leaves on the canvas before the next.
    enum Disposal: Int32 {
        /// The frame stays: the next frame is drawn over it.
        case keep = 1
        /// The frame's rectangle is cleared to transparent.
        case clear = 2
    }

    private var gif: UnsafeMutablePointer<GifFileType>?
    /// Bytes giflib wrote that the caller has not taken yet.
    private(set) var bytes: [UInt8] = []

    /// Starts a GIF of `width`×`height` pixels that plays `plays` times (0: forever).
    init(width: Int, height: Int, plays: Int) throws(GIFError) {
        var error: Int32 = 0
        let box = Unmanaged.passUnretained(self).toOpaque()
        gif = EGifOpen(
            box,
            { file, data, count in
                guard let file, let data, count > 0, let owner = file.pointee.UserData else { return 0 }
                let me = Unmanaged<GIFFile>.fromOpaque(owner).takeUnretainedValue()
                me.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
                return count
            }, &error)
        guard let gif else { throw GIFError(giflib: error) }
        EGifSetGifVersion(gif, true)
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, nil))
        // NETSCAPE2.0 counts repetitions after the first play; without it a GIF plays once.
        if plays != 1 {
            let repeats = plays == 0 ? 0 : min(plays - 1, Int(UInt16.max))
            try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE))
            try check(EGifPutExtensionBlock(gif, 11, Array("NETSCAPE2.0".utf8)))
            try check(EGifPutExtensionBlock(gif, 3, [1, UInt8(repeats & 0xFF), UInt8(repeats >> 8)]))
            try check(EGifPutExtensionTrailer(gif))
        }
    }

    deinit { close() }

    /// Adds `image` at (`x`, `y`), shown for `delay` centiseconds, its transparent entry leaving the
    /// canvas as it was, then disposed of as `disposal` says.
    func add(_ image: IndexedImage, x: Int, y: Int, delay: Int, disposal: Disposal) throws(GIFError) {
        guard let gif else { throw GIFError(message: "the GIF is already closed") }
        var control = GraphicsControlBlock(
            DisposalMode: disposal.rawValue, UserInputFlag: false, DelayTime: Int32(min(delay, Int(UInt16.max))),
            TransparentColor: Int32(image.transparent))
        var extensionBytes = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes))
        // A color table holds a power of two entries, at least 2.
        var size = 2
        while size < image.palette.count { size *= 2 }
        var colors = image.palette.map { GifColorType(Red: $0.r, Green: $0.g, Blue: $0.b) }
        colors += Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size - colors.count)
        guard let map = GifMakeMapObject(Int32(size), colors) else { throw GIFError(message: "out of memory") }
        defer { GifFreeMapObject(map) }
        try check(EGifPutImageDesc(gif, Int32(x), Int32(y), Int32(image.width), Int32(image.height), false, map))
        try image.indices.withUnsafeBufferPointer { (pixels) throws(GIFError) in
            for row in 0..<image.height {
                let line = UnsafeMutablePointer(mutating: pixels.baseAddress! + row * image.width)
                try check(EGifPutLine(gif, line, Int32(image.width)))
            }
        }
    }

    /// Takes the bytes written so far.
    func take() -> [UInt8] {
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }

    /// Writes the trailer and frees giflib's state.
    func close() {
        guard let gif else { return }
        var error: Int32 = 0
        EGifCloseFile(gif, &error)
        self.gif = nil
    }

    private func check(_ result: Int32) throws(GIFError) {
        guard result == GIF_OK else { throw GIFError(giflib: gif?.pointee.Error ?? 0) }
    }
}

/// giflib's reason for failing.
struct GIFError: Error {
    var message: String

    init(message: String) { self.message = message }

    init(giflib code: Int32) {
        message = GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}
