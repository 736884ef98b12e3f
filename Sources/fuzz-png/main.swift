// A libFuzzer target for the PNG reader: every input is decoded (with a pixel limit of 4 megapixels,
// so that no single run is slow), and a decoded image must be consistent — the right number of
// bytes, premultiplied (no channel above its alpha) — and survive an encode and decode unchanged.
// Errors are expected; crashes, hangs and memory errors are what the fuzzer looks for.
//
// Built normally this is a plain program that runs each file named on the command line through the
// same function, to replay what the fuzzer found: `swift run fuzz-png Tests/Corpus/crashes/*`.
// `Scripts/fuzz` builds it with `-sanitize=fuzzer,address -DFUZZING`, when libFuzzer drives it.
import Foundation
import RevealRender

func fuzzPNG(_ bytes: [UInt8]) {
    guard let pixmap = try? PNG.decode(bytes, maxPixels: 1 << 22) else { return }
    precondition(pixmap.bytes.count == pixmap.width * pixmap.height * 4, "wrong number of bytes")
    for i in stride(from: 0, to: pixmap.bytes.count, by: 4) {
        let a = pixmap.bytes[i + 3]
        precondition(pixmap.bytes[i] <= a && pixmap.bytes[i + 1] <= a && pixmap.bytes[i + 2] <= a, "not premultiplied")
    }
    guard let encoded = try? PNG.encode(pixmap) else { preconditionFailure("a decoded image does not encode") }
    guard let again = try? PNG.decode(encoded, maxPixels: 1 << 22) else { preconditionFailure("an encoded image does not decode") }
    precondition(again == pixmap, "encode and decode changed the pixels")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzPNG(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

#if FUZZING
@_extern(c, "LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt
var argc = CommandLine.argc
var argv = Optional(CommandLine.unsafeArgv)
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzPNGInput))
#else
for path in CommandLine.arguments.dropFirst() {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("fuzz-png: cannot read \(path)\n".utf8))
        exit(1)
    }
    fuzzPNG([UInt8](data))
}
#endif
