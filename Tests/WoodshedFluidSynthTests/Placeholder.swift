import Testing

@Test func WoodshedFluidSynthBuilds() {}
