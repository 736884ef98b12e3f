import Foundation
import RevealTestSupport
import XCTest

@testable import RevealRender

final class PathComponentsTests: XCTestCase {
    func testFolderAndNameAsNSStringGivesThemForLongerPaths() {
        let cases: [(path: String, folder: String, name: String)] = [
            ("f", "", "f"), ("a/", "", "a"), ("/a", "/", "a"), ("/", "/", "/"), ("", "", ""),
            ("a/b", "a", "b"), ("a//b", "a", "b"), ("a/b/", "a", "b"), ("./x.png", ".", "x.png"),
            ("/tmp/frames/frame-00001.png", "/tmp/frames", "frame-00001.png"), ("../up", "..", "up"),
        ]
        for (path, folder, name) in cases {
            XCTAssertEqual(PathComponents.folder(of: path), folder, path)
            XCTAssertEqual(PathComponents.name(of: path), name, path)
            if path.count > 2 {  // NSString itself is only safe on longer paths here
                XCTAssertEqual((path as NSString).deletingLastPathComponent, folder, path)
                XCTAssertEqual((path as NSString).lastPathComponent, name, path)
            }
        }
    }
}
