import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

/// Scenes built in code with every kind of bad value, rendered in this process: each must throw, never
/// trap (a trap would end the whole test run), with the property path of what is wrong and the message
/// the file decoder gives for the same scene written as a file.
final class HostileSceneTests: XCTestCase {
    /// A bad scene: built in code, and (when JSON can say it) the same scene as a file's fields.
    struct Case {
        var name: String
        var scene: any RevealScene
        /// The property path the in-code error must name, and the JSON path the file's must.
        var path: String
        var filePath: String
        /// The message both must give, word for word (the wording README and the corpus document).
        var message: String
        /// The file's fields over the kind's base file, or nil when a file cannot hold the value (NaN).
        var file: [String: Any]?
        var limits = SceneLimits()
    }

    private let scratch = ScratchScene(
        width: 40, height: 30, scale: 1, fps: 30,
        strokes: [Stroke(points: [TouchSample(x: 2, y: 3, t: 0), TouchSample(x: 20, y: 20, t: 0.1)])])
    private let circle = CircleRevealScene(width: 40, height: 30, scale: 1, fps: 30)
    private let scratchFile: [String: Any] = [
        "width": 40, "height": 30, "scale": 1, "fps": 30,
        "strokes": [["points": [[2, 3, 0], [20, 20, 0.1]]]],
    ]
    private let circleFile: [String: Any] = ["width": 40, "height": 30, "scale": 1, "fps": 30]

    private func scratchCase(
        _ name: String, _ path: String, _ message: String, file: [String: Any]? = nil, filePath: String? = nil,
        limits: SceneLimits = SceneLimits(), _ change: (inout ScratchScene) -> Void
    ) -> Case {
        var scene = scratch
        change(&scene)
        return Case(
            name: name, scene: scene, path: path, filePath: filePath ?? path, message: message,
            file: file.map { scratchFile.merging($0) { $1 } }, limits: limits)
    }

    private func circleCase(
        _ name: String, _ path: String, _ message: String, file: [String: Any]? = nil, filePath: String? = nil,
        _ change: (inout CircleRevealScene) -> Void
    ) -> Case {
        var scene = circle
        change(&scene)
        return Case(
            name: name, scene: scene, path: path, filePath: filePath ?? path, message: message,
            file: file.map { circleFile.merging($0) { $1 } })
    }

