import Foundation
import ArgumentParser
import WoodshedALSA
import WoodshedCore

/// `woodshed devices`: what MIDI sources and audio outputs ALSA offers.
struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List MIDI sources (for --input alsa:…) and audio outputs (for --output alsa:…)."
    )

    @Flag(name: .long, help: "One JSON object.")
    var json = false

    func run() throws {
        let client = try SequencerClient(name: "woodshed-devices")
        let sources = client.sources()
        let outputs = AudioDevices.outputs()
        if json {
            let midi = sources.map { s in
                JSONLine.Value.object(JSONLine([("address", .string(s.address.description)), ("client", .string(s.clientName)),
                                                ("port", .string(s.portName)), ("hardware", .bool(s.isHardware))]))
            }
            let pcm = outputs.map { d in
                JSONLine.Value.object(JSONLine([("name", .string(d.name)), ("description", .string(d.description))]))
            }
            Output.line(JSONLine([("midi_sources", .array(midi)), ("audio_outputs", .array(pcm))]).description)
            return
        }
        Output.line("MIDI sources (--input alsa:ADDRESS or alsa:NAME):")
        if sources.isEmpty { Output.line("  none — plug in a kit or keyboard, or use --input keys") }
        for s in sources {
            Output.line("  \(s.address.description.padding(toLength: 7, withPad: " ", startingAt: 0)) \(s.clientName) — \(s.portName)\(s.isHardware ? "" : " (program)")")
        }
        Output.line("Audio outputs (--output alsa:NAME):")
        if outputs.isEmpty { Output.line("  none found; --wav FILE writes to a file instead") }
        for d in outputs { Output.line("  \(d.name)  \(d.description)") }
    }
}
