// `fuzz png`: every input is decoded (with a pixel limit of 4 megapixels, so that no single run is
// slow), and a decoded image must be consistent — the right number of bytes, premultiplied (no
// channel above its alpha) — and survive an encode and decode unchanged, with zlib and with our own
// deflate for rows (the frames' default, and the smallest preset's strips coded together).
// Errors are expected; crashes, hangs and memory errors are what the fuzzer looks for.
import Foundation
import RevealRender

func fuzzPNG(_ bytes: [UInt8]) {
    guard let pixmap = try? PNG.decode(bytes, maxPixels: 1 << 22) else { return }
    precondition(pixmap.bytes.count == pixmap.width * pixmap.height * 4, "wrong number of bytes")
    for i in stride(from: 0, to: pixmap.bytes.count, by: 4) {
        let a = pixmap.bytes[i + 3]
        precondition(pixmap.bytes[i] <= a && pixmap.bytes[i + 1] <= a && pixmap.bytes[i + 2] <= a, "not premultiplied")
    }
    for options in [PNGEncodingOptions(), .fast, .smallest] {
        guard let encoded = try? PNG.encode(pixmap, options: options) else {
            preconditionFailure("a decoded image does not encode")
        }
        guard let again = try? PNG.decode(encoded, maxPixels: 1 << 22) else {
            preconditionFailure("an encoded image does not decode")
        }
        precondition(again == pixmap, "encode and decode changed the pixels")
    }
}
