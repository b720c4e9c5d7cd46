"""Pinfold's portal: pages, feeds, calendar and JSON API over the public database, with Datasette at /data."""
