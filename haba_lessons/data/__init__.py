"""The game data files shipped with the package (TOML, every value with its provenance)."""
