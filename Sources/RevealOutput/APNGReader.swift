import CPNG
import RevealCore
import RevealRaster

/// How a frame's region is treated once the frame has been shown (`fcTL`'s dispose op).
public enum APNGDispose: UInt8, Sendable {
    /// The canvas is left as it is.
    case none = 0
    /// The region is cleared to transparent black.
    case background = 1
    /// The region goes back to what it was before the frame (for the first frame: `background`).
    case previous = 2
}

/// How a frame's pixels meet the canvas (`fcTL`'s blend op).
public enum APNGBlend: UInt8, Sendable {
    /// The region's pixels replace the canvas's, alpha included.
    case source = 0
    /// The region is composited over the canvas.
    case over = 1
}

/// One `fcTL` chunk: where a frame goes, for how long, and how it is combined.
public struct APNGFrameControl: Equatable, Sendable {
    /// The chunk's place in the sequence that numbers every `fcTL` and `fdAT` chunk, starting at 0.
    public var sequenceNumber: UInt32
    /// The width of the frame's rectangle, in pixels.
    public var width: Int
    /// The height of the frame's rectangle, in pixels.
    public var height: Int
    /// The rectangle's left edge, in pixels from the canvas's left edge.
    public var x: Int
    /// The rectangle's top edge, in pixels from the canvas's top edge.
    public var y: Int
    /// The numerator of the frame's delay in seconds (see `delayDenominator`).
    public var delayNumerator: UInt16
    /// As stored; 0 means 100 (the specification's rule), which `delay` applies.
    public var delayDenominator: UInt16
    /// What happens to the frame's rectangle once the frame has been shown.
    public var dispose: APNGDispose
    /// How the frame's pixels are combined with the canvas.
    public var blend: APNGBlend

    /// The delay in seconds.
    public var delay: Double { Double(delayNumerator) / Double(delayDenominator == 0 ? 100 : delayDenominator) }
}

/// A decoded animated PNG: the canvas, how often it plays, and every frame as shown.
public struct APNGAnimation: Equatable, Sendable {
    /// The canvas width, in pixels, from `IHDR`.
    public var width: Int
    /// The canvas height, in pixels, from `IHDR`.
    public var height: Int
    /// `acTL`'s num_plays: 0 means forever.
    public var plays: Int
    /// True for colour type 6 (RGBA), false for 2 (RGB).
    public var hasAlpha: Bool
    /// Whether the still image (`IDAT`) is the first frame; when not, it is skipped.
    public var stillIsFirstFrame: Bool
    /// The frames in display order, a skipped still image not included.
    public var frames: [APNGFrame]
}

/// One frame of a decoded animated PNG.
public struct APNGFrame: Equatable, Sendable {
    /// The frame's `fcTL` chunk as read: its rectangle, delay, dispose and blend ops.
    public var control: APNGFrameControl
    /// The whole canvas after the frame was drawn (before its dispose op), premultiplied.
    public var pixmap: Pixmap
}

/// Reads animated PNGs: for tests and the golden harness, the counterpart of `APNGWriter`.
public enum APNGReader {
    /// The frames of an animated PNG as they are shown: full canvases, premultiplied.
    public static func decodeFrames(_ bytes: [UInt8], maxPixels: Int = SceneLimits.defaultMaxPixels) throws(PNGError)
        -> [Pixmap]
    {
        try decode(bytes, maxPixels: maxPixels).frames.map(\.pixmap)
    }

    /// Decodes an animated PNG into composited frames, honouring offsets and every dispose and blend op.
    ///
    /// Reads 8-bit RGB and RGBA without interlacing (what `APNGWriter` writes); other formats,
    /// `tRNS`, unknown critical chunks and files without `acTL` are refused with a message
    /// saying so. Every CRC, the chunk order, the sequence numbers, the frame rectangles and the
    /// frame count are checked; damaged data throws, it never traps. `maxPixels` bounds the
    /// canvas times the number of frames, checked from `IHDR` and `acTL` before any pixel memory
    /// is allocated; decompression never produces more than a frame's rectangle needs.
    ///
    /// `over` blends in premultiplied space with `Compositor`'s rounding, where the specification
    /// describes straight alpha: results can differ by one step from other decoders for
    /// translucent pixels over translucent pixels. `APNGWriter` only writes `source`, which is exact.
    public static func decode(_ bytes: [UInt8], maxPixels: Int = SceneLimits.defaultMaxPixels) throws(PNGError)
        -> APNGAnimation
    {
        var decoder = try APNGDecoder(bytes, maxPixels: maxPixels)
        return try decoder.run()
    }
}

