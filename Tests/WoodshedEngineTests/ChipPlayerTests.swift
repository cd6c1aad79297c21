import Testing
import WoodshedCore
@testable import WoodshedEngine

/// `ChipPlayer` starts the chart's sounds on their exact sample, with their gains, and keeps to its
/// polyphony.
@Suite struct ChipPlayerTests {
    /// A sound whose frame i is (i + 1, -(i + 1)) × scale, `frames` long.
    func ramp(_ frames: Int, scale: Float = 1) -> [Float] {
        var stereo: [Float] = []
        for i in 0..<frames {
            let x = Float(i + 1) * scale
            stereo += [x, -x]
        }
        return stereo
    }

    /// Renders `total` frames in blocks of `block` from stream sample 0 (origin 0 at 1 kHz, so a
    /// millisecond is a frame).
    func render(_ player: ChipPlayer, total: Int, block: Int = 7, gain: Float = 1) -> (left: [Float], right: [Float]) {
        var left = [Float](repeating: 0, count: total), right = [Float](repeating: 0, count: total)
        var at = 0
        while at < total {
            let n = min(block, total - at)
            left.withUnsafeMutableBufferPointer { l in
                right.withUnsafeMutableBufferPointer { r in
                    player.render(frames: n, firstSample: Int64(at), origin: .zero, gain: gain,
                                  left: l.baseAddress! + at, right: r.baseAddress! + at)
                }
            }
            at += n
        }
        return (left, right)
    }

    @Test func aCueStartsOnItsSampleAlsoInTheMiddleOfABlock() {
        let player = ChipPlayer(samples: [ChipPlayer.Sample(stereo: ramp(4))], sampleRate: 1000)
        player.play(cues: [PracticePlan.SoundCue(time: .milliseconds(10), sound: 0, voice: nil),
                           PracticePlan.SoundCue(time: .milliseconds(20), sound: 0, voice: .kick)])
        let (left, right) = render(player, total: 30)
        var expected = [Float](repeating: 0, count: 30)
        for i in 0..<4 { expected[10 + i] = Float(i + 1); expected[20 + i] = Float(i + 1) }
        #expect(left == expected)
        #expect(right == expected.map { -$0 })
    }

    /// A file two slots name (decoded once) is held once, and each slot still plays it with its own
    /// volume and pan; a different file is held beside it.
    @Test func aFileTwoSlotsNameIsHeldOnce() {
        let shared = ramp(4), other = ramp(2, scale: 10)
        let player = ChipPlayer(samples: [ChipPlayer.Sample(stereo: shared), ChipPlayer.Sample(stereo: shared, left: 0.5, right: 0.5),
                                          ChipPlayer.Sample(stereo: other)], sampleRate: 1000)
        #expect(player.heldFrames == 6)
        player.play(cues: [PracticePlan.SoundCue(time: .zero, sound: 1, voice: nil),
                           PracticePlan.SoundCue(time: .milliseconds(10), sound: 2, voice: nil),
                           PracticePlan.SoundCue(time: .milliseconds(20), sound: 0, voice: nil)])
        let (left, _) = render(player, total: 25)
        #expect(Array(left[0..<4]) == [0.5, 1, 1.5, 2])
        #expect(Array(left[10..<12]) == [10, 20])
        #expect(Array(left[20..<24]) == [1, 2, 3, 4])
    }

    @Test func volumePanAndChannelGainScaleTheSound() {
        let player = ChipPlayer(samples: [ChipPlayer.Sample(stereo: ramp(2), left: 0.5, right: 0.25)], sampleRate: 1000)
        player.play(cues: [PracticePlan.SoundCue(time: .zero, sound: 0, voice: nil)])
        let (left, right) = render(player, total: 3, gain: 0.5)
        #expect(left == [0.25, 0.5, 0])
        #expect(right == [-0.125, -0.25, 0])
    }

    @Test func aHitStartsAtTheNextBlockWithItsVelocity() {
        let player = ChipPlayer(samples: [ChipPlayer.Sample(stereo: ramp(3))], sampleRate: 1000)
        _ = render(player, total: 7)
        #expect(player.hits.push(ChipPlayer.Trigger(sound: 0, velocity: 127)))
        var left = [Float](repeating: 0, count: 5), right = [Float](repeating: 0, count: 5)
        player.render(frames: 5, firstSample: 7, origin: .zero, gain: 1, left: &left, right: &right)
        #expect(left == [1, 2, 3, 0, 0])
    }

