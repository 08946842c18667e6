"""Rulings for concrete situations, computed by each game's rules code."""
