import ArgumentParser
import Foundation
import WoodshedCore

/// Runs the root command and turns every failure into one line on standard error.
///
/// Errors that a person can act on (`UserFacingError`) print as `woodshed: <message>` and exit with
/// their status; usage errors keep swift-argument-parser's own message and exit 64 (EX_USAGE).
public enum WoodshedMain {
    public static func main(_ arguments: [String]? = nil) -> Never {
        exit(run(arguments))
    }

    /// Runs one command and returns its exit status (for tools that run woodshed in-process and
    /// check something afterwards, like `woodshed-rt-check`).
    public static func run(_ arguments: [String]? = nil) -> Int32 {
        do {
            var command = try Woodshed.parseAsRoot(arguments)
            try command.run()
            return 0
        } catch let error as UserFacingError {
            Terminal.restoreIfNeeded()
            FileHandle.standardError.write(Data("woodshed: \(error.message)\n".utf8))
            return error.exitStatus
        } catch {
            Terminal.restoreIfNeeded()
            let code = Woodshed.exitCode(for: error)
            let message = Woodshed.fullMessage(for: error)
            if !message.isEmpty {
                let handle = code == .success ? FileHandle.standardOutput : FileHandle.standardError
                handle.write(Data((message + "\n").utf8))
            }
            return code.rawValue
        }
    }
}
