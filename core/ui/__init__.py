"""Helpers for the Streamlit pages.

Most modules are plain Python that shape core results for display (text escaping, upload
names, progress, route breakdowns, compare columns, graph views, tables) and are tested
without a running app. Only `resources` (the cached Library) and `widgets` (shared
rendering pieces) import Streamlit.
"""
