import Foundation
import RevealRender

let joinHelp = """
    reveal-render join PART_DIR… --out DIR [--quiet]

    Joins the folders of a sharded render into the folder the whole run would have written. Each part is
    a folder a run wrote with --frames A-B (its manifest records the scene's digest and totalFrames);
    name them in any order. DIR gets every frame, hard-linked from its part where the file system allows
    (else copied), and a manifest.json equal to the whole run's. Parts of another scene or other
    settings, gaps and overlaps are refused (exit 2), naming the part and the frames; the parts are
    never changed. Exit codes: 0 joined, 1 DIR could not be written, 2 bad parts or arguments.

      parallel reveal-render --stroke long.json --frames {}-$(({}+499)) --out part-{} --quiet ::: 0 500 1000 1500
      reveal-render join part-* --out frames/
    """

/// `reveal-render join PART_DIR… --out DIR`: merges shard folders into one sequence.
func joinCommand(_ argv: [String]) -> Int32 {
    var parts: [String] = []
    var out: String?
    var quiet = false
    var reader = ArgumentReader(argv)
    do throws(UsageError) {
        while let arg = reader.next() {
            switch arg {
            case "--out": out = try reader.value(arg)
            case "--quiet", "-q": quiet = true
            case "--help", "-h":
                print(joinHelp)
                return 0
            default:
                if arg.hasPrefix("-") {
                    let hint =
                        closestName(to: arg, in: ["--out", "--quiet", "--help"]).map { " (did you mean \($0)?)" } ?? ""
                    throw UsageError(message: "unknown option \(displayPath(arg))\(hint)")
                }
                parts.append(arg)
            }
        }
        guard let out else { throw UsageError(message: "join needs --out DIR, the folder to join the parts into") }
        guard !parts.isEmpty else { throw UsageError(message: "join needs the part folders (PART_DIR…) to join") }
        let started = Date()
        do {
            let summary = try SequenceJoin.join(parts: parts, into: out)
            if !quiet {
                let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
                let how =
                    summary.linked == summary.frames
                    ? "all linked" : "\(summary.linked) linked, \(summary.frames - summary.linked) copied"
                report(
                    "joined \(parts.count) part\(parts.count == 1 ? "" : "s") into \(summary.frames) frames (\(how)) in \(displayPath(out)) in \(seconds) s"
                )
            }
            return 0
        } catch let error as JoinError {
            report("reveal-render join: \(error.description)")
            return 2
        } catch {
            report("reveal-render join: \(error)")
            return 1
        }
    } catch {
        report("reveal-render join: \(error.message)")
        report("Run 'reveal-render join --help' for usage.")
        return 2
    }
}
