// WoodshedSound
