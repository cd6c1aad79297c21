import Testing

@Test func WoodshedSndFileBuilds() {}
