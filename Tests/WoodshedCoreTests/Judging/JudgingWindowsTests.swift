import Testing
@testable import WoodshedCore

@Suite struct JudgingWindowsTests {
    @Test func dtxmaniaTiersAtTheirEdges() {
        let w = JudgingWindows.dtxmania
        #expect(w.perfect == ms(34) && w.great == ms(67) && w.good == ms(84))
        for sign in [1.0, -1.0] {
            #expect(w.tier(for: ms(0)) == .perfect)
            #expect(w.tier(for: ms(sign * 34)) == .perfect)
            #expect(w.tier(for: ms(sign * 34) + EngineTime(nanoseconds: sign > 0 ? 1 : -1)) == .great)
            #expect(w.tier(for: ms(sign * 67)) == .great)
            #expect(w.tier(for: ms(sign * 67.001)) == .good)
            #expect(w.tier(for: ms(sign * 84)) == .good)
            #expect(w.tier(for: ms(sign * 84.001)) == .miss)
        }
    }

    @Test func parsesTextWithSpacesAndDecimals() throws {
        #expect(try JudgingWindows(parsing: "34,67,84") == .dtxmania)
        let w = try JudgingWindows(parsing: " 20.5, 40 ,60 ")
        #expect(w.perfect == ms(20.5) && w.great == ms(40) && w.good == ms(60))
        #expect(w.text == "20.5,40,60")
        #expect(JudgingWindows.dtxmania.text == "34,67,84")
        // Equal widths leave a tier out, as the configuration file allows.
        let noGreat = try JudgingWindows(parsing: "34,34,84")
        #expect(noGreat.tier(for: ms(40)) == .good)
    }

    @Test func badTextIsOneClearLine() {
        #expect(throws: WoodshedError("judging windows \"34,67\": give three widths in milliseconds, Perfect,Great,Good (like 34,67,84)")) {
            try JudgingWindows(parsing: "34,67")
        }
        #expect(throws: WoodshedError("judging windows \"34,x,84\": the Great width \"x\" is not a number of milliseconds (like 34,67,84)")) {
            try JudgingWindows(parsing: "34,x,84")
        }
        #expect(throws: WoodshedError("judging windows 67,34,84 must widen from Perfect to Good: Perfect <= Great <= Good, in milliseconds (like 34,67,84)")) {
            try JudgingWindows(parsing: "67,34,84")
        }
        #expect(throws: WoodshedError.self) { try JudgingWindows(parsing: "0,10,20") }
        #expect(throws: WoodshedError.self) { try JudgingWindows(parsing: "-5,10,20") }
        #expect(throws: WoodshedError("judging windows 34,67,2000: the Good width must be more than 0 and at most 1000 ms (like 34,67,84)")) {
            try JudgingWindows(parsing: "34,67,2000")
        }
        #expect(throws: WoodshedError.self) { try JudgingWindows(parsing: "34,67,84,117") }
        #expect(throws: WoodshedError.self) { try JudgingWindows(parsing: "") }
        #expect(throws: WoodshedError.self) { try JudgingWindows(parsing: "nan,67,84") }
        for text in ["34,67", "0,10,20", "84,67,34"] {
            do {
                _ = try JudgingWindows(parsing: text)
                Issue.record("expected an error for \(text)")
            } catch let error as WoodshedError {
                #expect(!error.message.contains("\n"))
            } catch { Issue.record("unexpected \(error)") }
        }
    }
}
