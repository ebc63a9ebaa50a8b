"""Cheap pre-check before PyMuPDF's ruled-table finder: can the page's ruling hold a table?

`page.find_tables()` first turns every character of the page into a Python dict, which costs
far more than the line geometry; on manuals whose code listings are framed boxes most pages
with drawings hold no table. This module decides from the drawings alone, with a condition
that every table the finder can return satisfies, so skipping the finder changes no output:

The finder (lines strategy) snaps edges (vertical x / horizontal y values chained within 3
pt), joins collinear pieces 3 pt apart, builds cells from intersections (3 pt tolerance) and
keeps a cell group only with 2+ distinct cell left edges. Two corner-sharing cells P, Q with
P.x0 < Q.x0 share a horizontal edge at the corner's y; that joined edge meets verticals at 3
distinct snapped x values (P.x0, P.x1 and Q.x0). So: no joined horizontal edge met by 3
distinct vertical x clusters means no table. Edges come, as in the finder, from lines, rects
(a thin rect is one line), quads and the borders of joined drawing boxes (taken here
whether or not they hold text, which only lets more pages through).
"""
from __future__ import annotations

import pymupdf

_SNAP = 3.0  # the finder's snap, join and intersection tolerances (its defaults)
_SLACK = 0.5  # float noise: a little more tolerance only lets more pages through
_MAX_PATHS = 3000  # beyond this the joining below costs too much: let the finder decide


def may_hold_table(page: pymupdf.Page) -> bool:
    """False only when `page.find_tables(use_layout=False)` cannot find a table of 2+ columns."""
    if page.rotation:
        return True  # the finder derotates the page first; not worth modelling
    paths = page.get_cdrawings()
    if len(paths) > _MAX_PATHS:
        return True
    horizontal: list[tuple[float, float, float]] = []  # (y, x0, x1)
    vertical: list[tuple[float, float, float]] = []  # (x, y0, y1)
    for path in paths:
        for p1, p2 in _segments(path):
            _add_line(p1, p2, horizontal, vertical)
    for box in _joined_boxes([tuple(p["rect"]) for p in paths]):
        x0, y0, x1, y1 = box
        for p1, p2 in (((x0, y0), (x1, y0)), ((x0, y1), (x1, y1)), ((x0, y0), (x0, y1)), ((x1, y0), (x1, y1))):
            _add_line(p1, p2, horizontal, vertical)
    return _three_columns_meet(horizontal, vertical)


def _segments(path: dict) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The straight pieces the finder reads from one path (curves ignored, as it does)."""
    out = []
    items = path["items"]
    for it in items:
        if it[0] == "l":
            out.append((tuple(it[1]), tuple(it[2])))
        elif it[0] == "re":
            out += _rect_lines(it[1])
        elif it[0] == "qu":
            flat = _flatten(it[1])
            ul, ur, ll, lr = [(flat[i], flat[i + 1]) for i in range(0, 8, 2)]
            out += [(ul, ll), (ll, lr), (lr, ur), (ur, ul)]
    if path.get("closePath") and items and items[0][0] == "l" and items[-1][0] == "l":
        out.append((tuple(items[-1][2]), tuple(items[0][1])))
    return out


def _flatten(value) -> list[float]:
    """Coordinates of a quad given as 4 points or 8 numbers."""
    flat: list[float] = []
    for v in value:
        flat += list(v) if isinstance(v, (tuple, list, pymupdf.Point)) else [v]
    return flat


def _rect_lines(rect) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """A rectangle's 4 sides, or its middle line when it is thin (a drawn rule)."""
    x0, x1 = sorted((rect[0], rect[2]))
    y0, y1 = sorted((rect[1], rect[3]))
    w, h = x1 - x0, y1 - y0
    if w <= _SNAP and w < h:
        return [(((x0 + x1) / 2, y0), ((x0 + x1) / 2, y1))]
    if h <= _SNAP and h < w:
        return [((x0, (y0 + y1) / 2), (x1, (y0 + y1) / 2))]
    return [((x0, y0), (x0, y1)), ((x0, y1), (x1, y1)), ((x1, y1), (x1, y0)), ((x1, y0), (x0, y0))]


