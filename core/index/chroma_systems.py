"""Chroma's per-process system cache, for an embedded store that other processes write.

Example:
    >>> uncache_system("/nonexistent/chroma")  # nothing cached for it: nothing to do
"""
from __future__ import annotations


def uncache_system(identifier: str) -> None:
    """Let the next client of this folder open a system of its own, reading the store as it is now.

    Chroma keeps one system per folder in a process and hands it to every new client; one that
    an older object opened before another process wrote (`Library.open` before a CLI ingest)
    answers from the index it loaded then ("Error creating hnsw segment reader", "Error finding
    id"). Taken out of the cache (not stopped, its count kept), it stays with the objects that
    hold it, and their close cannot stop the new one."""
    from chromadb.api.shared_system_client import SharedSystemClient

    SharedSystemClient._identifier_to_system.pop(identifier, None)
