import CPNG
import RevealRender

/// What the media writers read of a frame's pixels: where they changed, and their straight colors.
extension Pixmap {
    /// Whether the pixel at byte offset `p` differs from `other`'s (a pixmap of the same size).
    func differs(from other: Pixmap, at p: Int) -> Bool {
        bytes[p] != other.bytes[p] || bytes[p + 1] != other.bytes[p + 1] || bytes[p + 2] != other.bytes[p + 2]
            || bytes[p + 3] != other.bytes[p + 3]
    }

    /// The pixels of `area`, row by row, as straight RGBA, demultiplied as every PNG we write is
    /// (`cpng_straight_from_premultiplied`), into `out` at `offset` with `stride` bytes a row.
    func writeStraight(_ area: PixelRect, to out: inout [UInt8], offset: Int, stride: Int) {
        bytes.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                for y in 0..<area.height {
                    _ = cpng_straight_from_premultiplied(
                        from + ((area.y + y) * width + area.x) * 4, area.width, 4, to + offset + y * stride)
                }
            }
        }
    }
}
