"""Per-game simulators behind `pnp simulate GAME`."""
