// The `main.swift` of the program `reveal-render swiftui` builds from a user's files, which it compiles with them
// and links with libRevealSwiftUIKit. reveal-render puts the view in `ViewHost.main { … }`: the type given
// with `--view` (`Card()`), or the files' first `#Preview` or `PreviewProvider`.
import CSceneHooks
import Glibc
import RevealViewHost
import SwiftUI

// The program's own `clock_gettime`, `dispatch_after` and `dispatch_async`: the dynamic linker looks in the
// program before any library, so every library's calls (Foundation's `Date()`, `DispatchQueue.main.async`, the
// Swift runtime's clocks) come here, and the scene answers them (CSceneHooks). reveal-render exports the three.

@_cdecl("clock_gettime")
public func revealSceneClockGettime(_ clock: clockid_t, _ spec: UnsafeMutablePointer<timespec>?) -> Int32 {
    scene_clock_gettime(clock, spec)
}

@_cdecl("dispatch_after")
public func revealSceneDispatchAfter(_ when: UInt64, _ queue: UnsafeMutableRawPointer?, _ block: scene_block?) {
    scene_dispatch_after(when, queue, block)
}

@_cdecl("dispatch_async")
public func revealSceneDispatchAsync(_ queue: UnsafeMutableRawPointer?, _ block: scene_block?) {
    scene_dispatch_async(queue, block)
}

// What the view prints reaches the terminal a line at a time, so that a crash loses none of it.
setvbuf(stdout, nil, _IOLBF, 0)
MainActor.assumeIsolated { ViewHost.main { __revealView } }
