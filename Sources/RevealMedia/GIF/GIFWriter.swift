import Foundation
import RevealRender

/// Streams a sequence's frames into an animated GIF, written atomically (a hidden temporary name,
/// renamed into place by `finish()`).
///
/// Each frame gets a palette of its own: libimagequant reduces the pixels that changed since the
/// frame shown before to at most 255 colors and one transparent entry (fewer once `quality` is met). A frame stores only the rectangle
/// around its changes, and in it the unchanged pixels are transparent, so the canvas shows through:
/// still areas are never quantized again and cannot flicker. When does a frame show, and which
/// frames are left out above 50 fps, `GIFTiming` says.
///
/// GIF transparency is one bit: a pixel under half opaque is transparent, the others opaque in their
/// own (demultiplied) color. A pixel that turns transparent after being drawn needs the frame before
/// it cleared: frames are held back one, so that the one before can be given the disposal that
/// clears it, over a rectangle grown to cover those pixels. A frame that changes nothing lengthens the
/// one before. Memory stays the size of a few frames.
public final class GIFWriter: FrameObserver {
    /// The file the animation ends up in.
    public let path: String
    /// The canvas, in pixels.
    public let width: Int, height: Int
    /// When each frame is shown.
    public let timing: GIFTiming
    /// 0 to 1: how much libimagequant dithers the changed pixels (0, the default, never flickers).
    public var dithering: Float = 0
    /// 0 to 100: the quality past which a frame's palette gets no more colors (nil: 98).
    public var quality: Double?

    private var file: OutputFile?
    private var gif: GIFFile?
    /// The sequence's frame the canvas shows (premultiplied), once a frame was shown.
    private var shown: Pixmap?
    /// The last frame quantized, not yet written: its delay and disposal wait for the next.
    private var pending: (image: IndexedImage, rect: PixelRect, start: Int, disposal: GIFFile.Disposal)?
    private var observed = 0
    /// The frames the file holds so far: fewer than the sequence's where a frame changes nothing or
    /// `timing` leaves it out.
    public private(set) var framesWritten = 0

    /// Starts the file: `frameCount` frames at `fps`, played `loops` times (0: forever).
    public init(path: String, width: Int, height: Int, fps: Double, frameCount: Int, loops: Int = 0)
        throws(OutputError)
    {
        self.path = path
        self.width = width
        self.height = height
        guard (1...Int(UInt16.max)).contains(width), (1...Int(UInt16.max)).contains(height) else {
            throw OutputError(path: path, reason: "cannot write a \(width)×\(height) GIF (its sides are at most 65535)")
        }
        guard let timing = GIFTiming(fps: fps, frameCount: frameCount) else {
            throw OutputError(
                path: path, reason: "cannot write \(frameCount) frames at \(fps) frames per second as a GIF")
        }
        guard loops >= 0 else { throw OutputError(path: path, reason: "loop count \(loops) is negative") }
        self.timing = timing
        let file = try OutputFile(path: path)
        self.file = file
        do {
            gif = try GIFFile(width: width, height: height, plays: loops)
        } catch {
            file.discard()
            throw OutputError(path: path, reason: "cannot start the GIF: \(error.message)")
        }
    }

    deinit { cancel() }

    public func observe(_ pixmap: Pixmap, frame index: Int, changedRows _: Range<Int>) throws {
        let k = observed
        observed += 1
        guard let start = timing.start(ofFrame: k) else { return }
        do throws(OutputError) {
            guard file != nil else { throw failure("the GIF is already finished or abandoned") }
            guard pixmap.width == width, pixmap.height == height else {
                throw failure("frame \(index) is \(pixmap.width)×\(pixmap.height), but the GIF is \(width)×\(height)")
            }
            try add(pixmap, start: start, frame: index)
        } catch {
            cancel()
            throw error
        }
    }

    public func finish() throws {
        do throws(OutputError) {
            guard let file, let gif else { throw failure("the GIF is already finished or abandoned") }
            guard observed == timing.frameCount else {
                throw failure("only \(observed) of the GIF's \(timing.frameCount) frames were given")
            }
            try flushPending(until: timing.end)
            gif.close()
            try file.write(gif.take())
            self.file = nil
            try file.commit()
        } catch {
            cancel()
            throw error
        }
    }

    public func cancel() {
        file?.discard()
        file = nil
        gif = nil
        shown = nil
        pending = nil
    }

    private func failure(_ reason: String) -> OutputError { OutputError(path: path, reason: reason) }

