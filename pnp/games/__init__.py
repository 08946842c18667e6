"""Game engines, one module per game, in the open_spiel shape."""
