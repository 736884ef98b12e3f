/// Pixel buffers a renderer frees and takes again, within a frame and from one frame to the next: a layer
/// drawn in the memory of the last one rather than in fresh pages, which the kernel faults in and zeroes
/// (glibc hands large freed blocks back to it). A damaged box of a 3× screen allocated its part and its
/// groups' layers anew, and faulting them in took a sixth of the port's time.
package final class PixmapPool {
    private var buffers: [[UInt8]] = []
    /// The most bytes kept, so that memory stays flat whatever the boxes' sizes.
    private let limit: Int

    package init(limit: Int = 24 << 20) { self.limit = limit }

    /// A transparent `width`×`height` pixmap, in the smallest kept buffer large enough when there is one.
    package func transparent(width: Int, height: Int) throws -> Pixmap {
        guard width > 0, height > 0, width <= Pixmap.maxSide, height <= Pixmap.maxSide else {
            return try Pixmap(width: width, height: height)  // throws the size error
        }
        let count = width * height * 4
        let fitting = buffers.indices.filter { buffers[$0].capacity >= count }
        guard let index = fitting.min(by: { buffers[$0].capacity < buffers[$1].capacity }) else {
            return try Pixmap(width: width, height: height)
        }
        var bytes = buffers.remove(at: index)
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: repeatElement(0, count: count))
        return try Pixmap(width: width, height: height, premultipliedBytes: bytes)
    }

    /// Keeps `pixmap`'s buffer for a later `transparent`, the largest ones first while they fit the limit.
    package func recycle(_ pixmap: consuming Pixmap) {
        buffers.append(pixmap.bytes)
        buffers.sort { $0.count > $1.count }
        var total = 0
        buffers = buffers.filter { buffer in
            total += buffer.count
            return total <= limit
        }
    }
}
