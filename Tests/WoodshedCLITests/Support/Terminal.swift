import Foundation
import Testing

/// A woodshed command on a pseudo-terminal (util-linux `script`), typed at as a person would:
/// `--input keys` needs a terminal. Output is read as it comes, so a test waits for what the
/// program prints rather than for a guessed time.
final class TerminalSession {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var received = Data()

    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        let command = ([WoodshedBinary.url.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    /// Everything printed so far.
    var text: String { String(decoding: received, as: UTF8.self) }

    /// Reads until `marker` has been printed; fails the test if the program ends first. (Give the
    /// test a `.timeLimit`: a program that hangs silently blocks the read.)
    func waitFor(_ marker: String, sourceLocation: SourceLocation = #_sourceLocation) {
        while !text.contains(marker) {
            let chunk = output.fileHandleForReading.availableData  // blocks until something is printed
            if chunk.isEmpty {
                Issue.record("\"\(marker)\" never appeared; the program ended, showing:\n\(text)", sourceLocation: sourceLocation)
                return
            }
            received.append(chunk)
        }
    }

    func type(_ text: String) { input.fileHandleForWriting.write(Data(text.utf8)) }
    func type(_ bytes: [UInt8]) { input.fileHandleForWriting.write(Data(bytes)) }

    /// Waits for the program to end and returns its status with everything it printed.
    func finish() -> (status: Int32, text: String) {
        received.append(output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
