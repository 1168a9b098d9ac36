"""One rules engine per game; widgets, simulations and analyses all use these."""
