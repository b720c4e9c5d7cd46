"""E-mail alerts on a saved search: the only code that opens the subscribers database (SUBS.db).

store.py keeps addresses, subscriptions and the outbox; matching.py turns an ingest's `added` rows into alerts;
mail.py writes and sends the messages; web.py is the form's routes, served in front of the public portal."""
