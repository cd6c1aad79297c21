// WoodshedFluidSynth
