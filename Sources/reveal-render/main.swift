import Foundation

/// Prints one line to standard error.
func report(_ line: String) {
    FileHandle.standardError.write((line + "\n").data(using: .utf8)!)
}

/// Subcommands by their first argument; anything else is a render.
let subcommands: [String: ([String]) -> Int32] = [
    "strokes": strokesCommand, "compare": compareCommand,
    "layout": layoutCommand, "join": joinCommand, "swiftui": { swiftUICommand($0) },
]

// A file-size limit or a closed pipe should be an error we report, not a silent death.
signal(SIGXFSZ, SIG_IGN)
signal(SIGPIPE, SIG_IGN)
// Freed memory is kept for reuse, up to 64 MB a heap, rather than handed back to the kernel as soon
// as it is free: libwebp allocates and clears megabytes for every frame it encodes, and faulting them
// in again took 40 % of a WebP's time. That is glibc's mallopt(M_TOP_PAD), looked up by name: Swift's
// Glibc module leaves out <malloc.h>.
if let mallopt = dlsym(dlopen(nil, RTLD_NOW), "mallopt") {
    let mallocTopPad: Int32 = -2  // M_TOP_PAD
    _ = unsafeBitCast(mallopt, to: (@convention(c) (Int32, Int32) -> Int32).self)(mallocTopPad, 64 << 20)
}

let argv = Array(CommandLine.arguments.dropFirst())
if let name = argv.first, let command = subcommands[name] {
    exit(command(Array(argv.dropFirst())))
}
exit(renderCommand(argv))