/// The state of one decode: the chunk walk, the canvas and the frame being collected.
private struct APNGDecoder {
    var chunks: PNGChunkReader
    let maxPixels: Int
    var width = 0, height = 0, channels = 4
    var animation: APNGAnimation?
    var canvas: Pixmap?
    var expectedFrames = 0
    var nextSequence: UInt32 = 0
    /// The frame whose data is being collected, whether that data comes from `IDAT`, and the data
    /// (one zlib stream, concatenated from its chunks).
    var pending: APNGFrameControl?
    var pendingIsStill = false
    var data: [UInt8] = []
    /// Where the walk is relative to the `IDAT` run, which must be one unbroken sequence of chunks.
    var still = StillData.notYet
    enum StillData { case notYet, reading, done }
    /// The previous frame's rectangle and dispose op, with the pixels it covered for `previous`.
    var disposal: (control: APNGFrameControl, op: APNGDispose, saved: [UInt8]?)?
    /// Scratch for one frame: inflated rows, then premultiplied pixels.
    var raw: [UInt8] = []
    var region: [UInt8] = []

    init(_ bytes: [UInt8], maxPixels: Int) throws(PNGError) {
        chunks = try PNGChunkReader(bytes)
        self.maxPixels = maxPixels
    }

    func fail(_ message: String) -> PNGError { PNGError(message: "APNG: " + message) }

    mutating func run() throws(PNGError) -> APNGAnimation {
        guard let header = try chunks.next(), header.type == "IHDR" else { throw fail("the first chunk is not IHDR") }
        try readHeader(header)
        while let chunk = try chunks.next() {
            switch chunk.type {
            case "acTL": try readAnimationControl(chunk)
            case "fcTL": try readFrameControl(chunk)
            case "IDAT", "fdAT": try readData(chunk)
            case "IEND": return try finish()
            case "tRNS": throw fail("tRNS (colour-key transparency) is not supported")
            case "PLTE": break  // a suggested palette for RGB images: not needed
            default:
                guard !chunk.isCritical else {
                    throw fail("unknown critical chunk \(chunk.type) at byte \(chunk.offset)")
                }
            }
            if chunk.type != "IDAT" && still == .reading { still = .done }
        }
        throw fail("no IEND chunk")
    }

    mutating func readHeader(_ chunk: PNGChunk) throws(PNGError) {
        guard chunk.data.count == 13 else { throw fail("IHDR has \(chunk.data.count) bytes instead of 13") }
        let w = Int(chunk.uint32(at: 0))
        let h = Int(chunk.uint32(at: 4))
        let fields = Array(chunk.data.suffix(5))
        guard w >= 1, h >= 1, w <= PNGChunk.maxLength, h <= PNGChunk.maxLength else {
            throw fail("invalid image size \(w)×\(h)")
        }
        guard w <= Pixmap.maxSide, h <= Pixmap.maxSide, w * h <= maxPixels else {
            throw fail(
                "the image is \(w)×\(h) pixels, more than the limit of \(maxPixels) (sides at most \(Pixmap.maxSide))")
        }
        guard fields[0] == 8, fields[1] == 2 || fields[1] == 6 else {
            throw fail(
                "bit depth \(fields[0]) with colour type \(fields[1]) is not supported (only 8-bit RGB and RGBA)")
        }
        guard fields[2] == 0, fields[3] == 0 else { throw fail("unknown compression or filter method in IHDR") }
        guard fields[4] == 0 else { throw fail("interlaced images are not supported") }
        width = w
        height = h
        channels = fields[1] == 6 ? 4 : 3
    }

    mutating func readAnimationControl(_ chunk: PNGChunk) throws(PNGError) {
        guard animation == nil else { throw fail("a second acTL chunk at byte \(chunk.offset)") }
        guard chunk.data.count == 8 else { throw fail("acTL has \(chunk.data.count) bytes instead of 8") }
        let frames = Int(chunk.uint32(at: 0))
        let plays = Int(chunk.uint32(at: 4))
        guard frames >= 1, frames <= PNGChunk.maxLength, plays <= PNGChunk.maxLength else {
            throw fail("acTL declares \(frames) frames and \(plays) plays")
        }
        guard frames <= maxPixels / (width * height) else {
            throw fail("\(frames) frames of \(width)×\(height) pixels are more than the limit of \(maxPixels) pixels")
        }
        expectedFrames = frames
        animation = APNGAnimation(
            width: width, height: height, plays: plays, hasAlpha: channels == 4,
            stillIsFirstFrame: false, frames: [])
        animation!.frames.reserveCapacity(frames)
    }

