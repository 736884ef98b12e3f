import Foundation

/// Prints one line to standard error.
func report(_ line: String) {
    FileHandle.standardError.write((line + "\n").data(using: .utf8)!)
}

/// Subcommands by their first argument; anything else is a render.
let subcommands: [String: ([String]) -> Int32] = [
    "strokes": strokesCommand, "compare": compareCommand,
    "layout": layoutCommand, "join": joinCommand, "swiftui": { swiftUICommand($0) }, "cache": cacheCommand,
]

// A file-size limit or a closed pipe should be an error we report, not a silent death.
signal(SIGXFSZ, SIG_IGN)
signal(SIGPIPE, SIG_IGN)

let argv = Array(CommandLine.arguments.dropFirst())
if let name = argv.first, let command = subcommands[name] {
    exit(command(Array(argv.dropFirst())))
}
exit(renderCommand(argv))
