"""pnp: print-and-play decks, campaign tracking and rules rulings for eight Hercules games."""

__version__ = "0.1.0"
