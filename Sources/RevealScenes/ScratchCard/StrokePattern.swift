import Foundation
import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// A small, fast, deterministic random number generator (SplitMix64): the same seed gives the same
/// numbers on every machine.
public struct SplitMix64: Sendable {
    /// The generator's state: the seed at first, advanced by each `next()`.
    public var state: UInt64

    /// A generator starting from `seed`; equal seeds give equal sequences.
    public init(seed: UInt64) { state = seed }

    /// The next 64 pseudo-random bits, advancing the state.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in lo..<hi.
    public mutating func uniform(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(next() >> 11) / Double(1 << 53)
    }
}

/// Generated finger strokes, for demos, tests and `reveal-render strokes`: nobody should have to type
/// coordinates. Positions are rounded to 0.01 pt and times to 0.1 ms, as a recorded trace would be.
public enum StrokePattern {
    /// A finger zig-zagging across `xRange`, from `yFrom` to `yTo` and back, `legs` times.
    public static func zigzag(
        xRange: ClosedRange<Double>, yFrom: Double, yTo: Double, legs: Int,
        start: Double, speed: Double = 700, rate: Double = 120,
        jitter: Double = 0, seed: UInt64 = 1
    ) -> [TouchSample] {
        let corners = (0...max(legs, 1)).map { leg in
            Point(
                x: xRange.lowerBound + (xRange.upperBound - xRange.lowerBound) * Double(leg) / Double(max(legs, 1)),
                y: leg % 2 == 0 ? yFrom : yTo)
        }
        return trace(corners, start: start, speed: speed, rate: rate, jitter: jitter, seed: seed)
    }

    /// A finger spiralling out from `center` for `turns` turns until `radius` points away.
    public static func spiral(
        center: Point, radius: Double, turns: Double, start: Double, speed: Double = 700,
        rate: Double = 120, jitter: Double = 0, seed: UInt64 = 1
    ) -> [TouchSample] {
        let steps = max(2, Int(turns * 72))
        let corners = (0...steps).map { i -> Point in
            let f = Double(i) / Double(steps)
            let angle = f * turns * 2 * Double.pi
            return Point(x: center.x + radius * f * cos(angle), y: center.y + radius * f * sin(angle))
        }
        return trace(corners, start: start, speed: speed, rate: rate, jitter: jitter, seed: seed)
    }

    /// `count` single-touch taps at random places in a `width`×`height` view, `interval` seconds apart;
    /// each is its own stroke.
    public static func taps(
        count: Int, width: Double, height: Double, start: Double, interval: Double = 0.15,
        seed: UInt64 = 1
    ) -> [Stroke] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { k in
            Stroke(points: [
                sample(
                    Point(x: random.uniform(0, width), y: random.uniform(0, height)), time: start + Double(k) * interval
                )
            ])
        }
    }

    /// A finger moving along the polyline through `corners` at `speed` points per second, sampled
    /// `rate` times a second, with a small wobble like a real hand plus `jitter` points of noise.
    public static func trace(
        _ corners: [Point], start: Double, speed: Double, rate: Double,
        jitter: Double = 0, seed: UInt64 = 1
    ) -> [TouchSample] {
        var random = SplitMix64(seed: seed)
        var samples: [TouchSample] = []
        var elapsed = 0.0
        var segment = 0
        var travelled = 0.0
        while segment < corners.count - 1 {
            let a = corners[segment]
            let b = corners[segment + 1]
            let f = min(travelled / max((b - a).length, 1e-9), 1)
            let noise =
                jitter > 0
                ? Point(x: random.uniform(-jitter, jitter), y: random.uniform(-jitter, jitter)) : Point(x: 0, y: 0)
            let wobble = Point(x: 3 * sin(7.3 * elapsed), y: 2 * sin(11.1 * elapsed))
            samples.append(sample(a + (b - a) * f + wobble + noise, time: start + elapsed))
            elapsed += 1 / rate
            travelled += speed / rate
            while segment < corners.count - 1 && travelled >= (corners[segment + 1] - corners[segment]).length {
                travelled -= (corners[segment + 1] - corners[segment]).length
                segment += 1
            }
        }
        return samples
    }

    private static func sample(_ p: Point, time: Double) -> TouchSample {
        TouchSample(
            x: (p.x * 100).rounded() / 100, y: (p.y * 100).rounded() / 100, t: (time * 10_000).rounded() / 10_000)
    }
}
