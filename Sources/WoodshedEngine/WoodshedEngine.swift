// WoodshedEngine
