/// The GIF, WebP and videos we write, played by headless Chromium (which `Scripts/test` installs):
/// the GIF and WebP decoded frame by frame through WebCodecs' `ImageDecoder`, the videos seeked frame by
/// frame in a `<video>` and drawn to a canvas, each compared in the page with our PNG frames.
import Foundation
import RevealTestSupport
import XCTest

final class BrowserMediaTests: CLITestCase {
    override class func setUp() {
        super.setUp()
        IntegrationRun.watch(self)
    }

    /// The page: every frame of each file against the PNG frame shown at its time, as JSON.
    private static let page = """
        <!doctype html><meta charset="utf-8"><script>
        const fps = 30, count = COUNT;
        const canvas = new OffscreenCanvas(WIDTH, HEIGHT);
        const context = canvas.getContext("2d", {willReadFrequently: true});
        function pixels(source) {
          context.clearRect(0, 0, WIDTH, HEIGHT);
          context.drawImage(source, 0, 0);
          return context.getImageData(0, 0, WIDTH, HEIGHT).data;
        }
        async function png(k) {
          const image = new Image();
          image.src = "frames/frame-" + String(k).padStart(5, "0") + ".png";
          await image.decode();
          return pixels(image);
        }
        // The worst pixel difference and the PSNR of a frame, over the pixels that are not clear.
        function compare(got, want) {
          let worst = 0, squared = 0, n = 0;
          for (let i = 0; i < want.length; i += 4) {
            if (want[i + 3] === 0 && got[i + 3] === 0) continue;
            for (let c = 0; c < 4; c++) {
              const d = Math.abs(got[i + c] - want[i + c]);
              worst = Math.max(worst, d);
              if (c < 3) { squared += d * d; n++; }
            }
          }
          return {worst, psnr: squared === 0 ? 99 : 10 * Math.log10(255 * 255 * n / squared), ssim: ssim(got, want)};
        }
        // SSIM (Wang et al., 2004) of the luma, over 8x8 windows, averaged.
        function ssim(a, b) {
          const c1 = (0.01 * 255) ** 2, c2 = (0.03 * 255) ** 2;
          const luma = (p, i) => 0.299 * p[i] + 0.587 * p[i + 1] + 0.114 * p[i + 2];
          let total = 0, windows = 0;
          for (let y = 0; y + 8 <= HEIGHT; y += 8) {
            for (let x = 0; x + 8 <= WIDTH; x += 8) {
              let sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0;
              for (let j = 0; j < 8; j++) {
                for (let i = 0; i < 8; i++) {
                  const k = ((y + j) * WIDTH + x + i) * 4, p = luma(a, k), q = luma(b, k);
                  sa += p; sb += q; saa += p * p; sbb += q * q; sab += p * q;
                }
              }
              const ma = sa / 64, mb = sb / 64;
              const va = saa / 64 - ma * ma, vb = sbb / 64 - mb * mb, cov = sab / 64 - ma * mb;
              total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
              windows++;
            }
          }
          return total / windows;
        }
        async function image(file, type) {
          const data = await (await fetch(file)).arrayBuffer();
          const decoder = new ImageDecoder({data, type});
          await decoder.tracks.ready;
          const frames = [];
          let time = 0;
          for (let i = 0; i < decoder.tracks.selectedTrack.frameCount; i++) {
            const {image} = await decoder.decode({frameIndex: i});
            const k = Math.min(count - 1, Math.round(time * fps / 1e6));
            frames.push(Object.assign({frame: k, duration: image.duration / 1000}, compare(pixels(image), await png(k))));
            time += image.duration;
            image.close();
          }
          return {frames, total: time / 1000};
        }
        async function video(file) {
          const element = document.createElement("video");
          element.muted = true;
          element.src = file;
          await new Promise((ok, fail) => { element.onloadeddata = ok; element.onerror = () => fail(file); });
          const frames = [];
          for (let k = 0; k < count; k += 7) {
            // "seeked" can come before the frame is on screen (the last one, under load): wait for it to
            // be presented too, or 2 s where it was already shown (the first).
            const presented = new Promise(ok => element.requestVideoFrameCallback(ok));
            element.currentTime = (k + 0.5) / fps;
            await new Promise(ok => element.onseeked = ok);
            await Promise.race([presented, new Promise(ok => setTimeout(ok, 2000))]);
            frames.push(Object.assign({frame: k}, compare(pixels(element), await png(k))));
          }
          return {frames, duration: element.duration, width: element.videoWidth, height: element.videoHeight};
        }
        window.result = (async () => {
          const result = {};
          for (const [name, run] of [["gif", () => image("demo.gif", "image/gif")],
                                     ["webp", () => image("demo.webp", "image/webp")],
                                     ["mp4", () => video("demo.mp4")], ["webm", () => video("demo.webm")]]) {
            try { result[name] = await run(); } catch (error) { result[name] = {error: String(error)}; }
          }
          return result;
        })();
        </script>
        """

