import Testing
@testable import WoodshedCore

@Suite struct VoiceGroupsTests {
    @Test func allGroupsShareDenseIndices() {
        let g = VoiceGroups.all
        #expect(g.count == 11)
        #expect(g.group(of: .hihat) == g.group(of: .hihatOpen))
        #expect(g.group(of: .kick) == g.group(of: .kickLeft))
        #expect(g.group(of: .snare) == g.group(of: .snareRim))
        #expect(g.group(of: .ride) == g.group(of: .rideBell))
        for voice in [DrumVoice.crashLeft, .splash, .china] { #expect(g.group(of: voice) == g.group(of: .crash)) }
        #expect(g.group(of: .hihatPedal) != g.group(of: .hihat))
        #expect(g.group(of: .crossStick) != g.group(of: .snare))
        #expect(Set(DrumVoice.allCases.map(g.group(of:))) == Set(0..<11))
        #expect(g.members(ofGroupWith: .splash) == [.crash, .crashLeft, .splash, .china])
    }

    @Test func noGroupsIsOneGroupPerVoice() {
        let g = VoiceGroups.none
        #expect(g.count == 18)
        for voice in DrumVoice.allCases { #expect(g.group(of: voice) == voice.index) }
    }

    @Test func eachGroupSwitchesOffAlone() {
        var g = VoiceGroups.all
        g.hihat = false
        #expect(g.group(of: .hihat) != g.group(of: .hihatOpen))
        #expect(g.group(of: .kick) == g.group(of: .kickLeft))
        #expect(g.count == 12)
        #expect(Set(DrumVoice.allCases.map(g.group(of:))) == Set(0..<12))
    }
}
