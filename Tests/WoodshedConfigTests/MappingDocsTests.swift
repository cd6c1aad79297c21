import Foundation
import Testing
import WoodshedCore
@testable import WoodshedConfig

/// docs/mappings.md lists every bundled drum map; the tables must say what the files do.
@Suite struct MappingDocsTests {
    @Test(arguments: ["gm", "roland-td", "alesis-nitro", "yamaha-dtx"])
    func documentedTableMatchesTheFile(name: String) throws {
        let doc = try String(contentsOfFile: checkoutRoot + "/docs/mappings.md", encoding: .utf8)
        let heading = try #require(doc.range(of: "### `\(name)`"))
        var documented: [String: String] = [:]
        for line in doc[heading.upperBound...].split(separator: "\n").dropFirst(3) {
            guard line.hasPrefix("| ") else { break }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            documented[cells[0]] = cells[1]
        }
        let map = try #require(try MappingLibrary(directory: bundledMappings).load(name).drumKit)
        var actual: [String: String] = [:]
        for voice in DrumVoice.allCases where !map.notes(for: voice).isEmpty {
            actual[voice.rawValue] = map.notes(for: voice).map(String.init).joined(separator: ", ")
        }
        #expect(documented == actual)
    }
}
