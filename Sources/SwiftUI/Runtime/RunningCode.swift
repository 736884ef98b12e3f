import Synchronization

/// Whose `body` the main thread is evaluating now, readable from another thread: the watchdog that stops a
/// view's code that never returns (`reveal-render swiftui`) names the view whose body it stopped in. One
/// atomic store before and after each body; nothing else.
package enum RunningCode {
    private static let bodyType = Atomic<UInt>(0)

    /// Runs `evaluate`, `type`'s body, as the body running now.
    @inline(__always)
    static func body<T>(of type: Any.Type, _ evaluate: () -> T) -> T {
        let previous = bodyType.exchange(UInt(bitPattern: unsafeBitCast(type, to: Int.self)), ordering: .relaxed)
        defer { bodyType.store(previous, ordering: .relaxed) }
        return evaluate()
    }

    /// The type whose body is being evaluated, if one is.
    package static var currentBody: Any.Type? {
        let bits = bodyType.load(ordering: .relaxed)
        return bits == 0 ? nil : unsafeBitCast(Int(bitPattern: bits), to: Any.Type.self)
    }
}
