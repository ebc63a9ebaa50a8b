"""Watched folders: the library follows the folders people keep their documents in.

`manage` (add, remove, list with status, sync now, include again), `scan` (what is on disk),
`sync` (one pass: queue new and changed files, follow moves, trash what is gone), `watch`
(watchdog events debounced into sync jobs), `serve` (the worker that watches while it runs),
`cli` (`folders`, `sync`, `watch` on the command line). State lives in the catalog
(`core.index.catalog_folders`), so every process and every tab sees the same.
"""
