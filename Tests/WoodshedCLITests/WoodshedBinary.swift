import Foundation

/// Runs the built `woodshed` executable, as a user would.
enum WoodshedBinary {
    /// `$WOODSHED_BIN` when set (`scripts/test` points it at the release build), else the `woodshed`
    /// built beside the test bundle. Never a guess: a missing binary stops the tests rather than
    /// running an old one from somewhere else.
    static let url: URL = {
        if let path = ProcessInfo.processInfo.environment["WOODSHED_BIN"], !path.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                fatalError("WOODSHED_BIN=\(path) is not an executable; build it or unset WOODSHED_BIN")
            }
            return URL(fileURLWithPath: path)
        }
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("woodshed"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("woodshed"),
        ]
        guard let built = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            fatalError("no woodshed executable beside the tests (looked at \(candidates.map(\.path))); run `swift build` first")
        }
        return built
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Runs woodshed with its standard output on a pseudo-terminal, as a person at a terminal sees
    /// it, and returns everything written there, escape codes and carriage returns included. With
    /// `closingInputWhenShown`, standard input is a pipe held open (a live input still to come)
    /// until the output shows that text (or 30 s pass), then closed, which ends the input.
    static func runInTerminal(_ arguments: [String], environment: [String: String] = [:],
                              closingInputWhenShown until: String? = nil) throws -> (status: Int32, output: String) {
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: 40, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw CocoaError(.fileNoSuchFile) }
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = "xterm"
        env.removeValue(forKey: "COLUMNS")
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let input = Pipe()
        if until != nil { process.standardInput = input }
        process.standardOutput = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardError = FileHandle.nullDevice
        try process.run()
        close(slave)
        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(30)
        var open = until != nil
        while true {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 100) > 0 {
                let n = read(master, &buffer, buffer.count)
                if n <= 0 { break }  // EIO once the child has closed the terminal
                output += buffer[0..<n]
            }
            if open, let until, String(decoding: output, as: UTF8.self).contains(until) || Date() > deadline {
                try input.fileHandleForWriting.close()
                open = false
            }
        }
        close(master)
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
