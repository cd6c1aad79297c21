#if canImport(Glibc)
import Glibc
#endif
import Atomics
import Foundation
import Testing
import WoodshedCore
@testable import WoodshedEngine

/// A synth that outputs a constant, so gains can be read off the mix.
final class ConstantSynth: SynthInstrument {
    var notes: [(UInt8, UInt8, UInt8)] = []
    var level: Float = 0.25
    func noteOn(channel: UInt8, note: UInt8, velocity: UInt8) { notes.append((channel, note, velocity)) }
    func noteOff(channel: UInt8, note: UInt8) {}
    func controlChange(channel: UInt8, controller: UInt8, value: UInt8) {}
    func render(frames: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
        left.update(repeating: level, count: frames)
        right.update(repeating: level, count: frames)
    }
}

/// A synth that is silent until its first note-on, then outputs a constant: where a note starts is
/// the first sample that is not zero.
final class SilentUntilNoteSynth: SynthInstrument {
    var noteOns = 0
    func noteOn(channel: UInt8, note: UInt8, velocity: UInt8) { noteOns += 1 }
    func noteOff(channel: UInt8, note: UInt8) {}
    func controlChange(channel: UInt8, controller: UInt8, value: UInt8) {}
    func render(frames: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
        let level: Float = noteOns > 0 ? 0.25 : 0
        left.update(repeating: level, count: frames)
        right.update(repeating: level, count: frames)
    }
}

@Suite struct MixerTests {
    let format = AudioFormat(sampleRate: 48_000, periodFrames: 64, periods: 2)

    /// A click whose first sample is 1 and the rest 0: its onset is easy to find.
    func impulseTrack() -> ClickTrack {
        ClickTrack(sampleRate: 48_000, normal: [0.5, 0, 0, 0], accent: [1, 0, 0, 0])
    }

    func onsets(_ samples: [Float]) -> [Int] {
        stride(from: 0, to: samples.count, by: 2).filter { samples[$0] != 0 }.map { $0 / 2 }
    }

    @Test func clicksLandOnTheirExactSamples() throws {
        let clicks = impulseTrack()
        // 7/8 at 137 BPM: beat lengths that are not whole samples.
        let beats = SteadyBeats(bpm: 137, signature: TimeSignature(7, 8), start: .zero, count: 50)
        clicks.play(beats)
        let output = MemoryOutput(format: format)
        let mixer = Mixer(format: format, instrument: nil, clicks: clicks)
        let renderer = AudioRenderer(mixer: mixer, output: output, commands: SPSCQueue(minimumCapacity: 2), clock: VirtualClock())
        try renderer.finish(at: .seconds(25))
        // The metronome clicks on every beat of the lower number, an eighth here: one every 60/137 s,
        // each on the sample nearest its exact time.
        let expected = (0..<50).map { Int((Double($0) * 60 / 137 * 48_000).rounded()) }
        #expect(onsets(output.samples) == expected)
        #expect(output.samples[0] == 1)  // the first click is accented and starts at sample 0
        #expect(output.samples[2 * expected[1]] == 0.5)
    }

    /// A speed change pushed while playing reaches the click and the chart's sounds at the next
    /// period: the beats and cues after it sit where the change puts them, those before stay.
    @Test func aSpeedChangeMovesTheClicksAndChipsStillToComeFromTheNextPeriod() throws {
        let clicks = impulseTrack()
        clicks.play(beats: (0..<8).map { Beat(time: .milliseconds(Double(500 * $0)), accent: .none) })
        let chips = ChipPlayer(samples: [ChipPlayer.Sample(stereo: [0.25, 0.25])], sampleRate: 48_000)
        chips.play(cues: [PracticePlan.SoundCue(time: .milliseconds(1_250), sound: 0, voice: nil)])
        let output = MemoryOutput(format: format)
        let mixer = Mixer(format: format, instrument: nil, clicks: clicks)
        mixer.chips = chips
        let renderer = AudioRenderer(mixer: mixer, output: output, commands: SPSCQueue(minimumCapacity: 2), clock: VirtualClock())
        try renderer.render(until: .milliseconds(800))
        // From 1 s on, 25 % faster: 1500 → 1400, 2000 → 1800 …; the chip at 1250 → 1200.
        #expect(mixer.speedChanges.push(SpeedChange(at: .seconds(1), ratio: 1.25)))
        try renderer.finish(at: .seconds(4))
        let clickTimes = [0, 500, 1_000, 1_400, 1_800, 2_200, 2_600, 3_000]
        let heard = onsets(output.samples)
        #expect(heard == (clickTimes.map { $0 * 48 } + [1_200 * 48]).sorted(), "\(heard.map { Double($0) / 48 })")
    }