def _add_line(p1, p2, horizontal: list, vertical: list) -> None:
    """File an axis-parallel piece (within the snap tolerance) as horizontal or vertical."""
    (ax, ay), (bx, by) = p1, p2
    if abs(ax - bx) <= _SNAP:
        vertical.append(((ax + bx) / 2, min(ay, by), max(ay, by)))
    if abs(ay - by) <= _SNAP:
        horizontal.append(((ay + by) / 2, min(ax, bx), max(ax, bx)))


def _joined_boxes(rects: list[tuple]) -> list[tuple[float, float, float, float]]:
    """Drawing boxes joined with every box that nearly touches them (the finder's rule)."""
    todo = sorted(set(rects), key=lambda r: (r[3], r[0]))
    out = []
    while todo:
        box = list(todo.pop(0))
        grown = True
        while grown:
            grown = False
            for i in range(len(todo) - 1, -1, -1):
                if _neighbours(box, todo[i]):
                    r = todo.pop(i)
                    box = [min(box[0], r[0]), min(box[1], r[1]), max(box[2], r[2]), max(box[3], r[3])]
                    grown = True
        out.append(tuple(box))
    return out


def _neighbours(r1, r2) -> bool:
    """Whether two boxes nearly touch (a corner coordinate of one within the other's span)."""
    def near(a, b) -> bool:
        s = _SNAP  # exactly the finder's: a wider join would move the joined borders
        return ((b[0] - s <= a[0] <= b[2] + s or b[0] - s <= a[2] <= b[2] + s)
                and (b[1] - s <= a[1] <= b[3] + s or b[1] - s <= a[3] <= b[3] + s))
    return near(r1, r2) or near(r2, r1)


def _clusters(values: list[float]) -> list[tuple[float, float]]:
    """Value ranges chained within the snap tolerance (the finder snaps each to one value)."""
    out: list[list[float]] = []
    for v in sorted(values):
        if out and v - out[-1][1] <= _SNAP + _SLACK:
            out[-1][1] = v
        else:
            out.append([v, v])
    return [(a, b) for a, b in out]


def _cluster_of(value: float, ranges: list[tuple[float, float]]) -> int:
    """Index of the range that holds value (ranges sorted, value one of their members)."""
    lo, hi = 0, len(ranges) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if ranges[mid][1] < value:
            lo = mid + 1
        else:
            hi = mid
    return lo


def _three_columns_meet(horizontal: list, vertical: list) -> bool:
    """Whether some joined horizontal edge meets verticals of 3+ distinct x clusters."""
    if len(vertical) < 3 or not horizontal:
        return False
    xs = _clusters([v[0] for v in vertical])
    ys = _clusters([h[0] for h in horizontal])
    tol = _SNAP + _SLACK
    verts = [(xs[_cluster_of(x, xs)], _cluster_of(x, xs), y0, y1) for x, y0, y1 in vertical]
    for ylo, yhi, x0, x1 in _joined_horizontals(horizontal, ys):
        met = {c for (xlo, xhi), c, y0, y1 in verts
               if xhi >= x0 - tol and xlo <= x1 + tol and y0 - tol <= yhi and ylo <= y1 + tol}
        if len(met) >= 3:
            return True
    return False


def _joined_horizontals(horizontal: list, ys: list[tuple[float, float]]) -> list[tuple[float, float, float, float]]:
    """Horizontal pieces of one y cluster joined where they overlap or are 3 pt apart."""
    groups: dict[int, list[tuple[float, float]]] = {}
    for y, x0, x1 in horizontal:
        groups.setdefault(_cluster_of(y, ys), []).append((x0, x1))
    out = []
    for c, spans in groups.items():
        ylo, yhi = ys[c]
        spans.sort()
        cur = list(spans[0])
        for x0, x1 in spans[1:]:
            if x0 <= cur[1] + _SNAP + _SLACK:
                cur[1] = max(cur[1], x1)
            else:
                out.append((ylo, yhi, cur[0], cur[1]))
                cur = [x0, x1]
        out.append((ylo, yhi, cur[0], cur[1]))
    return out
