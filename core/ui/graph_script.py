"""The Graph page's browser-side finishing: fill the frame, readable labels that never overlap.

Run once by the page `core.ui.graph_html` writes, after vis-network's first (hidden)
drawing: the laid-out positions are first stretched to the frame's shape (a square layout
in a wide frame filled a third of it); then the labelled nodes (retrieved, seeds, the
walked path) get a font that reads FONT_PX on screen at the fitted zoom, and hop numbers
one of HOP_PX; then labelled nodes whose boxes (node and label, measured by vis-network
itself) overlap are pushed apart until none does (the two ends of a hop keep room for its
number between them), and the view is fitted again. Other
nodes show their text on hover. Boxes are in canvas units, so they stay apart at any zoom.
"""
from __future__ import annotations

FONT_PX = 13
HOP_PX = 16
MARGIN_PX = 4  # space kept between two label boxes, on screen

FINISH_JS = """
function stretchToFrame(list, width, height) {
  if (list.length < 2 || !width || !height) return;
  var xs = list.map(function (n) { return n.x; }), ys = list.map(function (n) { return n.y; });
  var w = (Math.max.apply(null, xs) - Math.min.apply(null, xs)) || 1;
  var h = (Math.max.apply(null, ys) - Math.min.apply(null, ys)) || 1;
  var want = width / height, have = w / h;
  list.forEach(function (n) { if (want > have) { n.x *= want / have; } else { n.y *= have / want; } });
}
function separate(ids, margin, hopGap) {
  var pos = network.getPositions(ids), rel = {}, hop = {};
  edges.get({filter: function (e) { return e.label; }}).forEach(function (e) {
    hop[e.from + "|" + e.to] = hop[e.to + "|" + e.from] = true;
  });
  ids.forEach(function (id) {
    var b = network.getBoundingBox(id), p = pos[id];
    rel[id] = {l: b.left - p.x, r: b.right - p.x, t: b.top - p.y, b: b.bottom - p.y};
  });
  for (var round = 0; round < 500; round++) {
    var moved = false;
    for (var i = 0; i < ids.length; i++) {
      for (var j = i + 1; j < ids.length; j++) {
        var a = pos[ids[i]], c = pos[ids[j]], ra = rel[ids[i]], rc = rel[ids[j]];
        var gap = hop[ids[i] + "|" + ids[j]] ? hopGap : margin;  // room for the hop's number
        var ox = Math.min(a.x + ra.r, c.x + rc.r) - Math.max(a.x + ra.l, c.x + rc.l) + gap;
        var oy = Math.min(a.y + ra.b, c.y + rc.b) - Math.max(a.y + ra.t, c.y + rc.t) + gap;
        if (ox <= 0 || oy <= 0) continue;
        moved = true;
        if (ox < oy) { var dx = (c.x >= a.x ? 1 : -1) * ox / 2; a.x -= dx; c.x += dx; }
        else { var dy = (c.y >= a.y ? 1 : -1) * oy / 2; a.y -= dy; c.y += dy; }
      }
    }
    if (!moved) break;
  }
  nodes.update(ids.map(function (id) { return {id: id, x: pos[id].x, y: pos[id].y}; }));
}
function finish() {
  network.fit({animation: false});
  var scale = network.getScale();
  var labelled = nodes.get({filter: function (n) { return n.label; }});
  nodes.update(labelled.map(function (n) { return {id: n.id, font: {size: %(font)d / scale}}; }));
  var hops = edges.get({filter: function (e) { return e.label; }});
  edges.update(hops.map(function (e) {
    return {id: e.id, font: Object.assign({}, e.font, {size: %(hop)d / scale, strokeWidth: 4 / scale})};
  }));
  network.redraw();  // label boxes measured with the new fonts
  separate(labelled.map(function (n) { return n.id; }), %(margin)d / scale, 3 * %(hop)d / scale);
  network.once("afterDrawing", function () {
    container.style.visibility = "visible";
    container.setAttribute("data-settled", "1");
  });
  network.fit({animation: false});
  network.redraw();
}
""" % {"font": FONT_PX, "hop": HOP_PX, "margin": MARGIN_PX}
