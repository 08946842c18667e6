"""Every game's rules as cited statements, its gaps register, and search over them."""
