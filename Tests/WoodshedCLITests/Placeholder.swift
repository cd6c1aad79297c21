import Testing

@Test func WoodshedCLIBuilds() {}
