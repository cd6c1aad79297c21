import Testing
@testable import WoodshedConfig

@Suite struct XDGDirectoriesTests {
    @Test func defaultsUnderHomeWhenUnset() {
        let xdg = XDGDirectories(environment: ["HOME": "/home/ana"])
        #expect(xdg.config == "/home/ana/.config")
        #expect(xdg.data == "/home/ana/.local/share")
        #expect(xdg.state == "/home/ana/.local/state")
        #expect(xdg.cache == "/home/ana/.cache")
        #expect(xdg.configFile == "/home/ana/.config/woodshed/config.toml")
        #expect(xdg.woodshedData == "/home/ana/.local/share/woodshed")
        #expect(xdg.woodshedState == "/home/ana/.local/state/woodshed")
        #expect(xdg.woodshedCache == "/home/ana/.cache/woodshed")
    }

    @Test func absoluteVariablesWin() {
        let xdg = XDGDirectories(environment: [
            "HOME": "/home/ana", "XDG_CONFIG_HOME": "/cfg", "XDG_DATA_HOME": "/data",
            "XDG_STATE_HOME": "/state", "XDG_CACHE_HOME": "/cache",
        ])
        #expect(xdg.configFile == "/cfg/woodshed/config.toml")
        #expect(xdg.woodshedData == "/data/woodshed")
        #expect(xdg.state == "/state")
        #expect(xdg.cache == "/cache")
    }

    @Test func emptyOrRelativeVariablesAreIgnored() {
        let xdg = XDGDirectories(environment: ["HOME": "/home/ana", "XDG_CONFIG_HOME": "", "XDG_DATA_HOME": "relative/data"])
        #expect(xdg.config == "/home/ana/.config")
        #expect(xdg.data == "/home/ana/.local/share")
    }

    @Test func explicitHome() {
        #expect(XDGDirectories(environment: [:], home: "/h").cache == "/h/.cache")
    }
}
