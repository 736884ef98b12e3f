import Foundation
import RevealCore

/// Results of pure drawing steps already worked out in this process, by everything they depend on: a
/// view drawn again as it was (each frame of a static screen, or of a screen drawn whole) costs a lookup,
/// not a sweep or a gradient.
///
/// A step's result is a function of its key alone, so a value found here is the one the step would make
/// (STYLE: a cache is an optimisation, never a source of different pixels). At most `limit` bytes are kept;
/// past it the oldest entries go, so memory stays flat however many frames are drawn.
package final class RenderCache<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private let limit: Int
    /// What an entry holds, in bytes.
    private let cost: (Key, Value) -> Int
    private var values: [Key: (value: Value, cost: Int)] = [:]
    /// Keys in the order they were added, from `first` on: the next to go when over the limit.
    private var order: [Key] = []
    private var first = 0
    private var bytes = 0

    package init(limit: Int, cost: @escaping (Key, Value) -> Int) {
        self.limit = limit
        self.cost = cost
    }

    /// The value kept for `key`, or `make()`'s, kept unless it alone would fill a quarter of the cache.
    package func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        lock.lock()
        let kept = values[key]
        lock.unlock()
        if let kept { return kept.value }
        let value = try make()
        let size = cost(key, value)
        guard size <= limit / 4 else { return value }
        lock.lock()
        defer { lock.unlock() }
        guard values.updateValue((value, size), forKey: key) == nil else { return value }
        order.append(key)
        bytes += size
        while bytes > limit, first < order.count {
            if let old = values.removeValue(forKey: order[first]) { bytes -= old.cost }
            first += 1
        }
        if first > 1024, first * 2 > order.count {
            order.removeFirst(first)
            first = 0
        }
        return value
    }

    /// How many values are kept and their bytes.
    package var contents: (count: Int, bytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (values.count, bytes)
    }
}

/// An outline in a mask's own pixels, with its fill rule and the mask's size: all the rasterizer's
/// coverage depends on. Compared point for point; hashed from the coordinates' bits in one pass.
package struct CoverageKey: Hashable {
    package let points: [Point]
    package let contourStarts: [Int]
    package let evenOdd: Bool
    package let width: Int
    package let height: Int

    package init(_ path: PixelPath, width: Int, height: Int) {
        points = path.points
        contourStarts = path.contourStarts
        evenOdd = path.evenOdd
        self.width = width
        self.height = height
    }

    package func hash(into hasher: inout Hasher) {
        // A multiply-xor pass over the bits, then the hasher: an outline holds thousands of points, and the
        // hasher's rounds over each would cost a good part of what the cache saves.
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15
        points.withUnsafeBufferPointer { points in
            for p in points {
                h = (h ^ p.x.bitPattern) &* 0x100_0000_01B3
                h = (h ^ p.y.bitPattern) &* 0x100_0000_01B3
                h ^= h >> 29
            }
        }
        hasher.combine(h)
        hasher.combine(points.count)
        hasher.combine(contourStarts)
        hasher.combine(evenOdd)
        hasher.combine(width)
        hasher.combine(height)
    }

    /// The coverage masks of outlines filled in this process.
    package static let masks = RenderCache<CoverageKey, Mask>(limit: 48 << 20) { key, mask in
        mask.bytes.count + key.points.count * MemoryLayout<Point>.stride + key.contourStarts.count * 8
    }
}

extension Rasterizer {
    /// The coverage of `path` (in the mask's pixels) over a `width`×`height` mask: kept from an earlier
    /// fill of the same outline, or swept now and kept.
    package mutating func coverage(of path: PixelPath, width: Int, height: Int) throws -> Mask {
        try CoverageKey.masks.value(for: CoverageKey(path, width: width, height: height)) {
            var mask = try Mask(width: width, height: height)
            fill(path, into: &mask, rows: RowRange(0, height))
            return mask
        }
    }
}
