/// The frames of a played view as they go from the process that runs the view's code to the one that
/// writes them: a header, then for each frame the rows that changed. The runner also says which event it
/// is about to handle, so that a crash can be reported with the event that caused it.
///
/// Every message is a tag byte and little-endian fields:
/// - `H` width, height (Int64), scale, fps (Float64), frame count (Int64): once, first;
/// - `V` text (Int32 length, UTF-8): the event about to be handled;
/// - `F` index, first row, end row (Int64), then (end − first) × width × 4 bytes of premultiplied RGBA;
/// - `E` text: the view could not be played (a tap found nothing to tap), as one line.
public enum FrameStream {
    /// What comes before the frames.
    public struct Header: Equatable, Sendable {
        public var width: Int, height: Int
        public var scale: Double, fps: Double
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

    /// One message.
    public enum Message: Equatable, Sendable {
        case header(Header)
        case event(String)
        /// Frame `index`, with `rows` of it (the others as in the frame before) and their pixels.
        case frame(index: Int, rows: Range<Int>, pixels: [UInt8])
        case failure(String)
    }

    /// The bytes of `message`.
    public static func encode(_ message: Message) -> [UInt8] {
        var out: [UInt8] = []
        func int(_ v: Int) { withUnsafeBytes(of: Int64(v).littleEndian) { out += $0 } }
        func double(_ v: Double) { withUnsafeBytes(of: v.bitPattern.littleEndian) { out += $0 } }
        func text(_ s: String) {
            let bytes = Array(s.utf8)
            withUnsafeBytes(of: Int32(bytes.count).littleEndian) { out += $0 }
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
        case .frame(let index, let rows, let pixels):
            out.append(UInt8(ascii: "F"))
            int(index)
            int(rows.lowerBound)
            int(rows.upperBound)
            out += pixels
        case .failure(let s):
            out.append(UInt8(ascii: "E"))
            text(s)
        }
        return out
    }

    /// Reads messages from a byte source: `read(n)` returns exactly n bytes, or nil at the end.
    public struct Reader {
        private let read: (Int) -> [UInt8]?
        private var width = 0

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
                width = w
                return .header(Header(width: w, height: h, scale: scale, fps: fps, frameCount: count))
            case UInt8(ascii: "V"):
                return text().map { .event($0) }
            case UInt8(ascii: "E"):
                return text().map { .failure($0) }
            case UInt8(ascii: "F"):
                guard let index = int(), let lower = int(), let upper = int(), lower >= 0, upper >= lower,
                    upper <= Pixmap.maxSide, width > 0, let pixels = read((upper - lower) * width * 4)
                else { return nil }
                return .frame(index: index, rows: lower..<upper, pixels: pixels)
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

        private func text() -> String? {
            guard let bytes = read(4) else { return nil }
            var n: UInt32 = 0
            for (k, b) in bytes.enumerated() { n |= UInt32(b) << (8 * UInt32(k)) }
            guard n <= 1 << 20, let body = read(Int(n)) else { return nil }
            return String(decoding: body, as: UTF8.self)
        }
    }
}
