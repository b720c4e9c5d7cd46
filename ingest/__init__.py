"""Pinfold's ingest: messy pound registers in, a public and a private SQLite database out."""
