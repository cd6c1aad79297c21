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
            Output.jsonDocument(Devices(
                midiSources: sources.map { .init(address: $0.address.description, client: $0.clientName, port: $0.portName, hardware: $0.isHardware) },
                audioOutputs: outputs.map { .init(name: $0.name, description: $0.description) }))
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

/// `devices --json`.
struct Devices: Encodable {
    struct Source: Encodable {
        var address: String
        var client: String
        var port: String
        var hardware: Bool
    }
    struct AudioOutput: Encodable {
        var name: String
        var description: String
    }
    var midiSources: [Source]
    var audioOutputs: [AudioOutput]
}
