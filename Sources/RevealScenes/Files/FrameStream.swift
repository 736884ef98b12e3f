import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// The frames of a played view as they go from the process that runs the view's code to the one that
/// writes them: a header, then for each frame the rows that changed. The runner also says which event it
/// is about to handle, so that a crash can be reported with the event that caused it.
///
/// Every message is a tag byte and little-endian fields:
/// - `H` width, height (Int64), scale, fps (Float64), frame count (Int64): once, first;
/// - `V` text (Int32 length, UTF-8): the event about to be handled;
/// - `A` what VoiceOver reads in the frame that follows: a count (Int32), then each element's label, hint
///   (a flag byte, then the text), traits and actions (a count, then each name) and frame (4 Float64);
/// - `F` index (Int64), a count of patches (Int32), then each patch's x, y, width and height (Int64) and
///   its width × height × 4 bytes of premultiplied RGBA: the boxes of the frame drawn again;
/// - `E` text: the view could not be played (a tap found nothing to tap), as one line;
/// - `S` text: the view's code was stopped (it went past a budget or a limit), as one line;
/// - `L` the views as laid out at one frame (for `reveal-render layout`): a count (Int32), then each view's
///   kind (text), depth (Int64), frame (4 Float64) and its text, font file, size, weight and baseline, each a
///   flag byte and the value (text or Float64).
public enum FrameStream {
    /// What comes before the frames.
    public struct Header: Equatable, Sendable {
        /// The frames' size in pixels.
        public var width: Int, height: Int
        /// Pixels per point, and frames per second.
        public var scale: Double, fps: Double
        /// How many frames the sequence has.
        public var frameCount: Int

        /// A header for `frameCount` frames of `width`×`height` pixels.
        public init(width: Int, height: Int, scale: Double, fps: Double, frameCount: Int) {
            self.width = width
            self.height = height
            self.scale = scale
            self.fps = fps
            self.frameCount = frameCount
        }
    }

    /// A box of a frame and its pixels, premultiplied RGBA row after row.
    public struct Patch: Equatable, Sendable {
        /// The box's top-left pixel, and its size in pixels.
        public var x: Int, y: Int, width: Int, height: Int
        /// Its pixels, `width` × `height` × 4 bytes.
        public var pixels: [UInt8]

        /// The pixels of the `width`×`height` box at (`x`, `y`).
        public init(x: Int, y: Int, width: Int, height: Int, pixels: [UInt8]) {
            (self.x, self.y, self.width, self.height, self.pixels) = (x, y, width, height, pixels)
        }
    }

    /// One message.
    public enum Message: Equatable, Sendable {
        /// The size, rate and length of what follows.
        case header(Header)
        /// The event about to be handled, named for a crash report.
        case event(String)
        /// What VoiceOver reads in the next frame.
        case accessibility([AccessibilityElement])
        /// Frame `index`: the frame before with `patches` laid over it.
        case frame(index: Int, patches: [Patch])
        /// The view could not be played, as one line.
        case failure(String)
        /// The view's code was stopped: it went past a budget or a limit, said in one line.
        case stopped(String)
        /// Every view as laid out at the frame asked for.
        case layout([LaidOutView])
    }

