"""The embedded SQLite store shared by campaigns and saved games."""
