import Testing

@Test func WoodshedEngineBuilds() {}