    mutating func readFrameControl(_ chunk: PNGChunk) throws(PNGError) {
        guard animation != nil else { throw fail("fcTL before acTL") }
        guard chunk.data.count == 26 else {
            throw fail("fcTL at byte \(chunk.offset) has \(chunk.data.count) bytes instead of 26")
        }
        try checkSequence(chunk)
        guard let dispose = APNGDispose(rawValue: chunk.data[chunk.data.startIndex + 24]),
            let blend = APNGBlend(rawValue: chunk.data[chunk.data.startIndex + 25])
        else {
            throw fail("fcTL at byte \(chunk.offset) has an unknown dispose or blend op")
        }
        let control = APNGFrameControl(
            sequenceNumber: chunk.uint32(at: 0), width: Int(chunk.uint32(at: 4)), height: Int(chunk.uint32(at: 8)),
            x: Int(chunk.uint32(at: 12)), y: Int(chunk.uint32(at: 16)),
            delayNumerator: chunk.uint16(at: 20), delayDenominator: chunk.uint16(at: 22), dispose: dispose, blend: blend
        )
        guard control.width >= 1, control.height >= 1, control.x + control.width <= width,
            control.y + control.height <= height
        else {
            throw fail(
                "frame \(control.width)×\(control.height) at (\(control.x), \(control.y)) does not fit the \(width)×\(height) canvas"
            )
        }
        try completePendingFrame()
        guard animation!.frames.count < expectedFrames else {
            throw fail("more frames than the \(expectedFrames) that acTL declares")
        }
        if still == .notYet {
            guard control.x == 0, control.y == 0, control.width == width, control.height == height else {
                throw fail("the fcTL before IDAT must cover the whole canvas")
            }
            animation!.stillIsFirstFrame = true
        }
        pending = control
        pendingIsStill = still == .notYet
    }

    mutating func readData(_ chunk: PNGChunk) throws(PNGError) {
        if chunk.type == "IDAT" {
            guard animation != nil else { throw fail("not an animated PNG (no acTL chunk before IDAT)") }
            guard still != .done else { throw fail("IDAT chunks are not consecutive (byte \(chunk.offset))") }
            still = .reading
            if pending != nil { data += chunk.data }  // else a still that is not part of the animation
            return
        }
        guard still != .notYet else { throw fail("fdAT before IDAT (byte \(chunk.offset))") }
        guard chunk.data.count >= 4 else { throw fail("fdAT at byte \(chunk.offset) has no sequence number") }
        try checkSequence(chunk)
        guard pending != nil, !pendingIsStill else { throw fail("fdAT at byte \(chunk.offset) follows no fcTL") }
        data += chunk.data.dropFirst(4)
    }

    mutating func checkSequence(_ chunk: PNGChunk) throws(PNGError) {
        let number = chunk.uint32(at: 0)
        guard number == nextSequence else {
            throw fail(
                "\(chunk.type) at byte \(chunk.offset) has sequence number \(number) where \(nextSequence) was expected"
            )
        }
        nextSequence &+= 1  // cannot wrap in practice: that takes 2³² chunks
    }

    mutating func finish() throws(PNGError) -> APNGAnimation {
        guard animation != nil else { throw fail("not an animated PNG (no acTL chunk)") }
        guard still != .notYet else { throw fail("no IDAT chunk") }
        try completePendingFrame()
        guard animation!.frames.count == expectedFrames else {
            throw fail("acTL declares \(expectedFrames) frames, but the file has \(animation!.frames.count)")
        }
        return animation!
    }

    // MARK: - Frames

    /// Decodes the frame whose data has been collected, if any, and adds the canvas to the animation.
    mutating func completePendingFrame() throws(PNGError) {
        guard let control = pending else { return }
        let index = animation!.frames.count
        guard !data.isEmpty else { throw fail("frame \(index) has no image data") }
        try inflate(control, index: index)
        if canvas == nil {
            do { canvas = try Pixmap(width: width, height: height) } catch { throw fail("\(error)") }
        }
        dispose()
        // The specification treats `previous` on the first frame as `background`.
        let op = index == 0 && control.dispose == .previous ? .background : control.dispose
        let saved = op == .previous ? copyRegion(control) : nil
        blend(control)
        animation!.frames.append(APNGFrame(control: control, pixmap: canvas!))
        disposal = (control, op, saved)
        pending = nil
        data.removeAll(keepingCapacity: true)
    }

