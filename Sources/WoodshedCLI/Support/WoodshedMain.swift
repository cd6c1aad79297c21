import ArgumentParser
import Foundation
import WoodshedCore

/// Runs the root command and turns every failure into one line on standard error.
///
/// Errors that a person can act on (`UserFacingError`) print as `woodshed: <message>` and exit with
/// their status; usage errors keep swift-argument-parser's own message and exit 64 (EX_USAGE).
public enum WoodshedMain {
    public static func main(_ arguments: [String]? = nil) -> Never {
        do {
            var command = try Woodshed.parseAsRoot(arguments)
            try command.run()
            exit(0)
        } catch let error as UserFacingError {
            Terminal.restoreIfNeeded()
            FileHandle.standardError.write(Data("woodshed: \(error.message)\n".utf8))
            exit(error.exitStatus)
        } catch {
            Terminal.restoreIfNeeded()
            Woodshed.exit(withError: error)
        }
    }
}
