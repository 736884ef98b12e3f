import Foundation
import RevealRender
import XCTest

/// Small images and scratch folders for the comparison and golden tests.
package enum TestImages {
    /// A `width`×`height` opaque image whose pixel (x, y) is `color(x, y)` as (r, g, b).
    package static func opaque(_ width: Int, _ height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8)) throws
        -> Pixmap
    {
        var pixmap = try Pixmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = color(x, y)
                pixmap[x, y] = PremultipliedRGBA8(r: r, g: g, b: b, a: 255)
            }
        }
        return pixmap
    }

    /// A smooth opaque image with no two neighbouring pixels alike in every channel.
    package static func gradient(_ width: Int, _ height: Int) throws -> Pixmap {
        try opaque(width, height) { x, y in
            (UInt8(40 + 5 * x % 200), UInt8(30 + 7 * y % 200), UInt8((x * 3 + y * 11) % 256))
        }
    }

    package static func solid(_ width: Int, _ height: Int, _ color: PremultipliedRGBA8) throws -> Pixmap {
        try Pixmap(width: width, height: height, fill: color)
    }

    /// A fresh empty folder under the system's temporary folder, removed when the test ends.
    package static func temporaryFolder(_ test: XCTestCase, _ label: String = "folder") throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    package static func writePNG(_ pixmap: Pixmap, to path: String) throws {
        try AtomicFile.write(try PNG.encode(pixmap), to: path)
    }
}

extension Pixmap {
    /// The same image with channel `channel` (0 r … 3 a) of pixel (x, y) moved by `levels`.
    package func nudged(x: Int, y: Int, channel: Int = 1, by levels: Int) -> Pixmap {
        var copy = self
        let i = (y * width + x) * 4 + channel
        copy.bytes[i] = UInt8(Int(copy.bytes[i]) + levels)
        return copy
    }
}
