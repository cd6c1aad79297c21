import Testing

@Test func WoodshedSoundBuilds() {}
