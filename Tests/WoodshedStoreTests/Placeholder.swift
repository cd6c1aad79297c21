import Testing

@Test func WoodshedStoreBuilds() {}
