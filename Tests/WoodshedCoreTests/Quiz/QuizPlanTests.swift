import Testing
@testable import WoodshedCore

@Suite("Quiz plans: questions drawn from a seed, spelled exactly")
struct QuizPlanTests {
    func pitch(_ text: String) -> SpelledPitch { try! SpelledPitch(parsing: text) }

    @Test func namedIntervalSets() throws {
        #expect(IntervalSet.simple.intervals.map(\.shortName) == ["m2", "M2", "m3", "M3", "P4", "A4", "d5", "P5", "m6", "M6", "m7", "M7", "P8"])
        #expect(IntervalSet.compound.intervals.map(\.shortName) == ["m9", "M9", "m10", "M10", "P11", "A11", "P12", "m13", "M13"])
        #expect(IntervalSet.all.intervals.count == 22)
        #expect(try IntervalSet(parsing: "all") == .all)
        let list = try IntervalSet(parsing: "m3, A4,d5,m3")
        #expect(list.intervals.map(\.shortName) == ["m3", "A4", "d5"])
        #expect(list.name == "m3,A4,d5")
    }

    @Test func unknownIntervalInASetListsTheChoices() {
        for bad in ["x9", "P3", "P1", "", "thirds"] {
            #expect(throws: TheoryError.self) { try IntervalSet(parsing: bad) }
        }
        do {
            _ = try IntervalSet(parsing: "m3,Q5")
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("unknown interval 'Q5'"))
            #expect(error.message.contains("m2 M2 m3"))
        }
    }

    @Test func sameSeedSameQuestions() {
        let a = QuizPlan.intervals(root: nil, set: .all, count: 30, clef: .bass, seed: 7)
        let c = QuizPlan.intervals(root: nil, set: .all, count: 30, clef: .bass, seed: 8)
        // Golden values, taken once from this code: they pin seed 7's questions on every machine and in
        // every process. They change when SeededRandom or the way a plan draws changes; re-pin only if
        // that change is meant (a stored seed then asks other questions).
        #expect(a.questions.prefix(5).map { "\($0.root) \($0.label) \($0.expected)" }
            == ["B2 m2 C3", "Gb2 P8 Gb3", "F#2 A4 B#2", "C#3 P5 G#3", "D3 M6 B3"])
        #expect(a != c)
        #expect(a.questions.count == 30)
    }

    /// Each interval's size, counted by hand: letters from the root to the answer, and semitones.
    static let intervalSizes: [String: (letters: Int, semitones: Int)] = [
        "m2": (1, 1), "M2": (1, 2), "m3": (2, 3), "M3": (2, 4), "P4": (3, 5), "A4": (3, 6), "d5": (4, 6),
        "P5": (4, 7), "m6": (5, 8), "M6": (5, 9), "m7": (6, 10), "M7": (6, 11), "P8": (7, 12),
        "m9": (8, 13), "M9": (8, 14), "m10": (9, 15), "M10": (9, 16), "P11": (10, 17), "A11": (10, 18),
        "P12": (11, 19), "m13": (12, 20), "M13": (12, 21),
    ]

    @Test func everyIntervalQuestionIsItsRootTransposed() throws {
        let plan = QuizPlan.intervals(root: nil, set: .all, count: 200, clef: .bass, seed: 1)
        #expect(plan.questions.count == 200)
        // Letters from C0 (octave numbers change at C: B#2 is written above B2, below C3).
        func letterNumber(_ pitch: SpelledPitch) -> Int { pitch.octave * 7 + pitch.letter.rawValue }
        for question in plan.questions {
            guard case .interval(let interval) = question.subject else { Issue.record("not an interval"); continue }
            let size = try #require(Self.intervalSizes[interval.shortName], "\(interval.shortName)")
            #expect(letterNumber(question.expected) - letterNumber(question.root) == size.letters, "\(question.prompt)")
            #expect(question.expected.midiNote - question.root.midiNote == size.semitones, "\(question.prompt)")
            #expect(question.semitones == size.semitones)
            #expect(QuizPlan.keyRoots.contains(question.root.name))
            // Placed as low as the bass staff shows it: from E2 up to D3.
            #expect((pitch("E2").midiNote - 1...pitch("D#3").midiNote).contains(question.root.midiNote))
        }
    }

    @Test func aGivenRootIsKept() {
        let placed = QuizPlan.intervals(root: nil, rootName: try! NoteName(parsing: "E"), set: .simple, count: 5, clef: .treble, seed: 3)
        #expect(placed.questions.count == 5)
        #expect(placed.questions.allSatisfy { $0.root == pitch("E4") })
        let exact = QuizPlan.intervals(root: pitch("Bb1"), rootName: nil, set: .compound, count: 5, clef: .bass, seed: 3)
        #expect(exact.questions.count == 5)
        #expect(exact.questions.allSatisfy { $0.root == pitch("Bb1") })
    }

    @Test func theIssuesExamples() throws {
        let m6 = QuizQuestion(subject: .interval(try Interval(parsing: "m6")), root: pitch("E3"), expected: pitch("C4"))
        #expect(m6.prompt == "Minor 6th above E3")
        #expect(m6.semitones == 8)
        #expect(m6.label == "m6")
        // A4 and d5 spell differently but are answered by the same key.
        let a4 = QuizQuestion(subject: .interval(try Interval(parsing: "A4")), root: pitch("C4"), expected: try pitch("C4").transposed(by: Interval(parsing: "A4")))
        let d5 = QuizQuestion(subject: .interval(try Interval(parsing: "d5")), root: pitch("C4"), expected: try pitch("C4").transposed(by: Interval(parsing: "d5")))
        #expect(a4.expected == pitch("F#4"))
        #expect(d5.expected == pitch("Gb4"))
        for grading in [QuizGrading.pitchClass, .exactNote] {
            #expect(a4.isAnswered(by: 66, grading: grading))
            #expect(d5.isAnswered(by: 66, grading: grading))
        }
        #expect(a4.isAnswered(by: 54, grading: .pitchClass))
        #expect(!a4.isAnswered(by: 54, grading: .exactNote))
        #expect(!a4.isAnswered(by: 67, grading: .pitchClass))
    }

    @Test func scaleDegreesClimbFromTheLowestPlacedRoot() throws {
        let dorian = QuizPlan.scaleDegrees(try Scale(root: NoteName(parsing: "D"), mode: .dorian), clef: .bass)
        #expect(dorian.map(\.expected.description) == ["D3", "E3", "F3", "G3", "A3", "B3", "C4", "D4"])
        #expect(dorian.map(\.label) == ["1", "2", "3", "4", "5", "6", "7", "8"])
        #expect(dorian.map(\.semitones) == [0, 2, 3, 5, 7, 9, 10, 12])
        #expect(dorian[2].prompt == "degree 3 of D Dorian")
        let fSharp = QuizPlan.scaleDegrees(try Scale(root: NoteName(parsing: "F#"), mode: .ionian), clef: .bass)
        #expect(fSharp.map(\.expected.description) == ["F#2", "G#2", "A#2", "B2", "C#3", "D#3", "E#3", "F#3"])
        let treble = QuizPlan.scaleDegrees(try Scale(root: NoteName(parsing: "Gb"), mode: .ionian), clef: .treble, octave: 4)
        #expect(treble.map(\.expected.description) == ["Gb4", "Ab4", "Bb4", "Cb5", "Db5", "Eb5", "F5", "Gb5"])
    }

    @Test func randomScalesUseConventionalSpellings() throws {
        let plan = try QuizPlan.scales(root: nil, mode: nil, rounds: 20, clef: .bass, seed: 11)
        #expect(plan.questions.count == 160)
        for start in stride(from: 0, to: 160, by: 8) {
            guard case .degree(1, let mode) = plan.questions[start].subject else { Issue.record("no degree 1"); continue }
            let root = plan.questions[start].root
            #expect(root.name == Scale.conventionalRoot(for: root.pitchClass, mode: mode))
        }
        // Golden values, taken once from this code: seed 11's first scales on every machine. They change
        // when SeededRandom or the way scales are drawn changes; re-pin only if that change is meant.
        let three = try QuizPlan.scales(root: nil, mode: nil, rounds: 3, clef: .bass, seed: 11)
        let roots = three.questions.compactMap { question -> String? in
            guard case .degree(1, let mode) = question.subject else { return nil }
            return "\(question.root) \(mode.rawValue)"
        }
        #expect(roots == ["D#3 phrygian", "F#2 mixolydian", "F#2 dorian"])
    }

    @Test func aScaleBeyondDoubleAccidentalsIsRefused() {
        #expect(throws: TheoryError.self) {
            try QuizPlan.scales(root: try NoteName(parsing: "Dbb"), mode: .locrian, rounds: 1, clef: .bass, seed: 1)
        }
    }

    @Test func heardNotesAreSpelledLikeTheQuestion() {
        #expect(SpelledPitch.heard(midiNote: 61, like: pitch("Db4")).description == "Db4")
        #expect(SpelledPitch.heard(midiNote: 73, like: pitch("C#4")).description == "C#5")
        #expect(SpelledPitch.heard(midiNote: 61, like: pitch("C4")).description == "Db4")
        #expect(SpelledPitch.heard(midiNote: 60, like: pitch("B#3")).description == "B#3")
        #expect(SpelledPitch.heard(midiNote: 48, like: pitch("B#3")).description == "B#2")
        #expect(SpelledPitch.heard(midiNote: 21, like: pitch("C4")).description == "A0")
        #expect(SpelledPitch.heard(midiNote: 0, like: pitch("D4")).description == "C-1")
    }

    @Test func tallyCountsAnswersAndWhatWentWrong() throws {
        let m3 = QuizQuestion(subject: .interval(try Interval(parsing: "m3")), root: pitch("C3"), expected: pitch("Eb3"))
        let p5 = QuizQuestion(subject: .interval(try Interval(parsing: "P5")), root: pitch("C3"), expected: pitch("G3"))
        var tally = QuizTally()
        tally.add(m3, played: "E3", correct: false, responseMs: 1000)
        tally.add(m3, played: "Eb3", correct: true, responseMs: 500)
        tally.add(p5, played: "G3", correct: true, responseMs: 1500)
        tally.add(p5, played: "Gb3", correct: false, responseMs: 1000)
        #expect(tally.correct == 2)
        #expect(tally.errors == 2)
        #expect(tally.errorRate == 50)
        #expect(tally.meanResponseMs == 1000)
        #expect(tally.lines.map(\.label) == ["m3", "P5"])
        #expect(tally.lines[0].wrongNotes == ["E3"])
        #expect(tally.lines[1].correct == 1)
        #expect(QuizTally().meanResponseMs == nil)
        #expect(QuizTally().errorRate == 0)
    }
}

@Suite struct SeededRandomTests {
    /// SeededRandom is SplitMix64: the first outputs of the reference splitmix64.c for seed 0, so quiz
    /// orders and simulated players are the same on every machine.
    @Test func isSplitMix64() {
        var random = SeededRandom(seed: 0)
        #expect([random.next(), random.next(), random.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }
}
