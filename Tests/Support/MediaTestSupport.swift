/// Reading back what the GIF, WebP and video writers made, through decoders that are not ours:
/// ffmpeg and ffprobe (which `Scripts/test` installs).
import Foundation
import RevealRender
import XCTest

package enum MediaTools {
    /// `name` on the PATH; a missing tool fails the test (an unread file proves nothing).
    package static func tool(_ name: String) throws -> URL {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let url = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw Subprocess.Missing(description: "\(name) is not installed (Scripts/test installs Debian's ffmpeg)")
    }

    /// Runs `name args`, failing the test on a non-zero exit; returns standard output.
    @discardableResult
    package static func run(_ name: String, _ args: [String], scratch: URL) throws -> String {
        let result = try Subprocess.run(try tool(name), args, scratch: scratch, timeout: 120)
        guard result.status == 0, !result.timedOut else {
            throw Subprocess.Missing(description: "\(name) \(args.joined(separator: " ")) failed: \(result.stderr)")
        }
        return result.stdout
    }

    /// Every frame of `file` as ffmpeg decodes it (straight RGBA, one per stored frame), with each
    /// frame's presentation time in seconds.
    package static func decode(_ file: URL, width: Int, height: Int, scratch: URL) throws -> [(
        time: Double, rgba: [UInt8]
    )] {
        let raw = scratch.appendingPathComponent("decoded-\(UUID().uuidString).rgba")
        defer { try? FileManager.default.removeItem(at: raw) }
        try run(
            "ffmpeg",
            [
                "-nostdin", "-v", "error", "-i", file.path, "-f", "rawvideo", "-pix_fmt", "rgba", "-fps_mode",
                "passthrough",
                raw.path,
            ], scratch: scratch)
        let bytes = [UInt8](try Data(contentsOf: raw))
        let size = width * height * 4
        let times = try frameTimes(file, scratch: scratch)
        XCTAssertEqual(bytes.count, size * times.count, "ffmpeg's frames against ffprobe's count")
        return times.enumerated().compactMap { k, time in
            (k + 1) * size <= bytes.count ? (time, Array(bytes[k * size..<(k + 1) * size])) : nil
        }
    }

    /// The presentation time of every frame of `file`'s video stream, as ffprobe reads them.
    package static func frameTimes(_ file: URL, scratch: URL) throws -> [Double] {
        let out = try run(
            "ffprobe",
            ["-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts_time", "-of", "csv=p=0", file.path],
            scratch: scratch)
        // One line a frame, its first field the time (side data may follow it).
        return out.split(separator: "\n").compactMap { line in
            line.split(separator: ",", omittingEmptySubsequences: false).first.flatMap {
                Double($0.trimmingCharacters(in: .whitespaces))
            }
        }
    }

    /// ffprobe's `stream` entries (width, height, r_frame_rate, nb_frames, codec_name, pix_fmt, …) for
    /// the first video stream.
    package static func stream(_ file: URL, scratch: URL) throws -> [String: String] {
        let out = try run(
            "ffprobe",
            [
                "-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries", "stream", "-of",
                "default=noprint_wrappers=1", file.path,
            ], scratch: scratch)
        var fields: [String: String] = [:]
        for line in out.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        return fields
    }
}

extension Pixmap {
    /// Straight RGBA, demultiplied as the encoders do it (rounded to nearest).
    package var straightRGBA: [UInt8] {
        var out = bytes
        for i in stride(from: 0, to: out.count, by: 4) {
            let a = Int(out[i + 3])
            for c in 0..<3 { out[i + c] = a == 0 ? 0 : UInt8(min(255, (Int(out[i + c]) * 255 + a / 2) / a)) }
        }
        return out
    }
}

extension CLITestCase {
    /// The frame count and the frames' size in pixels, as the manifest in `folder` gives them.
    package func sequence(in folder: URL) throws -> (count: Int, width: Int, height: Int) {
        let manifest = try readManifest(in: folder)
        return (manifestFrames(manifest).count, manifest["width"] as? Int ?? 0, manifest["height"] as? Int ?? 0)
    }
}