    @Test func aSoundThatDidNotLoadIsSilentAndSaysSo() {
        let player = ChipPlayer(samples: [nil, ChipPlayer.Sample(stereo: ramp(1))], sampleRate: 1000)
        #expect(!player.canPlay(0) && player.canPlay(1) && !player.canPlay(2) && !player.canPlay(-1))
        player.play(cues: [PracticePlan.SoundCue(time: .zero, sound: 0, voice: nil)])
        #expect(player.hits.push(ChipPlayer.Trigger(sound: 0, velocity: 100)))
        #expect(render(player, total: 5).left.allSatisfy { $0 == 0 })
    }

    /// Five starts of one sound with polyphony 4: the fifth replaces the oldest; another sound
    /// keeps ringing.
    @Test func theFifthCopyOfASoundCutsTheOldest() {
        let long = [Float](repeating: 1, count: 2 * 100)
        let other = [Float](repeating: 10, count: 2 * 100)
        let player = ChipPlayer(samples: [ChipPlayer.Sample(stereo: long), ChipPlayer.Sample(stereo: other)], sampleRate: 1000, polyphony: 4)
        player.play(cues: (0..<5).map { PracticePlan.SoundCue(time: .milliseconds(Double($0)), sound: 0, voice: nil) }
                    + [PracticePlan.SoundCue(time: .zero, sound: 1, voice: nil)])
        let left = render(player, total: 10, block: 1).left
        // Frames 0-3: 10 + 1, 2, 3, 4 copies; frame 4 on: still 4 copies (the first was cut) + 10.
        #expect(left == [11, 12, 13, 14, 14, 14, 14, 14, 14, 14])
    }

    @Test func theVoicePoolIsBoundedAndTheOldestMakesRoom() {
        let samples = (0..<3).map { _ in ChipPlayer.Sample(stereo: [Float](repeating: 1, count: 2 * 100)) }
        let player = ChipPlayer(samples: samples, sampleRate: 1000, voices: 2)
        player.play(cues: (0..<3).map { PracticePlan.SoundCue(time: .milliseconds(Double($0)), sound: $0, voice: nil) })
        #expect(render(player, total: 5, block: 1).left == [1, 2, 2, 2, 2])
    }

    /// A closed hi-hat (a cue or a hit on the pedal) chokes the open hi-hat ringing: silent 3 ms
    /// later (3 frames at 1 kHz), fading; an open hi-hat that starts after it rings on.
    @Test func aClosingHiHatChokesTheOpenOneRinging() {
        let open = ChipPlayer.Sample(stereo: [Float](repeating: 1, count: 2 * 100))
        let closed = ChipPlayer.Sample(stereo: [Float](repeating: 0, count: 2 * 100))  // silent: only the open one is heard
        let player = ChipPlayer(samples: [open, closed], sampleRate: 1000)
        player.play(cues: [PracticePlan.SoundCue(time: .zero, sound: 0, voice: .hihatOpen),
                           PracticePlan.SoundCue(time: .milliseconds(10), sound: 1, voice: .hihat),
                           PracticePlan.SoundCue(time: .milliseconds(12), sound: 0, voice: .hihatOpen),
                           PracticePlan.SoundCue(time: .milliseconds(20), sound: 0, voice: .crash)])
        let left = render(player, total: 30).left
        // 0–9: the first open hi-hat; 10–12 its fade; 12 on: the second open hi-hat; 20 on: and the crash
        // (sound 0 again, not a hi-hat: no choke).
        #expect(Array(left[0..<10]) == [Float](repeating: 1, count: 10))
        #expect(left[10] == 0.75 && left[11] == 0.5 + 0 && left[12] == 0.25 + 1)
        #expect(Array(left[13..<20]) == [Float](repeating: 1, count: 7))
        #expect(Array(left[20..<30]) == [Float](repeating: 2, count: 10))
        // A hit on the pedal chokes both open hi-hats ringing (the crash rings on).
        #expect(player.hits.push(ChipPlayer.Trigger(sound: 1, velocity: 127, voice: .hihatPedal)))
        var l = [Float](repeating: 0, count: 5), r = [Float](repeating: 0, count: 5)
        player.render(frames: 5, firstSample: 30, origin: .zero, gain: 1, left: &l, right: &r)
        #expect(l == [1.75, 1.5, 1.25, 1, 1])
    }
}
