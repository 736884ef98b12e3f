import Dispatch
import Foundation

/// Whether code runs on the main actor, asked without trapping: on the main thread, or in a block of the
/// main queue (where Swift Testing runs `@MainActor` tests on Linux, not always on the main thread).
package enum MainQueue {
    private static let key = DispatchSpecificKey<Bool>()
    private static let marked: Bool = {
        DispatchQueue.main.setSpecific(key: key, value: true)
        return true
    }()

    package static var isCurrent: Bool {
        Thread.isMainThread || (marked && DispatchQueue.getSpecific(key: key) == true)
    }
}
