"""`pnp serve`: the phone-friendly companion shell (layout, auth, CSRF, static files, rules and rulings);
each game mounts its own pages (Game.web)."""
