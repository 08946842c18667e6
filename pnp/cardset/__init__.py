"""Card sets: the manifest, card data, layouts and text templates (format: docs/cardsets.md)."""
