import CALSA
import WoodshedCore

/// An ALSA call that failed: what Woodshed was doing, and alsa-lib's reason.
public struct ALSAError: UserFacingError {
    public var operation: String
    public var code: Int32
    public var hint: String?

    public init(_ operation: String, code: Int32, hint: String? = nil) {
        self.operation = operation
        self.code = code
        self.hint = hint
    }

    public var message: String {
        let reason = String(cString: snd_strerror(code))
        return "\(operation): \(reason)" + (hint.map { "; \($0)" } ?? "")
    }

    /// Turns an alsa-lib return code into a thrown error (negative = failure), once, here.
    @discardableResult
    static func check(_ code: Int32, _ operation: @autoclosure () -> String, hint: String? = nil) throws(ALSAError) -> Int32 {
        if code < 0 { throw ALSAError(operation(), code: code, hint: hint) }
        return code
    }
}