    /// Quantizes what changed in `frame` since the frame shown, and writes the frame held back.
    private func add(_ frame: Pixmap, start: Int, frame index: Int) throws(OutputError) {
        var change = FrameChange(shown: shown, next: frame)
        // An unchanged frame lengthens the one before.
        if change.isEmpty && pending != nil { return }
        // Pixels drawn before that must turn transparent: the frame held back clears them (and its own
        // rectangle, which this frame then draws again).
        if let clear = change.cleared, var held = pending {
            let grown = held.rect.union(clear)
            held.image = held.image.placed(
                at: held.rect.x - grown.x, held.rect.y - grown.y, in: grown.width, grown.height)
            held.rect = grown
            held.disposal = .clear
            pending = held
            change.redraw(grown)
        }
        try flushPending(until: start)
        if shown == nil { shown = frame.ownCopy() } else { change.apply(to: &shown!) }
        let image: IndexedImage
        do {
            var quantizer = Quantizer()
            quantizer.dithering = dithering
            if let quality { quantizer.maxQuality = Int32(min(max(quality, 0), 100).rounded()) }
            image = try quantizer.quantize(change.pixels, width: change.rect.width, height: change.rect.height)
        } catch {
            throw failure("cannot quantize frame \(index): \(error)")
        }
        pending = (image, change.rect, start, .keep)
    }

    /// Writes the frame held back, shown until `end`.
    private func flushPending(until end: Int) throws(OutputError) {
        guard let held = pending, let gif, let file else { return }
        pending = nil
        do {
            try gif.add(held.image, x: held.rect.x, y: held.rect.y, delay: end - held.start, disposal: held.disposal)
            framesWritten += 1
        } catch {
            throw failure("cannot encode a frame: \(error.message)")
        }
        try file.write(gif.take())
    }
}

/// What a GIF frame must draw to turn the canvas showing `shown` into `next`: the rectangle around the
/// pixels that changed, as straight-alpha RGBA with the unchanged pixels (and the transparent ones)
/// transparent, and the rectangle of pixels that were visible and must turn transparent.
struct FrameChange {
    private(set) var rect: PixelRect
    private(set) var pixels: [UInt8]
    /// Whether nothing changed.
    private(set) var isEmpty = false
    /// Around the pixels that were drawn and are now transparent; nil when there are none.
    private(set) var cleared: PixelRect?
    private let next: Pixmap

    /// Pixels under half opaque are transparent in a GIF.
    static func isVisible(alpha: UInt8) -> Bool { alpha >= 128 }

    init(shown: Pixmap?, next: Pixmap) {
        self.next = next
        guard let shown else {
            rect = PixelRect(x: 0, y: 0, width: next.width, height: next.height)
            pixels = []
            redraw(rect)
            return
        }
        guard let changed = shown.changedRect(to: next) else {
            (rect, pixels, isEmpty) = (PixelRect(x: 0, y: 0, width: 1, height: 1), [0, 0, 0, 0], true)
            return
        }
        rect = changed
        pixels = [UInt8](repeating: 0, count: rect.width * rect.height * 4)
        draw(rect)
        var clear: (top: Int, bottom: Int, left: Int, right: Int)?
        for y in rect.y..<rect.y + rect.height {
            for x in rect.x..<rect.x + rect.width {
                let p = (y * next.width + x) * 4
                guard next.differs(from: shown, at: p) else {
                    let q = ((y - rect.y) * rect.width + x - rect.x) * 4
                    pixels.replaceSubrange(q..<q + 4, with: [0, 0, 0, 0])  // left to the canvas
                    continue
                }
                if FrameChange.isVisible(alpha: shown.bytes[p + 3]) && !FrameChange.isVisible(alpha: next.bytes[p + 3])
                {
                    let c = clear ?? (y, y, x, x)
                    clear = (min(c.top, y), max(c.bottom, y), min(c.left, x), max(c.right, x))
                }
            }
        }
        cleared = clear.map {
            PixelRect(x: $0.left, y: $0.top, width: $0.right - $0.left + 1, height: $0.bottom - $0.top + 1)
        }
    }

    /// Draws every pixel of `area` (the canvas there is cleared first), growing the rectangle to hold it.
    mutating func redraw(_ area: PixelRect) {
        let grown = pixels.isEmpty ? area : rect.union(area)
        if grown != rect || pixels.isEmpty {
            pixels = placing(
                pixels, pixels.isEmpty ? 0 : rect.width, pixels.isEmpty ? 0 : rect.height, bytesPerPixel: 4,
                at: rect.x - grown.x, rect.y - grown.y, in: grown.width, grown.height, fill: 0)
            rect = grown
        }
        draw(area)
    }

    /// Writes `next`'s pixels in `area` (inside the rectangle) into the frame as a GIF shows them: their
    /// straight colors, opaque, or clear when under half opaque.
    private mutating func draw(_ area: PixelRect) {
        let offset = ((area.y - rect.y) * rect.width + area.x - rect.x) * 4
        next.writeStraight(area, to: &pixels, offset: offset, stride: rect.width * 4)
        for y in 0..<area.height {
            for x in 0..<area.width {
                let q = offset + (y * rect.width + x) * 4
                if FrameChange.isVisible(alpha: pixels[q + 3]) {
                    pixels[q + 3] = 255
                } else {
                    pixels.replaceSubrange(q..<q + 4, with: [0, 0, 0, 0])
                }
            }
        }
    }

    /// Brings `shown` to `next` inside the frame's rectangle.
    func apply(to shown: inout Pixmap) {
        shown.copy(
            next, x: 0, y: 0, rows: rect.y..<rect.y + rect.height, columns: rect.x..<rect.x + rect.width)
    }
}
