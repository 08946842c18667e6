"""The campaign event log, for any game: its SQLite tables (store), replay and records (log), the current
campaign, and `pnp campaign doctor`; a game's campaign rules live in its folder."""
