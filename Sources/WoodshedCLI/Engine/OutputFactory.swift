import WoodshedALSA
import WoodshedEngine
import WoodshedSndFile
import WoodshedFluidSynth

/// Output drivers by kind, so commands need not know the wrapper modules.
enum WAVOutputFactory {
    static func make(path: String, format: AudioFormat) -> AudioOutput { WAVFileOutput(path: path, format: format) }
}

enum PCMOutputFactory {
    static func make(device: String, format: AudioFormat) -> AudioOutput { PCMOutput(device: device, format: format) }
}

enum SynthFactory {
    static func make(soundFont: String, sampleRate: Int) throws -> SynthInstrument {
        try FluidSynthInstrument(soundFontPath: soundFont, sampleRate: sampleRate)
    }
}
