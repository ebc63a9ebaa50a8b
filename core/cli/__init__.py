"""Folio's command line (`python -m core`): app.py, the commands by subject, main.py."""
