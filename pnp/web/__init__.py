"""`pnp serve`: the phone-friendly companion for the Argonauts campaign, the game on the table and the rules."""
