"""pyasc's ``asc.language.basic``: data movement, vector ops and synchronisation (not yet provided)."""
