import CJPEG
import Foundation
import RevealCore
import RevealRaster

/// Why an image file could not be read, in words for the user (the file named first).
public struct ImageFileError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, in words for the user.
    public let message: String
    package init(message: String) { self.message = message }
    public var description: String { message }
}

/// Image files of the kinds an app's assets hold: PNG, decoded by libpng, and JPEG, decoded by libjpeg.
public enum ImageFile {
    /// The image in the file at `path`, PNG or JPEG as its first bytes say (not its name), premultiplied.
    /// Files are opened as `BoundedFileReader` opens them (never devices or folders); an image over
    /// `maxPixels` is refused before its pixels are decoded.
    public static func decode(contentsOf path: String, maxPixels: Int = SceneLimits.defaultMaxPixels)
        throws(ImageFileError) -> Pixmap
    {
        // A JPEG holds at most a few bytes a pixel; 64 MiB more for metadata.
        let maxBytes = min(max(0, maxPixels), Int.max / 16) * 8 + (64 << 20)
        let bytes: [UInt8]
        switch BoundedFileReader.read(
            path, maxBytes: maxBytes, kind: "an image file", tooLarge: { "file is \($0) bytes, too large for an image" }
        )
        {
        case .success(let read): bytes = read
        case .failure(let error): throw ImageFileError(message: error.description)
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            do {
                return try PNG.decode(bytes, readFrom: path, maxPixels: maxPixels)
            } catch {
                throw ImageFileError(message: error.message)
            }
        }
        guard bytes.starts(with: [0xFF, 0xD8, 0xFF]) else {
            throw ImageFileError(message: "\(displayPath(path)): neither a PNG nor a JPEG file")
        }
        do {
            return try decodeJPEG(bytes, maxPixels: maxPixels)
        } catch {
            throw ImageFileError(message: "\(displayPath(path)): \(error.message)")
        }
    }

    /// The JPEG in `bytes`, opaque.
    package static func decodeJPEG(_ bytes: [UInt8], maxPixels: Int) throws(ImageFileError) -> Pixmap {
        var message = [CChar](repeating: 0, count: 256)
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0
        var height: UInt32 = 0
        let status = bytes.withUnsafeBufferPointer { data in
            message.withUnsafeMutableBufferPointer { text in
                cjpeg_decode_rgba8(
                    data.baseAddress, data.count, UInt64(max(0, maxPixels)), UInt32(Pixmap.maxSide), &pixels, &width,
                    &height, text.baseAddress, text.count)
            }
        }
        defer { cjpeg_free(pixels) }
        guard status == CJPEG_OK, let pixels else {
            let reason = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw ImageFileError(message: reason.isEmpty ? "cannot decode the JPEG data" : reason)
        }
        // Opaque: straight and premultiplied bytes are the same.
        let count = Int(width) * Int(height) * 4
        do {
            return try Pixmap(
                width: Int(width), height: Int(height),
                premultipliedBytes: Array(UnsafeBufferPointer(start: pixels, count: count)))
        } catch {
            throw ImageFileError(message: "\(error)")
        }
    }
}
