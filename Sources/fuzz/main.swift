// libFuzzer targets: `fuzz scene …` for the scene decoders, `fuzz png …` for the PNG reader and
// encoder (see SceneTarget.swift and PNGTarget.swift); and `fuzz output …`, random runs of the command
// line against a sandbox of outputs and inputs (OutputTarget.swift).
//
// `Scripts/fuzz` builds this with `-sanitize=fuzzer,address -DFUZZING`, when libFuzzer drives the
// target and takes the arguments after its name. Built normally it is a plain program that runs
// each file named after the target through the same function, to replay what the fuzzer found:
// `swift run fuzz scene Tests/Corpus/crashes/scene-*`.
import Foundation

let targets: [String: ([UInt8]) -> Void] = ["scene": fuzzScene, "png": fuzzPNG]
let arguments = CommandLine.arguments
// The output side is fuzzed by whole runs of the command line, not by libFuzzer (OutputTarget.swift).
if arguments.count >= 2 && arguments[1] == "output" { exit(fuzzOutput(Array(arguments.dropFirst(2)))) }
guard arguments.count >= 2, let chosen = targets[arguments[1]] else {
    FileHandle.standardError.write(
        Data(
            "usage: fuzz scene|png [libFuzzer options or files…] | fuzz output [--seconds S] [--runs N] [--seed N]\n"
                .utf8))
    exit(2)
}
/// The target libFuzzer's callback runs; set once, before any input.
nonisolated(unsafe) var target = chosen

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    target(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

#if FUZZING
    // libFuzzer's C symbol, under a Swift name.
    @_extern(c, "LLVMFuzzerRunDriver")
    func llvmFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt
    // libFuzzer sees the program name followed by the arguments after the target's name.
    CommandLine.unsafeArgv[1] = CommandLine.unsafeArgv[0]
    var argc = CommandLine.argc - 1
    var argv = Optional(CommandLine.unsafeArgv + 1)
    exit(llvmFuzzerRunDriver(&argc, &argv, fuzzInput))
#else
    for path in arguments.dropFirst(2) {
        guard let data = FileManager.default.contents(atPath: path) else {
            FileHandle.standardError.write(Data("fuzz: cannot read \(path)\n".utf8))
            exit(1)
        }
        target([UInt8](data))
    }
#endif
