import Testing
@testable import WoodshedStore

@Suite struct DataLocationTests {
    @Test func overrideWins() {
        let env = ["WOODSHED_DATA_DIR": "/srv/ws", "XDG_DATA_HOME": "/x", "HOME": "/home/p"]
        #expect(DataLocation.databasePath(environment: env) == "/srv/ws/woodshed.sqlite")
    }

    @Test func xdgThenHome() {
        #expect(DataLocation.directory(environment: ["XDG_DATA_HOME": "/x/", "HOME": "/home/p"]) == "/x/woodshed")
        // A relative XDG_DATA_HOME is ignored, as is an empty override.
        #expect(DataLocation.directory(environment: ["XDG_DATA_HOME": "rel", "HOME": "/home/p", "WOODSHED_DATA_DIR": ""])
            == "/home/p/.local/share/woodshed")
    }
}
