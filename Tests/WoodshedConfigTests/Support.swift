import Foundation
@testable import WoodshedConfig

/// The checkout this test file lives in.
let checkoutRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// The bundled `mappings/` folder of this checkout.
let bundledMappings = (checkoutRoot as NSString).appendingPathComponent("mappings")

/// A fresh empty folder for one test.
func temporaryFolder() throws -> String {
    let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("woodshed-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Removes a folder made by `temporaryFolder`.
func removeFolder(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
}

/// The message a throwing call fails with, or nil if it succeeds.
func failure(_ body: () throws -> Void) -> String? {
    do { try body(); return nil } catch let error as any CustomStringConvertible { return error.description } catch { return "\(error)" }
}
