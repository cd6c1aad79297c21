// WoodshedSndFile
