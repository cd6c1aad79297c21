import Foundation
import WoodshedCore
import WoodshedSndFile

/// One of a chart's audio files (its backing track or a sound chip) as `chart info` reports it:
/// found beside the chart or not, and what it is or why it cannot be played.
struct AudioFileCheck {
    var found = false
    var info: AudioFileInfo?
    /// Why it cannot be played, in one line (nil when it can).
    var problem: String?

    /// " — Ogg Vorbis, 44100 Hz, stereo, 3:41.2", or " — " and why it cannot be played.
    var dashSummary: String {
        info.map { " — \($0.summary)" } ?? problem.map { " — \($0)" } ?? ""
    }

    /// - Parameters:
    ///   - url: where the file lies, or nil when it would be outside the chart's folder (not opened).
    ///   - namingThePath: whether a reason from the file itself keeps the file's full path in front;
    ///     a sound listed under its own name drops it, as it says nothing more there.
    init(_ url: URL?, namingThePath: Bool) {
        guard let url else {
            problem = "outside the chart's folder (through '..', a leading '/' or a link out of it): not read"
            return
        }
        guard FileManager.default.fileExists(atPath: url.path) else {
            problem = "not found beside the chart"
            return
        }
        found = true
        do { info = try AudioFileInfo(path: url.path) } catch let error as WoodshedError {
            let prefix = url.path + ": "
            problem = !namingThePath && error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
        } catch {
            problem = "\(error)"
        }
    }
}
