print("make-soundfont: not yet")
