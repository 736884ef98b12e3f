import RevealRender

/// How far a rendered scratch mask is from the ideal shapes: differences in 8-bit levels over the
/// pixels within 1.5 px of a stroke edge (the bench README's measure), plus the worst pixel elsewhere.
public struct MaskAccuracy: Sendable {
    public var edgePixels: Int
    public var mean: Double
    public var percentile999: Double
    public var max: Double
    public var farFromEdgesMax: Double

    /// Renders `frame` of `scene` and compares its cover mask, inside `region` (pixel rows and columns;
    /// the whole frame by default), with the seed's ideal: opaque times (1 − coverage) of each stroke.
    ///
    /// The mask is read through the public API: the scene drawn with an opaque cover over nothing, so each
    /// pixel's alpha is the mask's value there.
    public static func measure(
        scene: ScratchScene, frame: Int,
        region: (x: Range<Int>, y: Range<Int>)? = nil
    ) throws -> MaskAccuracy {
        let timeline = ScratchTimeline(scene: scene)
        var probe = scene
        probe.content = .color(.clear)
        probe.background = .color(.clear)
        probe.cover = .color(.black)
        (probe.cornerRadius, probe.shadow, probe.padding) = (0, nil, 0)
        let image = try probe.renderFrame(frame)
        let mask = AlphaChannel(image)
        let radius = scene.maskBrushWidth * scene.scale / 2
        let strokes = timeline.pixelStrokes(upTo: timeline.frame(frame).samplesHandled).map {
            IdealStroke(points: $0, radius: radius)
        }
        let columns = region?.x ?? 0..<mask.width
        let rows = region?.y ?? 0..<mask.height
        var differences: [Double] = []
        var far = 0.0
        for y in rows {
            for x in columns {
                let center = Point(x: Double(x) + 0.5, y: Double(y) + 0.5)
                let distances = strokes.map { $0.distance(to: center) - radius }
                if distances.contains(where: { abs($0) <= 1.5 }) {
                    var ideal = 1.0
                    for (stroke, d) in zip(strokes, distances) where d <= 1.5 {
                        ideal *= 1 - (d < -1.5 ? 1 : stroke.coverage(x: x, y: y))
                    }
                    differences.append(abs(Double(mask[x, y]) - ideal * 255))
                } else {
                    let ideal = distances.contains { $0 < 0 } ? 0.0 : 255.0
                    far = Swift.max(far, abs(Double(mask[x, y]) - ideal))
                }
            }
        }
        differences.sort()
        let count = differences.count
        return MaskAccuracy(
            edgePixels: count, mean: differences.reduce(0, +) / Double(Swift.max(count, 1)),
            percentile999: count == 0 ? 0 : differences[Swift.min(count - 1, Int(Double(count) * 0.999))],
            max: differences.last ?? 0, farFromEdgesMax: far)
    }
}

/// A pixmap's alpha channel, read by column and row.
private struct AlphaChannel {
    let width: Int
    let height: Int
    let alpha: [UInt8]

    init(_ pixmap: Pixmap) {
        width = pixmap.width
        height = pixmap.height
        alpha = stride(from: 3, to: pixmap.bytes.count, by: 4).map { pixmap.bytes[$0] }
    }

    subscript(x: Int, y: Int) -> UInt8 { alpha[y * width + x] }
}
