// make-soundfont: writes Woodshed's bundled SoundFont (drum kit + keys), synthesized from scratch.
//
//     swift run make-soundfont soundfonts/woodshed-kit.sf2
//
// The output is deterministic: rebuilding gives the same bytes, so the committed file only
// changes when the synthesis code does.
import Foundation
import WoodshedCore
import WoodshedSound

let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("-h") || arguments.contains("--help") || arguments.count > 1 {
    let usage = "usage: make-soundfont [OUTPUT.sf2]   (default: soundfonts/woodshed-kit.sf2)\n"
    FileHandle.standardError.write(Data(usage.utf8))
    exit(arguments.count > 1 ? 64 : 0)
}
let path = arguments.first ?? "soundfonts/woodshed-kit.sf2"

do {
    let bytes = try WoodshedKit.fileBytes()
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent().path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
        throw WoodshedError("cannot write \(path): folder \(folder) does not exist; create it or choose another path")
    }
    do {
        try Data(bytes).write(to: url, options: .atomic)
    } catch {
        throw WoodshedError(
            "cannot write \(path): \(error.localizedDescription); check that its folder exists and is writable")
    }
    print("make-soundfont: wrote \(path) (\(bytes.count) bytes)")
} catch let error as UserFacingError {
    FileHandle.standardError.write(Data("make-soundfont: \(error.message)\n".utf8))
    exit(error.exitStatus)
} catch {
    FileHandle.standardError.write(Data("make-soundfont: \(error)\n".utf8))
    exit(1)
}
