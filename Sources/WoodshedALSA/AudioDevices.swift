import Foundation
import CALSA
import WoodshedCore

/// A PCM device that can play: a name to pass to `--output alsa:NAME` and what it is.
public struct PCMDevice: Hashable, Sendable {
    public var name: String
    public var description: String
}

/// Lists what ALSA offers, for `woodshed devices`.
public enum AudioDevices {
    /// Every PCM that can play, from ALSA's device hints (cards, `default`, plugins).
    public static func outputs() -> [PCMDevice] {
        var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        guard snd_device_name_hint(-1, "pcm", &hints) >= 0, let hints else { return [] }
        defer { snd_device_name_free_hint(hints) }
        var devices: [PCMDevice] = []
        var cursor = hints
        while let hint = cursor.pointee {
            defer { cursor += 1 }
            let name = take(snd_device_name_get_hint(hint, "NAME"))
            let description = take(snd_device_name_get_hint(hint, "DESC"))
            let direction = take(snd_device_name_get_hint(hint, "IOID"))
            guard let name, direction != "Input" else { continue }
            devices.append(PCMDevice(name: name, description: (description ?? "").replacingOccurrences(of: "\n", with: " — ")))
        }
        return devices
    }

    private static func take(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
