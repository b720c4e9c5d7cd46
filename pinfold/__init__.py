"""Pinfold: what the ingest and the portal share (the law, the registers' vocabulary, the published schema), and the
`pinfold` command above both. `ingest` and `portal` import from here, never from each other."""
