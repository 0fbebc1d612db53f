"""Section builders, one module per part of a printed rulebook; each returns a Section."""
