"""Helpers for the Streamlit pages: pure functions that shape core results for display.

Only `core.ui.resources` imports Streamlit; everything else is plain Python so it can be
tested without a running app.
"""
