import RevealRender

/// What the media writers read of a frame's pixels: where they changed, and their straight colors.
extension Pixmap {
    /// Whether the pixel at byte offset `p` differs from `other`'s (a pixmap of the same size).
    func differs(from other: Pixmap, at p: Int) -> Bool {
        bytes[p] != other.bytes[p] || bytes[p + 1] != other.bytes[p + 1] || bytes[p + 2] != other.bytes[p + 2]
            || bytes[p + 3] != other.bytes[p + 3]
    }

    /// Writes the pixel at byte offset `p` to `out` at `q` as straight RGBA, demultiplied with
    /// rounding as the PNG encoder does it (a clear pixel is 0, 0, 0, 0).
    func writeStraight(at p: Int, to out: inout [UInt8], at q: Int) {
        let a = Int(bytes[p + 3])
        for c in 0..<3 {
            out[q + c] = a == 255 ? bytes[p + c] : a == 0 ? 0 : UInt8(min(255, (Int(bytes[p + c]) * 255 + a / 2) / a))
        }
        out[q + 3] = UInt8(a)
    }
}
