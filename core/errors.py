"""Folio's exception hierarchy. Messages name the bad value and, where there is one, the fix."""
from __future__ import annotations


class FolioError(Exception):
    """Base class for every error Folio reports to a user as one line."""


class ConfigError(FolioError):
    """A setting is missing or invalid (names the variable and what to set)."""


class IngestError(FolioError):
    """A file could not be ingested; the message names the file and the reason."""

    def __init__(self, path: str, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class DuplicateDocument(IngestError):
    """The same content is already in the library."""


class BackendError(FolioError):
    """A storage backend (Chroma server, Elasticsearch) failed or is unreachable."""


class NotFound(FolioError):
    """A document, chunk or retriever name does not exist."""


class LLMError(FolioError):
    """The LLM endpoint failed: unreachable, bad key, or a bad response."""


class NeedsLLM(FolioError):
    """A feature needs an LLM and none is configured (set OPENAI_BASE_URL / FOLIO_LLM_MODEL)."""


class PathRefused(FolioError):
    """A path typed into the app lies outside the folders it may read (FOLIO_IMPORT_ROOTS)."""


class WalkStopped(FolioError):
    """A folder walk hit a limit (the message names the setting that raises it) or was cancelled."""


class OriginalMissing(FolioError):
    """A document's original PDF was not kept (added before Folio kept originals) or is gone;
    the message names the file to add again."""
