import Foundation
import WoodshedCore

/// The user's settings from `$XDG_CONFIG_HOME/woodshed/config.toml`, with a default for everything.
///
/// A missing file means all defaults; a file only needs the settings it changes. Command-line
/// options override these. The file format is documented in docs/configuration.md.
public struct WoodshedConfiguration: Hashable, Sendable {
    /// Which MIDI input to read, as `--input` takes it: `alsa` (every hardware source), `alsa:20:0` or
    /// `alsa:NAME` (one source), `keys` (the computer keyboard).
    public var input: String = "alsa"
    /// The mapping (`--map`): a bundled name or a path.
    public var map: String = MappingLibrary.defaultMapName
    /// The ALSA PCM device to play through.
    public var output: String = "default"
    /// A soundfont to use instead of the automatic choice (see `SoundfontChooser`).
    public var soundfont: String?
    /// Audio sample rate in Hz.
    public var sampleRate: Int = 48_000
    /// Frames per audio period: smaller is less latency, more risk of dropouts.
    public var periodFrames: Int = 64
    /// Periods in the device buffer.
    public var periodCount: Int = 3
    /// Everything.
    public var master = ChannelLevel()
    /// The chart's song (backing audio, a song folder's stems).
    public var song = ChannelLevel(volume: 70)
    /// The chart's own sounds (DTX chips, autoplay).
    public var chart = ChannelLevel(volume: 80)
    /// The sound of what you play.
    public var kit = ChannelLevel()
    /// The metronome.
    public var click = ChannelLevel(volume: 50)
    /// The metronome's sound, by name (the sound engine lists what it has).
    public var metronomeSound: String = "classic"
    /// Bars of clicks before time zero.
    public var countInBars: Int = 1
    /// The judging windows (DTXMania's by default); `--windows` overrides them.
    public var judging = JudgingWindows.dtxmania

    public init() {}

    public subscript(channel: MixerChannel) -> ChannelLevel {
        get {
            switch channel {
            case .master: master
            case .song: song
            case .chart: chart
            case .kit: kit
            case .click: click
            }
        }
        set {
            switch channel {
            case .master: master = newValue
            case .song: song = newValue
            case .chart: chart = newValue
            case .kit: kit = newValue
            case .click: click = newValue
            }
        }
    }

    /// Loads the configuration file at `path` (by default the XDG one); a missing file gives the
    /// defaults, a broken one an error naming `file:line:column`.
    public static func load(path: String? = nil, xdg: XDGDirectories = XDGDirectories()) throws -> WoodshedConfiguration {
        let path = path ?? xdg.configFile
        guard FileManager.default.fileExists(atPath: path) else { return WoodshedConfiguration() }
        return try ConfigurationReader.read(TOMLDocument.load(path: path, displayName: path))
    }

    /// Parses the text of a configuration file.
    public static func parse(_ text: String, file: String) throws(ParseError) -> WoodshedConfiguration {
        try ConfigurationReader.read(TOMLDocument.parse(text, file: file))
    }
}
