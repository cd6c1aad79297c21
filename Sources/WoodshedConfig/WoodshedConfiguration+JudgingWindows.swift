import WoodshedCore

extension WoodshedConfiguration {
    /// How far from the written time a hit may land for each tier (± each side), widest last.
    ///
    /// The defaults are DTXMania's (Perfect ±34 ms, Great ±67, Good ±84, Poor ±117), which drummers
    /// coming from DTX charts already know; a hit outside the Poor window is a miss.
    public struct JudgingWindows: Hashable, Sendable {
        public var perfect: EngineTime
        public var great: EngineTime
        public var good: EngineTime
        public var poor: EngineTime

        public init(
            perfect: EngineTime = .milliseconds(34), great: EngineTime = .milliseconds(67),
            good: EngineTime = .milliseconds(84), poor: EngineTime = .milliseconds(117)
        ) {
            self.perfect = perfect
            self.great = great
            self.good = good
            self.poor = poor
        }
    }
}
