// The `main.swift` of the program `reveal-render swiftui` builds from a user's files, which it compiles with them
// and links with libRevealSwiftUIKit. reveal-render puts the view in `ViewHost.main { … }`: the type given
// with `--view` (`Card()`), an `@main` app's window, or the files' first `#Preview` or `PreviewProvider`.
// When the files have an `@main` type, the last line becomes that type's `main` and the file is not the
// program's `main.swift` (a module with `@main` has no top-level code).
import CSceneHooks
import Glibc
import RevealViewHost
import SwiftUI

// The program's own `clock_gettime`, `dispatch_after` and `dispatch_async`: the dynamic linker looks in the
// program before any library, so every library's calls (Foundation's `Date()`, `DispatchQueue.main.async`, the
// Swift runtime's clocks) come here, and the scene answers them (CSceneHooks). reveal-render exports these and
// the two random sources below.

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

// Random bytes from the scene's fixed stream, so that a view that draws random numbers draws the same ones on
// every run: C libraries' `getrandom` and `arc4random_buf`. The Swift runtime makes the system call itself,
// which CSceneHooks answers once it finds this program's own `getrandom`; its hashing is made deterministic by
// reveal-render's environment (SWIFT_DETERMINISTIC_HASHING).
@_cdecl("getrandom")
public func revealSceneGetrandom(_ buffer: UnsafeMutableRawPointer?, _ count: Int, _ flags: UInt32) -> Int {
    scene_random_bytes(buffer, count)
    return count
}

@_cdecl("arc4random_buf")
public func revealSceneArc4randomBuffer(_ buffer: UnsafeMutableRawPointer?, _ count: Int) {
    scene_random_bytes(buffer, count)
}

/// Plays the view. What it prints reaches the terminal a line at a time, so that a crash loses none of it.
// swift-format-ignore: AlwaysUseLowerCamelCase
func __revealPlay() -> Never {
    setvbuf(stdout, nil, _IOLBF, 0)
    MainActor.assumeIsolated { ViewHost.main { __revealView } }
}

__revealPlay()