    /// The bytes of `message`.
    public static func encode(_ message: Message) -> [UInt8] {
        var out: [UInt8] = []
        func int(_ v: Int) { withUnsafeBytes(of: Int64(v).littleEndian) { out += $0 } }
        func double(_ v: Double) { withUnsafeBytes(of: v.bitPattern.littleEndian) { out += $0 } }
        func count(_ n: Int) { withUnsafeBytes(of: Int32(n).littleEndian) { out += $0 } }
        func text(_ s: String) {
            let bytes = Array(s.utf8)
            count(bytes.count)
            out += bytes
        }
        switch message {
        case .header(let h):
            out.append(UInt8(ascii: "H"))
            int(h.width)
            int(h.height)
            double(h.scale)
            double(h.fps)
            int(h.frameCount)
        case .event(let s):
            out.append(UInt8(ascii: "V"))
            text(s)
        case .accessibility(let elements):
            out.append(UInt8(ascii: "A"))
            count(elements.count)
            for element in elements {
                text(element.label)
                out.append(element.hint == nil ? 0 : 1)
                if let hint = element.hint { text(hint) }
                count(element.traits.count)
                for trait in element.traits { text(trait.rawValue) }
                count(element.actions.count)
                for action in element.actions { text(action) }
                for v in [element.frame.x, element.frame.y, element.frame.width, element.frame.height] { double(v) }
            }
        case .frame(let index, let patches):
            out.append(UInt8(ascii: "F"))
            int(index)
            count(patches.count)
            for patch in patches {
                for v in [patch.x, patch.y, patch.width, patch.height] { int(v) }
                out += patch.pixels
            }
        case .failure(let s):
            out.append(UInt8(ascii: "E"))
            text(s)
        case .stopped(let s):
            out.append(UInt8(ascii: "S"))
            text(s)
        case .layout(let views):
            out.append(UInt8(ascii: "L"))
            count(views.count)
            func optional<T>(_ value: T?, _ write: (T) -> Void) {
                out.append(value == nil ? 0 : 1)
                if let value { write(value) }
            }
            for view in views {
                text(view.kind)
                int(view.depth)
                for v in [view.frame.x, view.frame.y, view.frame.width, view.frame.height] { double(v) }
                optional(view.text, text)
                optional(view.fontFile, text)
                optional(view.fontSize, double)
                optional(view.fontWeight?.rawValue, text)
                optional(view.firstBaseline, double)
                optional(view.symbol, text)
                optional(view.textOrigin) {
                    double($0.x)
                    double($0.y)
                }
            }
        }
        return out
    }

    /// Reads messages from a byte source: `read(n)` returns exactly n bytes, or nil at the end.
    public struct Reader {
        private let read: (Int) -> [UInt8]?
        private var width = 0, height = 0

        /// A reader over `read`.
        public init(read: @escaping (Int) -> [UInt8]?) { self.read = read }

        /// The next message; nil at the end of the stream (or where it was cut short).
        public mutating func next() -> Message? {
            guard let tag = read(1)?.first else { return nil }
            switch tag {
            case UInt8(ascii: "H"):
                guard let w = int(), let h = int(), let scale = double(), let fps = double(), let count = int(),
                    w > 0, h > 0, w <= Pixmap.maxSide, h <= Pixmap.maxSide, count >= 0
                else { return nil }
                (width, height) = (w, h)
                return .header(Header(width: w, height: h, scale: scale, fps: fps, frameCount: count))
            case UInt8(ascii: "V"):
                return text().map { .event($0) }
            case UInt8(ascii: "E"):
                return text().map { .failure($0) }
            case UInt8(ascii: "S"):
                return text().map { .stopped($0) }
            case UInt8(ascii: "A"):
                return elements().map { .accessibility($0) }
            case UInt8(ascii: "L"):
                return laidOutViews().map { .layout($0) }
            case UInt8(ascii: "F"):
                guard let index = int(), let n = count(), width > 0 else { return nil }
                var patches: [Patch] = []
                for _ in 0..<n {
                    guard let x = int(), let y = int(), let w = int(), let h = int(), x >= 0, y >= 0, w >= 0, h >= 0,
                        x <= width - w, y <= height - h, let pixels = read(w * h * 4)
                    else { return nil }
                    patches.append(Patch(x: x, y: y, width: w, height: h, pixels: pixels))
                }
                return .frame(index: index, patches: patches)
            default:
                return nil
            }
        }

        private func int() -> Int? {
            guard let bytes = read(8) else { return nil }
            var v: UInt64 = 0
            for (k, b) in bytes.enumerated() { v |= UInt64(b) << (8 * UInt64(k)) }
            return Int(exactly: Int64(bitPattern: v))
        }

        private func double() -> Double? {
            guard let bytes = read(8) else { return nil }
            var v: UInt64 = 0
            for (k, b) in bytes.enumerated() { v |= UInt64(b) << (8 * UInt64(k)) }
            return Double(bitPattern: v)
        }

