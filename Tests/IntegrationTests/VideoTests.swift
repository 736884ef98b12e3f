/// Video: `VideoWriter`'s MP4 (H.264) and WebM (VP9) files as ffprobe describes them and as ffmpeg
/// decodes them, against the frames they were made from.
import Foundation
import RevealMedia
import RevealRender
import RevealTestSupport
import XCTest

final class VideoTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        IntegrationRun.watch(self)
    }

    private var folder: URL!

    override func setUpWithError() throws {
        folder = URL(fileURLWithPath: try TestImages.temporaryFolder(self, "VideoTests"))
    }

    /// Twelve frames of a soft gradient with a light disc that moves across it: its edge is one of
    /// lightness, which 4:2:0 keeps (a sharp edge between two hues loses its color to the halved chroma,
    /// whatever the encoder).
    static func frames(width: Int, height: Int) throws -> [Pixmap] {
        try (0..<12).map { k in
            var bytes: [UInt8] = []
            for y in 0..<height {
                for x in 0..<width {
                    let dx = Double(x - 8 - 3 * k)
                    let dy = Double(y - height / 2)
                    let inside = dx * dx + dy * dy < 64
                    let (r, g, b) = (40 + 2 * x, 60 + 3 * y, 160)
                    bytes += (inside ? [r + 60, g + 50, b + 60] : [r, g, b]).map { UInt8(min($0, 255)) } + [255]
                }
            }
            return try Pixmap(width: width, height: height, premultipliedBytes: bytes)
        }
    }

    private func write(
        _ frames: [Pixmap], _ format: VideoFormat, fps: Double = 30, quality: Double? = nil, name: String? = nil
    ) throws -> URL {
        let url = folder.appendingPathComponent(name ?? "video.\(format.rawValue)")
        let writer = try VideoWriter(
            path: url.path, format: format, width: frames[0].width, height: frames[0].height, fps: fps,
            frameCount: frames.count, quality: quality)
        for (k, frame) in frames.enumerated() { try writer.observe(frame, frame: k) }
        try writer.finish()
        return url
    }

    /// The PSNR in dB of `decoded` (straight RGBA, `codedWidth` wide) against `frame`'s own pixels.
    private func psnr(_ decoded: [UInt8], codedWidth: Int, _ frame: Pixmap) -> Double {
        var squared = 0.0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                for c in 0..<3 {
                    let d =
                        Double(decoded[(y * codedWidth + x) * 4 + c])
                        - Double(frame.bytes[(y * frame.width + x) * 4 + c])
                    squared += d * d
                }
            }
        }
        let mse = squared / Double(frame.width * frame.height * 3)
        return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
    }

    private func check(_ format: VideoFormat, width: Int, height: Int, codec: String) throws {
        let frames = try VideoTests.frames(width: width, height: height)
        let url = try write(frames, format, quality: 90)
        let coded = format.codedSize(width: width, height: height)
        let stream = try MediaTools.stream(url, scratch: folder)
        XCTAssertEqual(stream["codec_name"], codec)
        XCTAssertEqual(stream["width"], "\(coded.width)")
        XCTAssertEqual(stream["height"], "\(coded.height)")
        XCTAssertEqual(stream["pix_fmt"], "yuv420p")
        XCTAssertEqual(stream["color_space"], "bt709")
        XCTAssertEqual(stream["r_frame_rate"], "30/1")
        XCTAssertEqual(stream["nb_read_frames"], "12")
        let decoded = try MediaTools.decode(url, width: coded.width, height: coded.height, scratch: folder)
        XCTAssertEqual(decoded.count, 12)
        for (k, frame) in decoded.enumerated() {
            XCTAssertEqual(frame.time, Double(k) / 30, accuracy: 0.001, "frame \(k)")
            XCTAssertGreaterThan(psnr(frame.rgba, codedWidth: coded.width, frames[k]), 40, "frame \(k)")
        }
    }

    func testAnMP4OfH264AsFFprobeReadsItAndFFmpegDecodesIt() throws {
        try check(.mp4, width: 64, height: 48, codec: "h264")
    }

    func testH264GetsEvenSidesByRepeatingTheLastColumnAndRow() throws {
        XCTAssertTrue(VideoFormat.mp4.codedSize(width: 63, height: 47) == (64, 48))
        try check(.mp4, width: 63, height: 47, codec: "h264")
        // The added column and row look like the frame's last ones.
        let decoded = try MediaTools.decode(
            folder.appendingPathComponent("video.mp4"), width: 64, height: 48, scratch: folder)
        for frame in decoded {
            var columnError = 0
            var rowError = 0
            for y in 0..<48 {
                for c in 0..<3 {
                    columnError += abs(Int(frame.rgba[(y * 64 + 63) * 4 + c]) - Int(frame.rgba[(y * 64 + 62) * 4 + c]))
                }
            }
            for x in 0..<64 {
                for c in 0..<3 {
                    rowError += abs(Int(frame.rgba[(47 * 64 + x) * 4 + c]) - Int(frame.rgba[(46 * 64 + x) * 4 + c]))
                }
            }
            XCTAssertLessThan(Double(columnError) / (48 * 3), 4, "the last column repeated")
            XCTAssertLessThan(Double(rowError) / (64 * 3), 4, "the last row repeated")
        }
    }

    func testAWebMOfVP9KeepsAnOddSize() throws {
        XCTAssertTrue(VideoFormat.webm.codedSize(width: 63, height: 47) == (63, 47))
        try check(.webm, width: 63, height: 47, codec: "vp9")
    }

    /// The MP4's index (`moov`) comes before its frames (`mdat`), so a browser can start playing early.
    func testTheMP4StartsWithItsIndex() throws {
        let bytes = [UInt8](try Data(contentsOf: write(try VideoTests.frames(width: 64, height: 48), .mp4)))
        var boxes: [String] = []
        var at = 0
        while at + 8 <= bytes.count {
            let size = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            boxes.append(String(decoding: bytes[at + 4..<at + 8], as: UTF8.self))
            guard size >= 8 else { break }
            at += size
        }
        XCTAssertEqual(at, bytes.count)
        let moov = try XCTUnwrap(boxes.firstIndex(of: "moov"))
        let mdat = try XCTUnwrap(boxes.firstIndex(of: "mdat"))
        XCTAssertLessThan(moov, mdat, "\(boxes)")
    }

    /// WebM: the same bytes. (Not MP4: Debian's libx264 reads memory it never wrote, so a second file
    /// made in the same process may differ, by up to ten levels in a pixel here; each decodes within
    /// 40 dB of the frames, as `check` asks.)
    func testTheSameFramesGiveTheSameWebM() throws {
        let frames = try VideoTests.frames(width: 64, height: 48)
        let a = try Data(contentsOf: write(frames, .webm, name: "a.webm"))
        let b = try Data(contentsOf: write(frames, .webm, name: "b.webm"))
        XCTAssertEqual(a, b)
    }

    func testQualityMapsOntoTheCodecsCRF() {
        XCTAssertEqual(VideoFormat.mp4.crf(quality: nil), 23)
        XCTAssertEqual(VideoFormat.webm.crf(quality: nil), 33)
        XCTAssertEqual(VideoFormat.mp4.crf(quality: 100), 0)
        XCTAssertEqual(VideoFormat.mp4.crf(quality: 0), 51)
        XCTAssertEqual(VideoFormat.webm.crf(quality: 50), 32)
    }

    func testAnUnfinishedVideoLeavesNothingBehind() throws {
        do {
            let writer = try VideoWriter(
                path: folder.appendingPathComponent("gone.mp4").path, format: .mp4, width: 64, height: 48, fps: 30,
                frameCount: 5)
            try writer.observe(try VideoTests.frames(width: 64, height: 48)[0], frame: 0)
            XCTAssertThrowsError(try writer.finish())
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }
}
