import Foundation
import Testing
import WoodshedCore

@Suite struct JSONOutputTests {
    struct Record: Encodable {
        var type = "note"
        var hitMs: Double?
        var expectedMs = 12.5
        var meanResponseMs: Double? = 300
        var chartID = "rock"
        var startedAt: Date?
    }

    @Test func keysAreSnakeCaseSortedAndUnknownValuesAreNull() {
        #expect(JSONOutput.line(Record())
                == #"{"chart_id":"rock","expected_ms":12.5,"hit_ms":null,"mean_response_ms":300,"started_at":null,"type":"note"}"#)
    }

    @Test func datesCarryTheirOffset() throws {
        let date = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 11:06:40 UTC
        #expect(JSONOutput.timestamp(date, timeZone: try #require(TimeZone(secondsFromGMT: 3600))) == "2026-11-18T12:06:40+01:00")
        #expect(JSONOutput.timestamp(date, timeZone: try #require(TimeZone(secondsFromGMT: -16200))) == "2026-11-18T06:36:40-04:30")
        #expect(JSONOutput.timestamp(date, timeZone: try #require(TimeZone(identifier: "UTC"))) == "2026-11-18T11:06:40+00:00")
    }

    @Test func aDocumentIsIndentedAndTheSame() {
        #expect(JSONOutput.document(["b": 1, "a": 2]) == "{\n  \"a\" : 2,\n  \"b\" : 1\n}")
    }

    @Test func numbersThatAreNotFiniteBecomeNull() {
        #expect(JSONOutput.finite(.nan) == nil)
        #expect(JSONOutput.finite(.infinity) == nil)
        #expect(JSONOutput.finite(2.5) == 2.5)
    }
}
