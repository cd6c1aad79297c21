import Testing
import WoodshedCore

struct MixKeysTests {
    private func level(_ volume: Double, muted: Bool = false) -> ChannelLevel { ChannelLevel(volume: volume, muted: muted) }

    @Test func aLetterTurnsItsChannelDownAndItsCapitalTurnsItUp() {
        let levels: [MixerChannel: ChannelLevel] = [.song: level(70), .click: level(100), .kit: level(5), .chart: level(50), .master: level(95)]
        let current = { (channel: MixerChannel) in levels[channel]! }
        #expect(MixKeys.change(for: UInt8(ascii: "s"), current: current)! == (.song, level(60)))
        #expect(MixKeys.change(for: UInt8(ascii: "S"), current: current)! == (.song, level(80)))
        #expect(MixKeys.change(for: UInt8(ascii: "C"), current: current)! == (.click, level(100)))  // no louder than 100
        #expect(MixKeys.change(for: UInt8(ascii: "k"), current: current)! == (.kit, level(0)))  // no quieter than 0
        #expect(MixKeys.change(for: UInt8(ascii: "h"), current: current)! == (.chart, level(40)))
        #expect(MixKeys.change(for: UInt8(ascii: "M"), current: current)! == (.master, level(100)))
        #expect(MixKeys.change(for: UInt8(ascii: "x"), current: current) == nil)
        #expect(MixKeys.change(for: UInt8(ascii: " "), current: current) == nil)
        #expect(MixKeys.change(for: 0x1B, current: current) == nil)
    }

    @Test func turningAMutedChannelUpUnmutesItAndDownKeepsItMuted() {
        #expect(MixKeys.change(for: UInt8(ascii: "S"), current: { _ in self.level(40, muted: true) })! == (.song, level(50)))
        #expect(MixKeys.change(for: UInt8(ascii: "s"), current: { _ in self.level(40, muted: true) })! == (.song, level(30, muted: true)))
    }
}
