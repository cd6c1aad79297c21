import Foundation
import Testing
@testable import WoodshedConfig

@Suite struct ResourceLocatorTests {
    @Test func searchOrder() {
        let locator = ResourceLocator(
            environment: ["WOODSHED_HOME": "/opt/ws", "HOME": "/home/ana"],
            executablePath: "/src/woodshed/.build/debug/woodshed")
        #expect(locator.searchRoots == [
            "/opt/ws", "/src/woodshed/.build/debug", "/src/woodshed/.build", "/src/woodshed", "/src", "/",
            "/home/ana/.local/share/woodshed", "/usr/local/share/woodshed", "/usr/share/woodshed",
        ])
        let plain = ResourceLocator(environment: ["HOME": "/h", "XDG_DATA_HOME": "/d"], executablePath: nil)
        #expect(plain.searchRoots == ["/d/woodshed", "/usr/local/share/woodshed", "/usr/share/woodshed"])
    }

    @Test func findsTheCheckoutFromTheRunningExecutable() {
        // The test binary lives in .build inside this checkout, like the real `woodshed`.
        let locator = ResourceLocator(environment: ["HOME": "/nonexistent"])
        #expect(locator.locate(.mappings) == bundledMappings)
    }

    @Test func eachFolderIsFoundOnItsOwnInOrder() throws {
        let first = try temporaryFolder(), second = try temporaryFolder()
        defer { removeFolder(first); removeFolder(second) }
        try FileManager.default.createDirectory(atPath: first + "/charts", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: second + "/charts", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: second + "/soundfonts", withIntermediateDirectories: true)
        try "".write(toFile: first + "/mappings", atomically: true, encoding: .utf8)  // a file, not a folder
        let locator = ResourceLocator(searchRoots: [first, second])
        #expect(locator.locate(.charts) == first + "/charts")
        #expect(locator.locate(.soundfonts) == second + "/soundfonts")
        #expect(locator.locate(.mappings) == nil)
        #expect(failure { _ = try locator.require(.mappings) }?.hasPrefix("cannot find the mappings/ folder; set WOODSHED_HOME") == true)
        let viaEnvironment = ResourceLocator(environment: ["WOODSHED_HOME": second], executablePath: nil)
        #expect(viaEnvironment.locate(.soundfonts) == second + "/soundfonts")
    }
}

@Suite struct SoundfontChooserTests {
    func setUp() throws -> (system: String, bundle: String) {
        let system = try temporaryFolder(), bundle = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: bundle + "/soundfonts", withIntermediateDirectories: true)
        return (system, bundle)
    }

    @Test func explicitPathWinsAndMustExist() throws {
        let (system, bundle) = try setUp()
        defer { removeFolder(system); removeFolder(bundle) }
        try "sf".write(toFile: system + "/TimGM6mb.sf2", atomically: true, encoding: .utf8)
        let mine = bundle + "/mine.sf2"
        try "sf".write(toFile: mine, atomically: true, encoding: .utf8)
        let chooser = SoundfontChooser(systemDirectory: system, locator: ResourceLocator(searchRoots: [bundle]))
        #expect(try chooser.choose(explicit: mine) == mine)
        #expect(failure { _ = try chooser.choose(explicit: bundle + "/nope.sf2") }
            == "soundfont \(bundle)/nope.sf2 not found; give the path of an existing .sf2 file, or leave it out to use a system one")
        #expect(failure { _ = try chooser.choose(explicit: bundle) } != nil)
    }

    @Test func systemSoundfontsInOrderOfPreference() throws {
        let (system, bundle) = try setUp()
        defer { removeFolder(system); removeFolder(bundle) }
        let chooser = SoundfontChooser(systemDirectory: system, locator: ResourceLocator(searchRoots: [bundle]))
        try "sf".write(toFile: system + "/TimGM6mb.sf2", atomically: true, encoding: .utf8)
        #expect(try chooser.choose(explicit: nil) == system + "/TimGM6mb.sf2")
        try "sf".write(toFile: system + "/FluidR3_GM.sf2", atomically: true, encoding: .utf8)
        #expect(try chooser.choose(explicit: nil) == system + "/FluidR3_GM.sf2")
        try "sf".write(toFile: system + "/default-GM.sf2", atomically: true, encoding: .utf8)
        #expect(try chooser.choose(explicit: nil) == system + "/default-GM.sf2")
    }

    @Test func bundledKitThenAClearError() throws {
        let (system, bundle) = try setUp()
        defer { removeFolder(system); removeFolder(bundle) }
        let chooser = SoundfontChooser(systemDirectory: system, locator: ResourceLocator(searchRoots: [bundle]))
        #expect(failure { _ = try chooser.choose(explicit: nil) }
            == "no soundfont found; install one with `apt install fluid-soundfont-gm`, or pass --soundfont PATH")
        try "sf".write(toFile: bundle + "/soundfonts/woodshed-kit.sf2", atomically: true, encoding: .utf8)
        #expect(try chooser.choose(explicit: nil) == bundle + "/soundfonts/woodshed-kit.sf2")
    }
}