    /// Opens a page in headless Chromium over `--remote-debugging-pipe` (the DevTools protocol, JSON
    /// messages ended by a zero byte on descriptors 3 and 4) and prints what its `window.result`
    /// promise gives: `--dump-dom` would not wait for the decoders, which run on real time.
    private static let driver = #"""
        import json, os, subprocess, sys, tempfile, time
        page, browser = sys.argv[1], sys.argv[2]
        to_browser, from_browser = os.pipe(), os.pipe()
        def descriptors():
            a, b = os.dup(to_browser[0]), os.dup(from_browser[1])
            os.dup2(a, 3)
            os.dup2(b, 4)
        process = subprocess.Popen(
            [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
             "--allow-file-access-from-files", "--remote-debugging-pipe", "--user-data-dir=" + tempfile.mkdtemp(),
             "about:blank"],
            preexec_fn=descriptors, close_fds=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser[0]); os.close(from_browser[1])
        pending, counter = b"", 0
        def call(method, params={}, session=None):
            global pending, counter
            counter += 1
            message = {"id": counter, "method": method, "params": params}
            if session: message["sessionId"] = session
            os.write(to_browser[1], json.dumps(message).encode() + b"\0")
            while True:
                while b"\0" not in pending:
                    chunk = os.read(from_browser[0], 1 << 16)
                    if not chunk: sys.exit("the browser closed")
                    pending += chunk
                raw, pending = pending.split(b"\0", 1)
                reply = json.loads(raw)
                if reply.get("id") == counter:
                    if "error" in reply: sys.exit(json.dumps(reply["error"]))
                    return reply["result"]
        target = call("Target.createTarget", {"url": page})["targetId"]
        session = call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for _ in range(1200):
            kind = call("Runtime.evaluate", {"expression": "typeof window.result", "returnByValue": True}, session)
            if kind["result"].get("value") == "object": break
            time.sleep(0.05)
        value = call("Runtime.evaluate", {"expression": "window.result", "awaitPromise": True, "returnByValue": True}, session)
        if "exceptionDetails" in value: sys.exit(json.dumps(value["exceptionDetails"]))
        print(json.dumps(value["result"].get("value")))
        call("Browser.close")
        process.wait(timeout=30)
        """#

    func testChromiumPlaysEachFileAsOurFrames() throws {
        // The browser itself: Debian's /usr/bin/chromium is a shell script that runs it.
        let chromium =
            try ["/usr/lib/chromium/chromium", "/usr/bin/chromium-browser"].first {
                FileManager.default.isExecutableFile(atPath: $0)
            }.map(URL.init(fileURLWithPath:))
            ?? { throw Subprocess.Missing(description: "Chromium is not installed") }()
        let workspace = try makeWorkspace()
        let made = try run(
            [
                "--demo", "circle", "--scale", "1", "--fps", "30", "--out", "frames", "--gif", "demo.gif", "--webp",
                "demo.webp", "--quiet",
            ], in: workspace, timeout: 60)
        XCTAssertEqual(made.status, 0, made.stderr)
        for name in ["demo.mp4", "demo.webm"] {
            let video = try run(
                ["--demo", "circle", "--scale", "1", "--fps", "30", "--video", name, "--quiet"],
                in: workspace, timeout: 120)
            XCTAssertEqual(video.status, 0, video.stderr)
        }
        let (count, width, height) = try sequence(in: workspace.appendingPathComponent("frames"))
        let page = BrowserMediaTests.page.replacingOccurrences(of: "COUNT", with: "\(count)")
            .replacingOccurrences(of: "WIDTH", with: "\(width)").replacingOccurrences(of: "HEIGHT", with: "\(height)")
        try Data(page.utf8).write(to: workspace.appendingPathComponent("check.html"))
        let driver = root.appendingPathComponent("cdp.py")
        try Data(BrowserMediaTests.driver.utf8).write(to: driver)
        let json = try MediaTools.run(
            "python3", [driver.path, workspace.appendingPathComponent("check.html").absoluteString, chromium.path],
            scratch: root.appendingPathComponent("capture", isDirectory: true))
        let result = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [String: Any]], json)
        for (name, file) in result {
            XCTAssertNil(file["error"], "\(name): \(file["error"] ?? "")")
        }
        // GIF: every frame within the palette's error; the durations add up to the sequence's.
        let gif = try XCTUnwrap(result["gif"]?["frames"] as? [[String: Double]])
        XCTAssertGreaterThan(gif.count, 10)
        for frame in gif { XCTAssertGreaterThan(frame["psnr"] ?? 0, 40, "GIF frame \(frame)") }
        XCTAssertEqual(
            result["gif"]?["total"] as? Double ?? 0, (Double(count) / 30 * 100).rounded() * 10, accuracy: 0.5)
        // Lossless WebP: exactly our frames, and their total duration to the millisecond.
        let webp = try XCTUnwrap(result["webp"]?["frames"] as? [[String: Double]])
        for frame in webp { XCTAssertEqual(frame["worst"], 0, "WebP frame \(frame)") }
        XCTAssertEqual(result["webp"]?["total"] as? Double ?? 0, (Double(count) / 30 * 1000).rounded(), accuracy: 0.5)
        // Videos: an SSIM of 0.98 or better at every frame checked. Not a PSNR of 40 dB: headless Chromium
        // converts to RGB in software (libyuv), whose 8-bit coefficient for blue from Cb is clamped below
        // BT.709's, so saturated blues come out up to 7 levels darker (233 as 228, 253 as 246); ffmpeg
        // decodes the same file at 45 dB.
        for name in ["mp4", "webm"] {
            let frames = try XCTUnwrap(result[name]?["frames"] as? [[String: Double]], name)
            XCTAssertEqual(frames.count, (count + 6) / 7)
            for frame in frames {
                XCTAssertGreaterThan(frame["ssim"] ?? 0, 0.98, "\(name) frame \(frame)")
                XCTAssertGreaterThan(frame["psnr"] ?? 0, 33, "\(name) frame \(frame)")
            }
            XCTAssertEqual(result[name]?["duration"] as? Double ?? 0, Double(count) / 30, accuracy: 0.02, name)
        }
    }
}