        private func count() -> Int? {
            guard let bytes = read(4) else { return nil }
            var n: UInt32 = 0
            for (k, b) in bytes.enumerated() { n |= UInt32(b) << (8 * UInt32(k)) }
            return n <= 1 << 20 ? Int(n) : nil
        }

        private func text() -> String? {
            guard let n = count(), let body = read(n) else { return nil }
            return String(decoding: body, as: UTF8.self)
        }

        private func laidOutViews() -> [LaidOutView]? {
            guard let n = count() else { return nil }
            var views: [LaidOutView] = []
            func optional<T>(_ read: () -> T?) -> T?? {
                guard let flag = self.read(1)?.first else { return nil }
                return flag == 0 ? .some(nil) : read().map { .some($0) }
            }
            for _ in 0..<n {
                guard let kind = text(), let depth = int(), let x = double(), let y = double(), let w = double(),
                    let h = double(), let string = optional(text), let font = optional(text),
                    let size = optional(double), let weight = optional(text), let baseline = optional(double),
                    let symbol = optional(text),
                    let origin = optional({ double().flatMap { x in double().map { Point(x: x, y: $0) } } })
                else { return nil }
                views.append(
                    LaidOutView(
                        kind: kind, depth: depth, frame: Rect(x: x, y: y, width: w, height: h), text: string,
                        fontFile: font, fontSize: size, fontWeight: weight.flatMap { FontWeight(rawValue: $0) },
                        firstBaseline: baseline, symbol: symbol,
                        textOrigin: origin))
            }
            return views
        }

        private func names() -> [String]? {
            guard let n = count() else { return nil }
            var names: [String] = []
            for _ in 0..<n {
                guard let name = text() else { return nil }
                names.append(name)
            }
            return names
        }

        private func elements() -> [AccessibilityElement]? {
            guard let n = count() else { return nil }
            var elements: [AccessibilityElement] = []
            for _ in 0..<n {
                guard let label = text(), let flag = read(1)?.first else { return nil }
                var hint: String?
                if flag == 1 {
                    guard let text = text() else { return nil }
                    hint = text
                }
                guard let traits = names(), let actions = names(), let x = double(), let y = double(),
                    let width = double(), let height = double()
                else { return nil }
                elements.append(
                    AccessibilityElement(
                        label: label, hint: hint, traits: traits.compactMap(AccessibilityTrait.init(rawValue:)),
                        actions: actions, frame: Rect(x: x, y: y, width: width, height: height)))
            }
            return elements
        }
    }
}

extension Pixmap {
    /// The pixels of the box at (x, y), cut to the pixmap, as a patch.
    package func patch(x: Int, y: Int, width: Int, height: Int) -> FrameStream.Patch {
        let columns = max(x, 0)..<max(min(x + width, self.width), max(x, 0))
        let rows = max(y, 0)..<max(min(y + height, self.height), max(y, 0))
        var pixels: [UInt8] = []
        pixels.reserveCapacity(columns.count * rows.count * 4)
        for row in rows {
            let start = (row * self.width + columns.lowerBound) * 4
            pixels += bytes[start..<start + columns.count * 4]
        }
        return FrameStream.Patch(
            x: columns.lowerBound, y: rows.lowerBound, width: columns.count, height: rows.count, pixels: pixels)
    }

    /// Replaces the pixels under `patch` with its own; false (and nothing changed) when it does not fit.
    package mutating func replace(_ patch: FrameStream.Patch) -> Bool {
        guard patch.x >= 0, patch.y >= 0, patch.width >= 0, patch.height >= 0, patch.x <= width - patch.width,
            patch.y <= height - patch.height, patch.pixels.count == patch.width * patch.height * 4
        else { return false }
        let row = patch.width * 4
        for y in 0..<patch.height {
            let start = ((patch.y + y) * width + patch.x) * 4
            bytes.replaceSubrange(start..<start + row, with: patch.pixels[y * row..<(y + 1) * row])
        }
        return true
    }
}
