"""The staff-only intake server: a pound-keeper uploads a register, sees what the ingest makes of it, publishes it."""
