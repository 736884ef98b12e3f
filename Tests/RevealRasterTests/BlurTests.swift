import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

/// The shadow blur against the exact Gaussian: a sampled kernel reaching 10σ, normalised, zero beyond
/// the edges, applied directly.
final class BlurTests: XCTestCase {
    /// `line` convolved with the exact sampled Gaussian of standard deviation `sigma`.
    private func exactGaussian(_ line: [Double], sigma: Double) -> [Double] {
        let reach = Int((10 * sigma).rounded(.up))
        var kernel = (-reach...reach).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        return (0..<line.count).map { x in
            var sum = 0.0
            for k in max(-reach, -x)...min(reach, line.count - 1 - x) { sum += line[x + k] * kernel[k + reach] }
            return sum
        }
    }

    private func line(_ line: [Double], sigma: Double) -> [Double] {
        var x = line
        var scratch = line
        let filter = GaussianLine(sigma: sigma)
        x.withUnsafeMutableBufferPointer { x in
            scratch.withUnsafeMutableBufferPointer { filter.apply(x, count: line.count, scratch: $0) }
        }
        return x
    }

    func testTheLineFilterIsWithinFourHundredthsOfALevelOfTheExactGaussian() {
        for sigma in [0.25, 0.35, 0.5, 0.75, 1, 1.7, 3, 8, 24, 100, 500] {
            let n = Int(30 * sigma) + 40
            let edge = (0..<n).map { $0 < n / 2 ? 0.0 : 255 }
            let bar = (0..<n).map { abs($0 - n / 2) <= Int(sigma) ? 255.0 : 0 }
            for line in [edge, bar] {
                let exact = exactGaussian(line, sigma: sigma)
                let ours = self.line(line, sigma: sigma)
                let worst = zip(exact, ours).map { abs($0 - $1) }.max() ?? 0
                XCTAssertLessThan(worst, sigma < 1 ? 0.001 : 0.04, "σ = \(sigma)")
            }
        }
    }

    func testABlurredEdgeIsWithinOneLevelOfTheExactGaussian() throws {
        for sigma in [0.5, 2.5, 24, 150] {
            let side = Int(12 * sigma) + 16
            var mask = try Mask(width: side, height: side)
            for y in 0..<side { for x in side / 2..<side { mask[x, y] = 255 } }
            let blurred = try Blur.gaussian(mask, sigma: sigma)
            let exact = exactGaussian((0..<side).map { Double(mask[$0, 0]) }, sigma: sigma)
            // The middle row: far enough from the top and bottom that the columns are constant there.
            let worst = (0..<side).map { abs(Double(blurred[$0, side / 2]) - exact[$0]) }.max() ?? 0
            XCTAssertLessThanOrEqual(worst, 0.55, "σ = \(sigma): more than rounding apart")
            XCTAssertEqual(blurred[side / 2 - 1, side / 2], UInt8(exact[side / 2 - 1].rounded()), "σ = \(sigma)")
        }
    }

    func testBlurKeepsTheMassAndIsSymmetric() throws {
        var mask = try Mask(width: 101, height: 81)
        for y in 30..<51 { for x in 40..<61 { mask[x, y] = 255 } }
        let blurred = try Blur.gaussian(mask, sigma: 6)
        XCTAssertEqual(blurred.totalCoverage, mask.totalCoverage, accuracy: mask.totalCoverage * 0.002)
        for y in 0..<81 { for x in 0..<50 { XCTAssertEqual(blurred[x, y], blurred[100 - x, y], "(\(x), \(y))") } }
        XCTAssertEqual(try Blur.gaussian(mask, sigma: 0), mask)
    }
}