    @Test func clicksBeforeTimeZeroUseTheOrigin() throws {
        let clicks = impulseTrack()
        clicks.play(SteadyBeats(bpm: 120, start: .milliseconds(-2000), count: 8))
        let output = MemoryOutput(format: format)
        let mixer = Mixer(format: format, instrument: nil, clicks: clicks, origin: .milliseconds(-2000))
        let renderer = AudioRenderer(mixer: mixer, output: output, commands: SPSCQueue(minimumCapacity: 2), clock: VirtualClock())
        try renderer.finish(at: .seconds(2))
        #expect(onsets(output.samples) == (0..<8).map { $0 * 24_000 })
    }

    @Test func gainsAndMutesApplyPerChannel() throws {
        let synth = ConstantSynth()
        let mixer = Mixer(format: format, instrument: synth, clicks: nil)
        let out = UnsafeMutablePointer<Float>.allocate(capacity: 128)
        defer { out.deallocate() }
        mixer.render(frames: 64, firstSample: 0, into: out)
        #expect(out[0] == 0.25)
        mixer.setLevel(ChannelLevel(volume: 50), for: .kit)
        mixer.render(frames: 64, firstSample: 64, into: out)
        #expect(abs(out[0] - 0.125) < 1e-4)
        mixer.setLevel(ChannelLevel(volume: 100, muted: true), for: .master)
        mixer.render(frames: 64, firstSample: 128, into: out)
        #expect(out[0] == 0)
        synth.level = 4
        mixer.setLevel(ChannelLevel(), for: .master)
        mixer.setLevel(ChannelLevel(), for: .kit)
        mixer.render(frames: 64, firstSample: 192, into: out)
        #expect(out[0] == 1)  // limited, not wrapped
    }

    /// A volume changed while the audio thread plays (a key pressed during `play`) is heard from
    /// the next period on: every period is at one of the levels set, whole, never a torn value.
    /// Run under the thread sanitizer with the engine tests, a plain (non-atomic) gain fails here.
    @Test func aLevelSetWhilePlayingIsHeardFromTheNextPeriodWhole() throws {
        let mixer = Mixer(format: format, instrument: ConstantSynth(), clicks: nil)
        let out = UnsafeMutablePointer<Float>.allocate(capacity: 128)
        defer { out.deallocate() }
        let volumes: [Double] = [100, 50, 20, 80]
        let allowed = Set(volumes.map { Float(0.25 * $0 / 100) })
        let started = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let stopping = ManagedAtomic(false)
        // The thread that owns the run sets levels; the audio thread (this one) renders.
        nonisolated(unsafe) let owner = mixer
        Thread {
            var k = 1
            owner.setLevel(ChannelLevel(volume: volumes[0]), for: .kit)
            started.signal()
            while !stopping.load(ordering: .relaxed) {
                owner.setLevel(ChannelLevel(volume: volumes[k % volumes.count]), for: .kit)
                k += 1
            }
            done.signal()
        }.start()
        started.wait()
        var seen = Set<Float>()
        var period = 0
        while period < 2_000 || (seen.count < 3 && period < 10_000_000) {
            mixer.render(frames: 64, firstSample: Int64(period * 64), into: out)
            let first = out[0]
            #expect((0..<128).allSatisfy { out[$0] == first }, "period \(period) changed level inside the period")
            #expect(allowed.contains { abs($0 - first) < 1e-6 }, "period \(period) at \(first)")
            seen.insert(first)
            period += 1
        }
        stopping.store(true, ordering: .relaxed)
        done.wait()
        // And without a race: set, then the very next period.
        mixer.setLevel(ChannelLevel(volume: 30), for: .kit)
        mixer.render(frames: 64, firstSample: 0, into: out)
        #expect(abs(out[0] - 0.075) < 1e-6)
        #expect(seen.count >= 3, "the other thread's changes were never heard")
    }