    private var cases: [Case] {
        let points: (Double, Double, Double) -> [String: Any] = { x, y, t in
            ["strokes": [["points": [[2, 3, 0], [x, y, t]]]]]
        }
        func point(_ x: Double, _ y: Double, _ t: Double) -> (inout ScratchScene) -> Void {
            { $0.strokes = [Stroke(points: [TouchSample(x: 2, y: 3, t: 0), TouchSample(x: x, y: y, t: t)])] }
        }
        let image = try? Pixmap(width: 10, height: 10, fill: PremultipliedRGBA8(r: 9, g: 9, b: 9, a: 255))
        let pixelLimit = "more than the limit of 100000000 (SceneLimits.maxPixels, --max-pixels; sides at most 65536)"
        return [
            // Sizes, scales and frame rates: zero, negative, NaN, infinite, too large.
            scratchCase("zero width", "width", "width 0 is outside 1e-06…1000000", file: ["width": 0]) { $0.width = 0 },
            scratchCase("negative width", "width", "width -1 is outside 1e-06…1000000", file: ["width": -1]) {
                $0.width = -1
            },
            scratchCase("NaN width", "width", "width NaN is outside 1e-06…1000000") { $0.width = .nan },
            scratchCase("infinite height", "height", "height infinity is outside 1e-06…1000000") {
                $0.height = .infinity
            },
            scratchCase("huge height", "height", "height 2000000 is outside 1e-06…1000000", file: ["height": 2e6]) {
                $0.height = 2e6
            },
            scratchCase("zero scale", "scale", "scale 0 is outside (0, 16]", file: ["scale": 0]) { $0.scale = 0 },
            scratchCase("negative scale", "scale", "scale -2 is outside (0, 16]", file: ["scale": -2]) {
                $0.scale = -2
            },
            scratchCase("NaN scale", "scale", "scale NaN is outside (0, 16]") { $0.scale = .nan },
            scratchCase("scale 17", "scale", "scale 17 is outside (0, 16]", file: ["scale": 17]) { $0.scale = 17 },
            scratchCase("zero fps", "fps", "fps 0 is outside 1…240", file: ["fps": 0]) { $0.fps = 0 },
            scratchCase("half a frame a second", "fps", "fps 0.5 is outside 1…240", file: ["fps": 0.5]) {
                $0.fps = 0.5
            },
            scratchCase("NaN fps", "fps", "fps NaN is outside 1…240") { $0.fps = .nan },
            scratchCase("infinite fps", "fps", "fps infinity is outside 1…240") { $0.fps = .infinity },
            circleCase("fps 300", "fps", "fps 300 is outside 1…240", file: ["fps": 300]) { $0.fps = 300 },
            scratchCase(
                "less than a pixel", "",
                "the view at this scale is less than one pixel (0×0); raise the size or the scale",
                file: ["width": 0.2, "height": 0.2]
            ) {
                $0.width = 0.2
                $0.height = 0.2
            },
            scratchCase(
                "frames over the pixel limit", "", "frames would be 16000000×480 pixels, " + pixelLimit,
                file: ["width": 1e6, "scale": 16]
            ) {
                $0.width = 1e6
                $0.scale = 16
            },
            // Brushes and thresholds.
            scratchCase("negative brush", "brushWidth", "brushWidth -1 is outside 0…1000000", file: ["brushWidth": -1])
            { $0.brushWidth = -1 },
            scratchCase("NaN brush", "brushWidth", "brushWidth NaN is outside 0…1000000") { $0.brushWidth = .nan },
            scratchCase("NaN threshold", "revealThreshold", "revealThreshold NaN is outside -1000000…1000000") {
                $0.revealThreshold = .nan
            },
            // Points and times.
            scratchCase("NaN x", "strokes[0].points[1].x", "x NaN is outside -1000000…1000000", point(.nan, 5, 0.1)),
            scratchCase(
                "infinite y", "strokes[0].points[1].y", "y infinity is outside -1000000…1000000",
                point(5, .infinity, 0.1)),
            scratchCase(
                "x beyond the limit", "strokes[0].points[1].x", "x 2000000 is outside -1000000…1000000",
                file: points(2e6, 5, 0.1), filePath: "strokes[0].points[1][0]", point(2e6, 5, 0.1)),
            scratchCase(
                "negative time", "strokes[0].points[1].t", "time -1 is negative",
                file: points(5, 5, -1), filePath: "strokes[0].points[1][2]", point(5, 5, -1)),
            scratchCase("NaN time", "strokes[0].points[1].t", "time NaN is not a number of seconds", point(5, 5, .nan)),
            scratchCase(
                "time beyond a day", "strokes[0].points[1].t", "time 90000 is more than a day (86400 s)",
                file: points(5, 5, 90_000), filePath: "strokes[0].points[1][2]", point(5, 5, 90_000)),
            scratchCase(
                "time going backwards", "strokes[0].points[1]", "time 0.1 is earlier than 0.5",
                file: ["strokes": [["points": [[2, 3, 0.5], [5, 5, 0.1]]]]]
            ) {
                $0.strokes = [Stroke(points: [TouchSample(x: 2, y: 3, t: 0.5), TouchSample(x: 5, y: 5, t: 0.1)])]
            },
            scratchCase(
                "overlapping strokes", "strokes[1].points[0]",
                "time 0.5 is earlier than 1, the end of strokes[0]: strokes may not overlap in time",
                file: ["strokes": [["points": [[2, 3, 0], [5, 5, 1]]], ["points": [[8, 8, 0.5]]]]]
            ) {
                $0.strokes = [
                    Stroke(points: [TouchSample(x: 2, y: 3, t: 0), TouchSample(x: 5, y: 5, t: 1)]),
                    Stroke(points: [TouchSample(x: 8, y: 8, t: 0.5)]),
                ]
            },
            scratchCase(
                "an empty stroke", "strokes[0]", "a stroke needs at least one point",
                file: ["strokes": [["points": [Any]()]]]
            ) { $0.strokes = [Stroke(points: [])] },
            scratchCase(
                "actions backwards", "actions[1].t", "time 1 is earlier than 2",
                file: ["actions": [["t": 2, "type": "reveal"], ["t": 1, "type": "reveal"]]]
            ) {
                $0.actions = [ScratchAction(t: 2, type: .reveal), ScratchAction(t: 1, type: .reveal)]
            },
            scratchCase("NaN action", "actions[0].t", "time NaN is not a number of seconds") {
                $0.actions = [ScratchAction(t: .nan, type: .reveal)]
            },
            circleCase("toggles backwards", "toggles[1]", "time 0.5 is earlier than 1", file: ["toggles": [1, 0.5]]) {
                $0.toggles = [1, 0.5]
            },
            circleCase("NaN toggle", "toggles[0]", "time NaN is not a number of seconds") { $0.toggles = [.nan] },
            circleCase("negative toggle", "toggles[0]", "time -1 is negative", file: ["toggles": [-1]]) {
                $0.toggles = [-1]
            },
            // Paints.
            scratchCase(
                "empty gradient", "content.linearGradient", "a gradient needs at least one color",
                file: ["content": ["linearGradient": ["colors": [Any]()]]]
            ) {
                $0.content = .paint(Paint(.linearGradient(stops: [], startPoint: .top, endPoint: .bottom)))
            },
            scratchCase(
                "stops out of order", "cover.linearGradient.stops[1].location",
                "location 0.2 is before the previous stop's 0.8",
                file: [
                    "cover": [
                        "linearGradient": [
                            "stops": [["color": "red", "location": 0.8], ["color": "blue", "location": 0.2]]
                        ]
                    ]
                ]
            ) {
                $0.cover = .paint(
                    Paint(
                        .linearGradient(
                            stops: [
                                GradientStop(color: SystemColor.red, location: 0.8),
                                GradientStop(color: SystemColor.blue, location: 0.2),
                            ], startPoint: .top, endPoint: .bottom)))
            },
            scratchCase(
                "a stop past the end", "cover.linearGradient.stops[0].location", "location 1.5 is outside 0…1",
                file: ["cover": ["linearGradient": ["stops": [["color": "red", "location": 1.5]]]]]
            ) {
                $0.cover = .paint(
                    Paint(
                        .linearGradient(
                            stops: [GradientStop(color: SystemColor.red, location: 1.5)], startPoint: .top,
                            endPoint: .bottom)))
            },
            scratchCase(
                "opacity 2", "content.opacity", "opacity 2 is outside 0…1",
                file: ["content": ["linearGradient": ["colors": ["pink", "orange"]], "opacity": 2]]
            ) {
                $0.content = .paint(
                    Paint(
                        .linearGradient(
                            stops: [
                                GradientStop(color: SystemColor.pink, location: 0),
                                GradientStop(color: SystemColor.orange, location: 1),
                            ],
                            startPoint: .top, endPoint: .bottom), opacity: 2))
            },
            scratchCase("NaN opacity", "background.opacity", "opacity NaN is outside 0…1") {
                $0.background = .paint(Paint(.color(.white), opacity: .nan))
            },
            scratchCase(
                "a far start point", "content.linearGradient.startPoint.x", "x 2000 is outside -1000…1000",
                file: ["content": ["linearGradient": ["colors": ["pink"], "startPoint": [2000, 0]]]],
                filePath: "content.linearGradient.startPoint[0]"
            ) {
                $0.content = .paint(
                    Paint(
                        .linearGradient(
                            stops: [GradientStop(color: SystemColor.pink, location: 0)],
                            startPoint: RelativePoint(x: 2000, y: 0), endPoint: .bottom)))
            },
            scratchCase(
                "an image over the limit", "content.image", "image is 10×10 pixels, more than the limit of 50",
                limits: SceneLimits(maxImagePixels: 50)
            ) { scene in
                if let image { scene.content = .paint(Paint(.image(image, .fill))) }
            },
            // Animations.
            scratchCase(
                "negative fade", "fade.duration", "duration -1 is outside 0…3600", file: ["fade": ["duration": -1]]
            ) {
                $0.fade = .timing(.easeOut, duration: -1)
            },
            scratchCase("NaN fade", "fade.duration", "duration NaN is outside 0…3600") {
                $0.fade = .timing(.easeOut, duration: .nan)
            },
            scratchCase(
                "fade of two hours", "fade.duration", "duration 7200 is outside 0…3600",
                file: ["fade": ["duration": 7200]]
            ) {
                $0.fade = .timing(.easeOut, duration: 7200)
            },
            scratchCase(
                "timing curve x1 1.5", "fade.curve.x1", "x1 1.5 is outside 0…1",
                file: ["fade": ["curve": ["timingCurve": [1.5, 0, 0.5, 1]], "duration": 1]],
                filePath: "fade.curve.timingCurve[0]"
            ) {
                $0.fade = .timing(.bezier(x1: 1.5, y1: 0, x2: 0.5, y2: 1), duration: 1)
            },
            circleCase(
                "spring without response", "animation.spring.response", "response 0 is outside 0.001…60",
                file: ["animation": ["curve": ["spring": ["response": 0, "dampingFraction": 0.8]]]],
                filePath: "animation.curve.spring.response"
            ) {
                $0.animation = .spring(SpringParameters(response: 0, dampingFraction: 0.8))
            },
            circleCase(
                "undamped spring", "animation.spring.dampingFraction",
                "this spring barely damps (dampingFraction 0) and would ring for minutes; keep dampingFraction at least 0.01 (bounce below 0.99)",
                file: ["animation": ["curve": ["spring": ["response": 0.5, "dampingFraction": 0]]]],
                filePath: "animation.curve.spring.dampingFraction"
            ) {
                $0.animation = .spring(SpringParameters(response: 0.5, dampingFraction: 0))
            },
            // The card look.
            scratchCase(
                "negative corner radius", "cornerRadius", "cornerRadius -1 is outside 0…1000000",
                file: ["cornerRadius": -1]
            ) {
                $0.cornerRadius = -1
            },
            scratchCase("NaN corner radius", "cornerRadius", "cornerRadius NaN is outside 0…1000000") {
                $0.cornerRadius = .nan
            },
            scratchCase(
                "huge shadow", "shadow.radius", "radius 2000 is outside 0…1000", file: ["shadow": ["radius": 2000]]
            ) {
                $0.shadow = Shadow(radius: 2000)
            },
            scratchCase("NaN shadow offset", "shadow.y", "y NaN is outside -1000000…1000000") {
                $0.shadow = Shadow(y: .nan)
            },
            scratchCase("negative padding", "padding", "padding -1 is outside 0…10000", file: ["padding": -1]) {
                $0.padding = -1
            },
            scratchCase("huge padding", "padding", "padding 20000 is outside 0…10000", file: ["padding": 20000]) {
                $0.padding = 20000
            },
            circleCase(
                "padding past the pixel limit", "", "frames would be 288640×288480 pixels, " + pixelLimit,
                file: ["padding": 9000, "scale": 16]
            ) {
                $0.padding = 9000
                $0.scale = 16
            },
            // The circle's origin.
            circleCase("NaN origin", "origin.x", "x NaN is outside -1000…1000") {
                $0.origin = RelativePoint(x: .nan, y: 0.5)
            },
            circleCase(
                "far origin", "origin.y", "y 5000 is outside -1000…1000", file: ["origin": [0.5, 5000]],
                filePath: "origin[1]"
            ) {
                $0.origin = RelativePoint(x: 0.5, y: 5000)
            },
        ]
    }

