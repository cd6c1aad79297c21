/// An error a person can act on: one line naming the file:line or the thing, and how to fix it.
///
/// Every failure that reaches the command line is one of these. The command line prints
/// `woodshed: <message>` and exits non-zero; no stack trace, no crash.
public protocol UserFacingError: Error, CustomStringConvertible {
    /// One line: what is wrong, where, and what to do about it.
    var message: String { get }
    /// The process exit status to use (1 unless a more specific one applies).
    var exitStatus: Int32 { get }
}

extension UserFacingError {
    public var exitStatus: Int32 { 1 }
    public var description: String { message }
}

/// A location in a text file, 1-based, for error messages (`file:line:column`).
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int?

    public init(file: String, line: Int, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String {
        if let column { return "\(file):\(line):\(column)" }
        return "\(file):\(line)"
    }
}

/// A malformed line in an input file: the location, what was found and what was expected.
public struct ParseError: UserFacingError, Hashable {
    public var location: SourceLocation
    public var problem: String

    public init(_ location: SourceLocation, _ problem: String) {
        self.location = location
        self.problem = problem
    }

    public var message: String { "\(location): \(problem)" }
}

/// A generic one-line error for things that are not tied to a file position
/// (a missing device, an unknown name, an unreadable file).
public struct WoodshedError: UserFacingError, Hashable {
    public var message: String
    public var exitStatus: Int32

    public init(_ message: String, exitStatus: Int32 = 1) {
        self.message = message
        self.exitStatus = exitStatus
    }
}
