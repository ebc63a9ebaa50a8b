"""A minimal Streamlit websocket client: open a page of a running app as a browser would and
collect what one script run drew (no browser needed).

Example:
    >>> # shown = open_page(8501, "Library"); shown.errors, shown.inputs
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg


@dataclass
class Shown:
    """What one script run sent: alert texts, markdown/heading texts, text input labels."""

    errors: list[str] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    inputs: list[str] = field(default_factory=list)


def open_page(port: int, page_name: str = "", timeout: float = 60.0) -> Shown:
    """Run the page at http://127.0.0.1:port/<page_name> once and return what it drew."""
    return asyncio.run(_open(port, page_name, timeout))


async def _open(port: int, page_name: str, timeout: float) -> Shown:
    shown = Shown()
    async with websockets.connect(f"ws://127.0.0.1:{port}/_stcore/stream", subprotocols=["streamlit"]) as ws:
        msg = BackMsg()
        msg.rerun_script.page_name = page_name
        msg.rerun_script.context_info.url = f"http://127.0.0.1:{port}/{page_name}"
        await ws.send(msg.SerializeToString())
        while True:
            fwd = ForwardMsg()
            fwd.ParseFromString(await asyncio.wait_for(ws.recv(), timeout))
            kind = fwd.WhichOneof("type")
            if kind == "script_finished":
                return shown
            if kind == "delta" and fwd.delta.WhichOneof("type") == "new_element":
                _collect(fwd.delta.new_element, shown)


def _collect(element, shown: Shown) -> None:
    kind = element.WhichOneof("type")
    if kind == "alert":
        shown.errors.append(element.alert.body)
    elif kind in ("markdown", "heading"):
        shown.texts.append(getattr(element, kind).body)
    elif kind == "text_input":
        shown.inputs.append(element.text_input.label)