    @Test func theSongPlaysThroughItsOwnChannelAndTheMaster() throws {
        let ring = FrameRing(minimumFrames: 256)
        let frames = [Float](repeating: 0.5, count: 2 * 256)
        frames.withUnsafeBufferPointer { _ = ring.write($0.baseAddress!, frames: 256) }
        let mixer = Mixer(format: format, instrument: ConstantSynth(), clicks: nil)
        mixer.song = SongPlayback(ring: ring, start: .zero, sampleRate: 48_000, producer: TestProducer(finished: true), waitsForFrames: false)
        mixer.setLevel(ChannelLevel(volume: 0), for: .kit)
        mixer.setLevel(ChannelLevel(volume: 40), for: .song)
        mixer.setLevel(ChannelLevel(volume: 50), for: .master)
        let out = UnsafeMutablePointer<Float>.allocate(capacity: 128)
        defer { out.deallocate() }
        mixer.render(frames: 64, firstSample: 0, into: out)
        #expect(abs(out[0] - 0.1) < 1e-6, "0.5 × 40 % × 50 %: \(out[0])")
        mixer.setLevel(ChannelLevel(volume: 40, muted: true), for: .song)
        mixer.render(frames: 64, firstSample: 64, into: out)
        #expect(out[0] == 0)
    }

    @Test func offlineNotesStartAtTheirEventsSample() throws {
        let synth = SilentUntilNoteSynth()
        let queue = SPSCQueue<MIDIEvent>(minimumCapacity: 16)
        let clock = VirtualClock()
        let output = MemoryOutput(format: format)
        let renderer = AudioRenderer(mixer: Mixer(format: format, instrument: synth, clicks: nil), output: output, commands: queue, clock: clock)
        try renderer.render(until: .milliseconds(10))
        #expect(renderer.nextSample == 480)
        // The note stamped at 10 ms reaches the synth when the clock says 12 ms: 2 ms of latency.
        clock.advance(to: .milliseconds(12))
        queue.push(.noteOn(38, velocity: 100, at: .milliseconds(10)))
        renderer.applyCommands()
        #expect(synth.noteOns == 1)
        #expect(renderer.recordedLatencies() == [2_000_000])
        try renderer.finish(at: .milliseconds(20))
        #expect(output.samples.count % (2 * 64) == 0)  // whole periods only
        #expect(output.samples.count / 2 >= 960)
        // Silent before the note, sounding from 10 ms × 48 kHz = sample 480 on.
        #expect(onsets(output.samples) == Array(480..<output.samples.count / 2))
    }
}

@Suite struct RepeatedStrikeTests {
    /// Live, a key struck again within one period sounds once; a release in between makes the next
    /// strike a new note; another key or channel is its own note; the next period starts afresh.
    @Test func aKeyStruckTwiceInOnePeriodSoundsOnce() throws {
        let format = AudioFormat(sampleRate: 48_000, periodFrames: 64, periods: 3)
        let synth = ConstantSynth()
        let queue = SPSCQueue<MIDIEvent>(minimumCapacity: 32)
        let renderer = AudioRenderer(mixer: Mixer(format: format, instrument: synth, clicks: nil),
                                     output: MemoryOutput(format: format), commands: queue, clock: VirtualClock())
        for velocity: UInt8 in [100, 90, 80] { queue.push(.noteOn(38, velocity: velocity, at: .zero)) }
        queue.push(.noteOn(36, velocity: 70, at: .zero))
        queue.push(.noteOn(38, velocity: 60, at: .zero, channel: 1, source: 0))
        queue.push(MIDIEvent(time: .zero, kind: .noteOff, channel: 10, number: 38, value: 0))
        queue.push(.noteOn(38, velocity: 50, at: .zero))
        try renderer.renderPeriod()
        #expect(synth.notes.map { [$0.0, $0.1, $0.2] } == [[10, 38, 100], [10, 36, 70], [1, 38, 60], [10, 38, 50]])
        #expect(renderer.mergedNoteOns == 2)
        queue.push(.noteOn(38, velocity: 40, at: .zero))
        try renderer.renderPeriod()
        #expect(synth.notes.map { [$0.0, $0.1, $0.2] }.last == [10, 38, 40])
        #expect(renderer.mergedNoteOns == 2)
    }
}

@Suite struct RendererMemoryTests {
    @Test func theLatencyRecordIsResidentBeforeTheAudioThreadStarts() {
        munlockall()  // a live test in this process may have locked all future memory as root
        let format = AudioFormat(sampleRate: 48_000, periodFrames: 64, periods: 3)
        let renderer = AudioRenderer(mixer: Mixer(format: format, instrument: nil, clicks: nil), output: NullOutput(format: format),
                                     commands: SPSCQueue(minimumCapacity: 8), clock: VirtualClock())
        let (start, bytes) = renderer.stampToNoteOn.storage
        #expect(bytes >= 512 * 1024)
        #expect(PageResidency.residentFraction(start, bytes: bytes) == 1.0)
    }
}
