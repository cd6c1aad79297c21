/// Where Woodshed takes a hi-hat hit's openness from.
///
/// Most modules choose the closed or open hi-hat note themselves from the pedal position, and what
/// the player hears is that note, so trusting it (`.fromNote`) keeps the judging in step with the
/// sound. Some kits send one bow note whatever the pedal does and report the pedal only as the foot
/// controller (CC 4, 0 = fully open … 127 = fully closed, sent before the note-on); for those,
/// `.fromController` decides the openness from the last controller value.
public enum HiHatOpenness: Hashable, Sendable {
    /// The note decides: a note mapped to `hihat` is closed, one mapped to `hihat-open` is open.
    case fromNote
    /// The foot controller decides: any note mapped to `hihat` or `hihat-open` is closed when the
    /// controller `number` last sent a value of at least `closedFrom`, open below it. Until the
    /// first controller value arrives the note decides.
    case fromController(number: UInt8, closedFrom: UInt8)

    /// The foot controller of General MIDI and of Roland, Alesis and Yamaha kits.
    public static let footController: UInt8 = 4
    /// Pedal values from here up count as a closed hi-hat; a half-open hi-hat counts as open,
    /// as in DTX charts, which have only closed and open hi-hat lanes.
    public static let defaultClosedFrom: UInt8 = 90
}