    /// The error the file decoder (and then the command line's checks, `prepare`) give for `fields`.
    private func fileError(_ format: SceneFormat, _ fields: [String: Any], limits: SceneLimits) throws -> SceneError? {
        let bytes = [UInt8](try JSONSerialization.data(withJSONObject: fields))
        do {
            _ = try format.decode(bytes, file: "case.json", baseDirectory: ".", limits: limits).prepare(limits)
            return nil
        } catch {
            return error
        }
    }

    func testEveryHostileSceneThrowsTheDecodersMessage() throws {
        let all = cases
        XCTAssertGreaterThanOrEqual(all.count, 40)
        for c in all {
            var caught: SceneError?
            do {
                _ = try c.scene.renderFrame(0, limits: c.limits)
            } catch let error as SceneError {
                caught = error
            } catch {
                XCTFail("\(c.name): threw \(error), not a SceneError")
                continue
            }
            guard let error = caught else {
                XCTFail("\(c.name): rendered without an error")
                continue
            }
            XCTAssertEqual(error.path, c.path, c.name)
            XCTAssertEqual(error.file, "", c.name)
            XCTAssertEqual(error.message, c.message, c.name)
            guard let fields = c.file else { continue }
            let format = c.scene is ScratchScene ? SceneFormat.scratch : SceneFormat.circle
            guard let fromFile = try fileError(format, fields, limits: c.limits) else {
                XCTFail("\(c.name): the file was accepted")
                continue
            }
            XCTAssertEqual(fromFile.message, c.message, "\(c.name) as a file")
            XCTAssertEqual(fromFile.path, c.filePath, "\(c.name) as a file")
        }
    }

    /// Frames asked for before the first, at times that are not times, and frame sequences of scenes that
    /// break a rule: errors, never traps.
    func testEveryEntryPointValidatesFirst() throws {
        var bad = scratch
        bad.fps = 0
        XCTAssertThrowsError(try bad.renderFrame(0))
        XCTAssertThrowsError(try bad.renderFrame(at: 1))
        XCTAssertThrowsError(try bad.frameSequence())
        XCTAssertThrowsError(try bad.prepare())
        XCTAssertThrowsError(try scratch.renderFrame(-1))
        XCTAssertThrowsError(try scratch.renderFrame(at: -.infinity))
        XCTAssertThrowsError(try scratch.prepare(hold: .nan))
        XCTAssertThrowsError(try CircleRevealScene(width: 0, height: 80).renderFrame(0)) { error in
            XCTAssertEqual((error as? SceneError)?.description, "width: width 0 is outside 1e-06…1000000")
        }
    }
}
