"""A Streamlit session driven over its websocket, as a browser tab would (no browser).

Speaks the app's own protocol (`/_stcore/stream`, protobuf BackMsg/ForwardMsg): ask for a
page run with some widget values, read the page's elements until the run ends. Used by
benchmarks/app_load.py to put several concurrent sessions on a running app.

Example:
    >>> # s = Session("http://127.0.0.1:8501"); run = s.run()          # the Chat page
    >>> # run = s.ask("How do I set the seed?")    # run.seconds, run.texts(), run.errors()
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.proto.Common_pb2 import ChatInputValue
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState, WidgetStates
from websockets.sync.client import connect

_ANSWER_COST = re.compile(r"(\d+) ms · LLM calls")


@dataclass
class PageRun:
    """The elements one page run produced, and how long it took (send to run end)."""

    elements: list = field(default_factory=list)
    expanders: list = field(default_factory=list)  # labels (citations on the Chat page)
    seconds: float = 0.0
    pages: dict = field(default_factory=dict)  # url path -> page script hash

    def texts(self) -> list[str]:
        """Markdown, captions, alerts and expander labels, in order."""
        out = []
        for el in self.elements:
            kind = el.WhichOneof("type")
            if kind == "markdown":
                out.append(el.markdown.body)
            elif kind == "alert":
                out.append(el.alert.body)
        return out

    def errors(self) -> list[str]:
        """Exceptions and error alerts the page showed."""
        out = []
        for el in self.elements:
            kind = el.WhichOneof("type")
            if kind == "exception":
                out.append(f"{el.exception.type}: {el.exception.message}")
            elif kind == "alert" and el.alert.format == 1:  # Alert.ERROR
                out.append(el.alert.body)
        return out

    def widget(self, kind: str, label: str = "") -> str:
        """The id of the first widget of `kind` (e.g. 'chat_input', 'button') with `label`."""
        for el in self.elements:
            if el.WhichOneof("type") == kind and (not label or getattr(el, kind).label == label):
                return getattr(el, kind).id
        raise LookupError(f"no {kind} {label!r} on the page")

    def answer_ms(self) -> float | None:
        """The library's own answer time from the newest answer's caption, if shown."""
        found = [_ANSWER_COST.search(t) for t in self.texts()]
        found = [m for m in found if m]
        return float(found[-1].group(1)) if found else None


class Session:
    """One browser-like session on a running app."""

    def __init__(self, base_url: str, timeout: float = 600):
        url = base_url.replace("http", "ws", 1).rstrip("/") + "/_stcore/stream"
        self.ws = connect(url, subprotocols=["streamlit"], open_timeout=timeout, max_size=None)
        self.timeout = timeout
        self.page_hash = ""
        self.pages: dict[str, str] = {}
        self.chat_id = ""

    def close(self) -> None:
        """End the session."""
        self.ws.close()

    def run(self, widgets: list[WidgetState] | None = None, page: str | None = None) -> PageRun:
        """Run a page (by url path; default the current one) with these widget values."""
        if page is not None:
            if page not in self.pages:
                self.run()  # the first run tells the pages of the app
            if page not in self.pages:
                raise LookupError(f"no page {page!r}; the app has {sorted(self.pages)}")
            self.page_hash = self.pages[page]
        state = ClientState(page_script_hash=self.page_hash, widget_states=WidgetStates(widgets=widgets or []))
        start = time.perf_counter()
        self.ws.send(BackMsg(rerun_script=state).SerializeToString())
        run = PageRun()
        while True:
            msg = ForwardMsg.FromString(self.ws.recv(timeout=self.timeout))
            kind = msg.WhichOneof("type")
            if kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
                run.elements.append(msg.delta.new_element)
            elif kind == "delta" and msg.delta.WhichOneof("type") == "add_block":
                if msg.delta.add_block.WhichOneof("type") == "expandable":
                    run.expanders.append(msg.delta.add_block.expandable.label)
            elif kind in ("new_session", "navigation"):
                pages = getattr(msg, kind).app_pages
                self.pages.update({p.url_pathname: p.page_script_hash for p in pages})
                if kind == "navigation" and msg.navigation.page_script_hash:
                    self.page_hash = msg.navigation.page_script_hash
            elif kind == "script_finished" and msg.script_finished != ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                run.seconds = time.perf_counter() - start
                run.pages = dict(self.pages)
                return run

    def open(self) -> PageRun:
        """The first run of a tab: the Chat page; remembers its chat input, as a browser has it."""
        run = self.run()
        self.chat_id = run.widget("chat_input")
        return run

    def ask(self, question: str) -> PageRun:
        """Type a question into the Chat page's input and wait for the answer's run to end."""
        if not self.chat_id:
            self.open()
        value = WidgetState(id=self.chat_id, chat_input_value=ChatInputValue(data=question))
        return self.run([value])

    def add_folder(self, folder: str) -> PageRun:
        """On the Library page, type a folder path and press "Add folder"."""
        page = self.run(page="Library")
        box, button = page.widget("text_input", "Folder or PDF path"), page.widget("button", "Add folder")
        return self.run([WidgetState(id=box, string_value=folder), WidgetState(id=button, trigger_value=True)])
