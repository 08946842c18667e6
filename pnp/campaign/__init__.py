"""Argonauts campaign tracker: card data, track reading, an event-sourced state and its SQLite store."""
