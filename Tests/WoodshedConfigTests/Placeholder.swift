import Testing

@Test func WoodshedConfigBuilds() {}
