// WoodshedStore
