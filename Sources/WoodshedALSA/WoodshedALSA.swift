// WoodshedALSA
