import WoodshedCLI

WoodshedMain.main()
