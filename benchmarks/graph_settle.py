"""Graph page in headless Chromium: time from the Show graph click to a settled layout.

    python benchmarks/graph_settle.py --data-dir LIBRARY --question TEXT [--retriever gnn]
        [--k 30 ...] [--repeat 3] [--app-root DIR ...] [--json]

Starts the app of each --app-root (default: this checkout; name another checkout too to
measure a baseline in the same run) on LIBRARY, opens /Graph, picks the retriever and k,
types the question and clicks Show graph. Inside the graph's frame it samples vis-network's
node positions, zoom and view centre every 50 ms; the layout is settled once nothing moved
for 1.5 s, at the last time anything moved (capped at --max-seconds). Per run: click -> the
graph's frame is on the page (the server's retrieval and HTML), click -> drawn (the canvas
exists), click -> settled, nodes drawn, and the nodes' spread on screen (the larger of width
and height they span, as a share of the frame: a graph shown as a dot in the middle of the
frame spreads little). Medians over --repeat page loads, for each k.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository root, for tests.app.browser

import argparse
import json
import os
import statistics
import time

from tests.app.browser import GRAPH_FRAME, ROOT, launch_chromium, start_app

K_RANGE = (1, 30, 8)  # the Graph page's k slider: min, max, default
# Runs in the graph's frame: sample until still for `quiet` ms; times are from the call.
_SAMPLE = """async (body, [quiet, limit]) => {
    const t0 = performance.now(), snap = () => {
        const pos = network.getPositions(), v = network.getViewPosition();
        return {pos, scale: network.getScale(), x: v.x, y: v.y};
    };
    const moved = (a, b) => Math.abs(a.scale - b.scale) > 1e-3 * a.scale || Math.abs(a.x - b.x) > 0.5
        || Math.abs(a.y - b.y) > 0.5 || Object.keys(a.pos).some(k => !b.pos[k]
        || Math.abs(a.pos[k].x - b.pos[k].x) > 0.5 || Math.abs(a.pos[k].y - b.pos[k].y) > 0.5);
    let last = snap(), lastMove = 0;
    while (performance.now() - t0 < limit && performance.now() - t0 - lastMove < quiet) {
        await new Promise(r => setTimeout(r, 50));
        const now = snap();
        if (moved(last, now)) lastMove = performance.now() - t0;
        last = now;
    }
    const dom = Object.values(last.pos).map(p => network.canvasToDOM(p));
    const xs = dom.map(p => p.x), ys = dom.map(p => p.y);
    const box = document.getElementById("mynetwork") || document.getElementById("graph");
    const r = box.getBoundingClientRect();
    return {settled_ms: lastMove, nodes: dom.length, still: performance.now() - t0 - lastMove >= quiet,
            spread: Math.max((Math.max(...xs) - Math.min(...xs)) / r.width, (Math.max(...ys) - Math.min(...ys)) / r.height)};
}"""


def _setup(page, url: str, retriever: str, k: int, question: str) -> None:
    """Open /Graph, choose retriever and k in the sidebar, type the question."""
    page.goto(url + "/Graph", timeout=120_000)
    sidebar = page.get_by_test_id("stSidebar")
    sidebar.get_by_test_id("stSelectbox").first.click()
    page.get_by_role("option", name=retriever, exact=True).click()
    if k != K_RANGE[2]:  # one rerun per key press: few presses
        slider = sidebar.get_by_role("slider").first
        slider.focus()
        slider.press("End" if k >= K_RANGE[1] else "Home")
        for _ in range(k - K_RANGE[0] if k < K_RANGE[1] else 0):
            slider.press("ArrowRight")
    page.get_by_label("Question", exact=True).fill(question)
    page.get_by_label("Question", exact=True).press("Enter")
    _wait_idle(page)


def _wait_idle(page) -> None:
    """Wait until the script runs queued by the widgets have ended (the status widget is gone)."""
    page.wait_for_timeout(300)
    page.get_by_test_id("stStatusWidget").wait_for(state="detached", timeout=300_000)
    page.wait_for_timeout(300)


def one_run(page, url: str, args, k: int) -> dict:
    """Click Show graph and time the frame, the drawing and the layout's settling."""
    _setup(page, url, args.retriever, k, args.question)
    start = time.perf_counter()
    page.get_by_role("button", name="Show graph").click()
    page.locator(GRAPH_FRAME).first.wait_for(timeout=300_000)
    framed = time.perf_counter()
    frame = page.frame_locator(GRAPH_FRAME).first
    frame.locator("canvas").first.wait_for(timeout=300_000)
    drawn = time.perf_counter()
    sample = frame.locator("body").evaluate(_SAMPLE, [1500, args.max_seconds * 1000])
    return {"frame_ms": round((framed - start) * 1000), "drawn_ms": round((drawn - start) * 1000),
            "settled_ms": round((drawn - start) * 1000 + sample["settled_ms"]), "still": sample["still"],
            "nodes": sample["nodes"], "spread": round(sample["spread"], 2)}


def measure(root: Path, args) -> list[dict]:
    """Median figures of --repeat fresh page loads per k against one checkout's app."""
    from playwright.sync_api import sync_playwright

    out = []
    with start_app(args.data_dir, root=root) as url, sync_playwright() as pw:
        browser = launch_chromium(pw)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        one_run(page, url, args, args.k[0])  # warm-up: opens the library and loads the models
        for k in args.k:
            runs = [one_run(page, url, args, k) for _ in range(args.repeat)]
            med = {key: statistics.median(r[key] for r in runs)
                   for key in ("frame_ms", "drawn_ms", "settled_ms", "nodes", "spread")}
            out.append({"app_root": root.name, "k": k, **med, "runs": runs})
        browser.close()
    return out


def main() -> None:
    """Print the figures for each app root (JSON with --json)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", required=True, type=Path)
    ap.add_argument("--question", required=True)
    ap.add_argument("--retriever", default="gnn")
    ap.add_argument("--k", type=int, action="append", help="k on the page (repeatable; default 30)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--max-seconds", type=float, default=40.0)
    ap.add_argument("--app-root", type=Path, action="append", help="a checkout whose app.py to run (repeatable)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    args.k = args.k or [30]
    report = {"load_avg_1m_start": round(os.getloadavg()[0], 2), "retriever": args.retriever,
              "apps": [row for root in (args.app_root or [ROOT]) for row in measure(root.resolve(), args)],
              "load_avg_1m_end": round(os.getloadavg()[0], 2)}
    if args.json:
        print(json.dumps(report, indent=1))
        return
    for app in report["apps"]:
        print(f"{app['app_root']} k={app['k']}: {app['nodes']:.0f} nodes; after the click: frame "
              f"{app['frame_ms']:.0f} ms, drawn {app['drawn_ms']:.0f} ms, settled {app['settled_ms']:.0f} ms; "
              f"spread {app['spread']:.2f} of the frame")
    print(f"load average {report['load_avg_1m_start']} -> {report['load_avg_1m_end']}")


if __name__ == "__main__":
    main()