    /// Inflates `data`, undoes the row filters and premultiplies into `region` (4 bytes per pixel).
    mutating func inflate(_ control: APNGFrameControl, index: Int) throws(PNGError) {
        let rowBytes = control.width * channels
        let expected = control.height * (rowBytes + 1)
        if raw.count < expected { raw = [UInt8](repeating: 0, count: expected) }
        var produced = 0
        var message = [CChar](repeating: 0, count: Int(CPNG_MESSAGE_CAPACITY))
        let status = data.withUnsafeBufferPointer { input in
            raw.withUnsafeMutableBufferPointer { output in
                message.withUnsafeMutableBufferPointer { text in
                    cpng_inflate(
                        input.baseAddress, input.count, output.baseAddress, expected, &produced,
                        text.baseAddress, text.count)
                }
            }
        }
        guard status == CPNG_OK else {
            let reason = PNGChunk.message(message, fallback: "")
            throw fail("frame \(index): \(reason)")
        }
        guard produced == expected else {
            throw fail("frame \(index) has \(produced) bytes of image data where \(expected) were expected")
        }
        let pixels = control.width * control.height * 4
        if region.count < pixels { region = [UInt8](repeating: 0, count: pixels) }
        let channels = channels
        let bad: Int? = raw.withUnsafeMutableBufferPointer { raw in
            region.withUnsafeMutableBufferPointer { region in
                for y in 0..<control.height {
                    let row = raw.baseAddress! + y * (rowBytes + 1)
                    let above = y == 0 ? nil : UnsafePointer(row - rowBytes)
                    guard cpng_unfilter_row(row[0], row + 1, above, rowBytes, channels) == CPNG_OK else { return y }
                    cpng_premultiplied_from_straight(
                        row + 1, control.width, Int32(channels),
                        region.baseAddress! + y * control.width * 4)
                }
                return nil
            }
        }
        if let bad { throw fail("frame \(index), row \(bad): unknown filter type") }
    }

    /// Applies the previous frame's dispose op to the canvas.
    mutating func dispose() {
        guard let (control, op, saved) = disposal else { return }
        disposal = nil
        switch op {
        case .none: return
        case .background:
            let clear = [UInt8](repeating: 0, count: control.width * 4)
            for y in control.y..<(control.y + control.height) {
                let start = (y * width + control.x) * 4
                canvas!.bytes.replaceSubrange(start..<start + control.width * 4, with: clear)
            }
        case .previous:
            guard let saved else { return }
            for row in 0..<control.height {
                let start = ((control.y + row) * width + control.x) * 4
                let from = row * control.width * 4
                canvas!.bytes.replaceSubrange(
                    start..<start + control.width * 4, with: saved[from..<from + control.width * 4])
            }
        }
    }

    /// The canvas pixels under `control`'s rectangle, row after row.
    func copyRegion(_ control: APNGFrameControl) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(control.width * control.height * 4)
        for y in control.y..<(control.y + control.height) {
            let start = (y * width + control.x) * 4
            out += canvas!.bytes[start..<start + control.width * 4]
        }
        return out
    }

    /// Puts `region` on the canvas at the frame's offset with its blend op.
    mutating func blend(_ control: APNGFrameControl) {
        let canvasWidth = width
        region.withUnsafeBufferPointer { src in
            canvas!.bytes.withUnsafeMutableBufferPointer { dst in
                for row in 0..<control.height {
                    let from = row * control.width * 4
                    let to = ((control.y + row) * canvasWidth + control.x) * 4
                    let count = control.width * 4
                    switch control.blend {
                    case .source:
                        (dst.baseAddress! + to).update(from: src.baseAddress! + from, count: count)
                    case .over:
                        Compositor.sourceOver(
                            UnsafeBufferPointer(rebasing: src[from..<from + count]), coverage: nil, opacity: 255,
                            onto: UnsafeMutableBufferPointer(rebasing: dst[to..<to + count]))
                    }
                }
            }
        }
    }
}
