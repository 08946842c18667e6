"""The print engine: imposition geometry, drawing pieces, PDF and image exports."""
