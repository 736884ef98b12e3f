import Foundation
import RevealRender

/// The animated PNG the APNG tests write: 30 frames of a square moving over noise, with repeats and a
/// translucent frame; written here so that our reader (RevealOutputTests) and other decoders
/// (IntegrationTests) check the same file.
package enum APNGSample {
    package static let size = (width: 64, height: 48)
    package static let frameCount = 30
    /// Frames equal to the one before them.
    package static let repeats: Set<Int> = [10, 11, 20]
    /// The frame with a translucent band (and fully transparent pixels).
    package static let translucentFrame = 15

    /// 30 frames of an opaque square moving over a noisy gradient (noise, so that whole frames cost what
    /// photographic content would); frames 10, 11 and 20 repeat the one before, frame 15 adds a
    /// translucent band with some fully transparent pixels.
    package static let frames: [Pixmap] = {
        var result: [Pixmap] = []
        for i in 0..<frameCount {
            if repeats.contains(i) {
                result.append(result[i - 1])
                continue
            }
            var p = try! Pixmap(width: size.width, height: size.height)
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let noise = UInt8(truncatingIfNeeded: (x &* 7_919 ^ y &* 104_729) &* 2_654_435_761 >> 13) & 31
                    p[x, y] = PremultipliedRGBA8(
                        r: UInt8(x * 3) + noise, g: UInt8(y * 4) + noise, b: 160 + noise, a: 255)
                }
            }
            for y in (4 + i / 2)..<(14 + i / 2) {
                for x in (2 + i * 2)..<(12 + i * 2) {
                    p[x, y] = PremultipliedRGBA8(r: 250, g: 200, b: UInt8(i * 8), a: 255)
                }
            }
            if i == translucentFrame {
                for y in 30..<36 {
                    for x in 5..<40 {
                        let a = UInt8(x * 6)  // 30...234, and 0 below
                        p[x, y] = PremultipliedRGBA8(r: a / 2, g: a / 3, b: a, a: a)
                    }
                }
                for x in 40..<44 { p[x, 30] = .transparent }
            }
            result.append(p)
        }
        return result
    }()

    /// Writes `frames` with a fresh writer at `fps` to `path` and returns the file's bytes.
    package static func write(
        _ frames: [Pixmap] = APNGSample.frames, to path: String, fps: Double = 30, loops: Int = 0,
        opaque: Bool = false, options: PNGEncodingOptions? = nil,
        configure: (APNGWriter) -> Void = { _ in }
    ) throws -> [UInt8] {
        let writer = try APNGWriter(
            path: path, width: frames[0].width, height: frames[0].height, fps: fps, loops: loops,
            frameCount: frames.count, opaque: opaque, options: options)
        configure(writer)
        for frame in frames { try writer.append(frame) }
        try writer.finish()
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Premultiplies straight RGBA bytes with the same rounding as PNG.decode (c·a/255 to nearest).
    package static func premultiplied(_ straight: ArraySlice<UInt8>, width: Int, height: Int) throws -> Pixmap {
        var bytes = [UInt8](straight)
        for i in stride(from: 0, to: bytes.count, by: 4) {
            let a = UInt32(bytes[i + 3])
            for c in 0..<3 { bytes[i + c] = UInt8((UInt32(bytes[i + c]) * a + 127) / 255) }
        }
        return try Pixmap(width: width, height: height, premultipliedBytes: bytes)
    }
}
