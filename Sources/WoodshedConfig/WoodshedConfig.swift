// WoodshedConfig
