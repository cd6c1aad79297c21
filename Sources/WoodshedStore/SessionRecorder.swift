import Dispatch
import Foundation
import Synchronization
import WoodshedCore

/// Writes one session to the store while it runs.
///
/// The practice mode's display/consumer thread calls `record(_:)` for every judged note, extra hit or
/// quiz answer; that only appends to a buffer under a short lock, so it never waits for the disk. A
/// background queue commits the buffer in one transaction at least every half second and at
/// `finish`, so a session killed with SIGKILL keeps everything up to the last batch. Never call it
/// from the timing thread (it allocates and locks): hand events to the consumer thread first.
///
/// If a batch cannot be written (disk full, file made read-only), nothing of it is written, the
/// events stay buffered for the next attempt, and `problem` says why; practice goes on.
public final class SessionRecorder: Sendable {
    /// The session's row id.
    public let sessionID: Int64
    public let plan: SessionPlan
    let store: Store

    /// How often the writer commits.
    static let flushInterval: DispatchTimeInterval = .milliseconds(500)
    /// How many buffered events make the writer commit early.
    static let eagerBatchSize = 4096

    private struct State {
        var drums: [DrumEvent] = []
        var answers: [QuizAnswer] = []
        var closed = false
        var problem: StoreError?
        /// The slowest speed played, when the speed changed while playing.
        var slowest: Double?
        var flushScheduled = false
    }

    private let state = Mutex(State())
    private let queue: DispatchQueue
    private let startUptime: UInt64
    nonisolated(unsafe) private let timer: any DispatchSourceTimer

    init(store: Store, sessionID: Int64, plan: SessionPlan) {
        self.store = store
        self.sessionID = sessionID
        self.plan = plan
        startUptime = DispatchTime.now().uptimeNanoseconds
        queue = DispatchQueue(label: "woodshed.session-recorder.\(sessionID)", qos: .utility)
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + SessionRecorder.flushInterval, repeating: SessionRecorder.flushInterval)
        timer.setEventHandler { [weak self] in self?.flush() }
        timer.resume()
    }

    deinit { timer.cancel() }

    /// Records one judged drum note or extra hit. Cheap and thread-safe; ignored after `finish`.
    public func record(_ event: DrumEvent) {
        let eager = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.drums.append(event)
            return wantsEagerFlush(&state)
        }
        if eager { queue.async { [weak self] in self?.flush() } }
    }

    /// Records one quiz answer. Cheap and thread-safe; ignored after `finish`.
    public func record(_ answer: QuizAnswer) {
        let eager = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.answers.append(answer)
            return wantsEagerFlush(&state)
        }
        if eager { queue.async { [weak self] in self?.flush() } }
    }

    private func wantsEagerFlush(_ state: inout State) -> Bool {
        guard !state.flushScheduled, state.drums.count + state.answers.count >= SessionRecorder.eagerBatchSize
        else { return false }
        state.flushScheduled = true
        return true
    }

    /// The last write failure as one line, or nil while everything is being saved.
    public var problem: String? { state.withLock { $0.problem?.message } }

    /// Wall-clock time since the session started, in milliseconds.
    private var elapsedMs: Double { Double(DispatchTime.now().uptimeNanoseconds - startUptime) / 1_000_000 }

    /// Commits what is buffered (and the heartbeat). Runs on `queue` only.
    private func flush() {
        let (drums, answers) = state.withLock { state in
            state.flushScheduled = false
            defer { state.drums.removeAll(keepingCapacity: true); state.answers.removeAll(keepingCapacity: true) }
            return (state.drums, state.answers)
        }
        do {
            try store.writeBatch(sessionID: sessionID, drums: drums, answers: answers, elapsedMs: elapsedMs)
            state.withLock { $0.problem = nil }
        } catch {
            // Nothing of the batch was written: keep it, in order, for the next attempt.
            state.withLock { state in
                state.drums.insert(contentsOf: drums, at: 0)
                state.answers.insert(contentsOf: answers, at: 0)
                state.problem = error
            }
        }
    }

    /// The speed changed while playing: the session keeps the slowest speed it was played at, so a
    /// run slowed down half-way never counts as played at full speed.
    public func speedChanged(to percent: Double) {
        state.withLock { $0.slowest = min($0.slowest ?? percent, percent) }
    }

    /// Writes what is left, the totals and status `finished`, and says whether this beat the chart's
    /// best. `duration` defaults to the wall-clock time since `startSession`.
    @discardableResult
    public func finish(drums: DrumResults? = nil, quiz: QuizResults? = nil, duration: EngineTime? = nil) -> SessionOutcome {
        close(status: .finished, drums: drums, quiz: quiz, duration: duration)
    }

    /// Writes what is left and marks the session `aborted` (the player quit before the end); the
    /// totals so far may be given.
    @discardableResult
    public func abort(drums: DrumResults? = nil, quiz: QuizResults? = nil, duration: EngineTime? = nil) -> SessionOutcome {
        close(status: .aborted, drums: drums, quiz: quiz, duration: duration)
    }

    private func close(status: SessionStatus, drums: DrumResults?, quiz: QuizResults?, duration: EngineTime?) -> SessionOutcome {
        let alreadyClosed = state.withLock { state in
            defer { state.closed = true }
            return state.closed
        }
        guard !alreadyClosed else {
            return SessionOutcome(session: try? store.session(id: sessionID), highScore: nil, warning: problem)
        }
        return queue.sync { closeOnQueue(status: status, drums: drums, quiz: quiz, duration: duration) }
    }

    private func closeOnQueue(status: SessionStatus, drums: DrumResults?, quiz: QuizResults?, duration: EngineTime?) -> SessionOutcome {
        timer.cancel()
        flush()
        if let problem = state.withLock({ $0.problem }) {
            return SessionOutcome(session: nil, highScore: nil, warning: problem.message)
        }
        do {
            let durationMs = duration?.milliseconds ?? elapsedMs
            let slowest = state.withLock { $0.slowest }
            let speed = slowest.map { min($0, plan.speed ?? $0) }
            try store.closeSession(id: sessionID, status: status, durationMs: durationMs, drums: drums, quiz: quiz, speed: speed)
            let highScore = status == .finished ? try store.highScoreCheck(sessionID: sessionID) : nil
            return SessionOutcome(session: try store.session(id: sessionID), highScore: highScore, warning: nil)
        } catch {
            state.withLock { $0.problem = error }
            return SessionOutcome(session: nil, highScore: nil, warning: error.message)
        }
    }
}

/// What `SessionRecorder.finish` reports back to the practice mode.
public struct SessionOutcome: Sendable, Hashable {
    /// The session as stored, or nil when it could not be written (see `warning`).
    public var session: StoredSession?
    /// Whether a drum session beat its chart's best score or accuracy.
    public var highScore: HighScoreCheck?
    /// One line to show when the history could not be written; the results on screen still stand.
    public var warning: String?
}
