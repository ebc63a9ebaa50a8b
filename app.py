"""Folio — Chat (home page): ask a question, read the answer and open its evidence.

Thin: every action goes through the `core.library.Library` facade; display helpers live
in `core.ui`. Document text is always escaped before it is shown.
"""
from __future__ import annotations

import streamlit as st

from core.answer.cited import ALSO_RETRIEVED, quoted_first
from core.answer.support import cited_span, support_note
from core.errors import FolioError
from core.types import Answer
from core.ui import chat, evidence, serving
from core.ui.auth import require_access
from core.ui.labels import explain_note
from core.ui.page_view import show_on_page
from core.ui.resources import get_library
from core.ui.scope import scope_picker
from core.ui.text import md_escape, md_escape_answer, md_escape_block
from core.ui.widgets import NOTHING_TO_ASK, nothing_to_ask, retriever_picker, route_chart, show_chunk, sidebar_status


def render_answer(answer: Answer) -> None:
    """The answer text, its cost line, retrieval notes and one expander per citation."""
    st.markdown(md_escape_answer(answer.text))  # the reader's bold answer words stay bold
    res = answer.retrieval
    note = support_note(answer.sentences)  # generated sentences not found in their cited pages
    st.caption(md_escape(
        f"{answer.mode} · {res.retriever} · {answer.latency_ms:.0f} ms · LLM calls {answer.llm_calls}"
        + (f" · {note}" if note else "")
    ))
    for note in filter(None, map(explain_note, res.notes)):  # jargon ("alpha=0.500 ...") in plain words
        st.caption(md_escape(note))
    ranked = evidence.scored_by_id(res)
    maxima = evidence.group_maxima(res.chunks)
    quoted = quoted_first(answer)
    for cite in quoted.citations:
        if cite.number == quoted.first_unquoted:
            st.caption(ALSO_RETRIEVED)
        # Keyed, a citation keeps its open/closed state when something above it changes in a rerun.
        with st.expander(md_escape(get_library().evidence.citation_label(cite)),  # printed page labels
                         key=f"cite-{id(answer)}-{cite.number}"):
            show_chunk(cite.chunk)
            show_on_page(get_library(), cite.chunk, key=f"chat-{id(answer)}-{cite.number}",
                         span=cited_span(answer.sentences, cite))  # the sentence's own span, marked strongly
            rank, sc = ranked.get(cite.chunk.chunk_id, (None, None))
            if sc is not None:
                st.caption(f"rank {rank} · score {sc.score:.4g}")
                route_chart(evidence.relative_routes(sc, maxima), sc.routes)


def show_reply(reply: Answer | str) -> None:
    """An answer, or the one-line error that replaced it (a note, not an error, when the library
    had nothing to search yet)."""
    if reply == NOTHING_TO_ASK:
        st.info(md_escape(reply))
    elif isinstance(reply, str):
        st.error(md_escape(reply))
    else:
        render_answer(reply)


def ask(library, question: str, retriever: str, k: int, mode: str, history=(), scope=None) -> Answer | str:
    """Ask (in `scope`) with the answer streamed into a placeholder; a FolioError comes back as its message."""
    empty = nothing_to_ask(library)
    if empty:
        return empty
    placeholder = st.empty()
    pieces: list[str] = []

    def sink(piece: str) -> None:
        """Append a streamed piece and redraw the partial answer."""
        pieces.append(piece)
        placeholder.markdown(md_escape_block("".join(pieces)) + " ▌")

    try:
        with st.spinner("Retrieving evidence…"):
            answer = library.ask(question, retriever, k, mode=mode, stream_to=sink, history=history, scope=scope)
    except FolioError as exc:
        placeholder.empty()
        return str(exc)
    placeholder.empty()
    return answer


def chat_page() -> None:
    """Render the Chat page."""
    st.set_page_config(page_title="Folio — Chat", page_icon="📚", layout="wide")
    library = get_library()
    st.title("Chat with your documents")
    retriever = retriever_picker(library, key="chat_retriever")
    k = st.sidebar.slider("Evidence chunks (k)", 1, 20, 5, key="chat_k")
    mode = st.sidebar.radio("Answer length", ["short", "long"], horizontal=True, key="chat_mode")
    docs = library.documents()  # read once for the sidebar; `ask` looks again when a question comes
    scope = scope_picker(library, docs)  # kept for follow-ups and shared with Compare and Evaluate
    sidebar_status(library, docs)
    chat.llm_picker(library)
    chat.new_chat_button()
    empty = nothing_to_ask(library, docs)  # also while the first documents are still being added
    if empty:
        st.info(empty)
    history = chat.conversation()
    for question, reply in history:
        with st.chat_message("user"):
            st.markdown(md_escape(question))
        with st.chat_message("assistant"):
            chat.understood_as(reply)  # first: what the answer below answers
            show_reply(reply)
    question = st.chat_input("Ask a question about your documents (follow-ups work: \"and its default?\")")
    if question:
        with st.chat_message("user"):
            st.markdown(md_escape(question))
        with st.chat_message("assistant"):
            reply = ask(library, question, retriever, k, mode, chat.turns(history), scope)
        history.append((question, reply))
        # Drawn from the history, the answer keeps one place in the page from now on, so a
        # citation opened and its "Show on page" switched on stay open on the next run.
        st.rerun()


# The page scripts live in app_pages/, not pages/: while a `pages/` folder sits next to the
# entry script, Streamlit runs it as a legacy multipage app until some run calls
# st.navigation, so a deep link or reload as a server's first request ran the page script
# directly, with a file-name sidebar ("app", "Library", no icons).
def main() -> None:
    """Chat is the home page; the other pages are the scripts in app_pages/."""
    require_access()  # password or refusal before any page runs (core/ui/auth.py)
    st.set_page_config(page_title="Folio", page_icon="📚", layout="wide")
    nav = st.navigation([
        st.Page(chat_page, title="Chat", icon=":material/chat:", default=True),
        st.Page("app_pages/library.py", title="Library", icon=":material/folder_open:", url_path="Library"),
        st.Page("app_pages/compare.py", title="Compare", icon=":material/compare_arrows:", url_path="Compare"),
        st.Page("app_pages/graph.py", title="Graph", icon=":material/hub:", url_path="Graph"),
        st.Page("app_pages/evaluate.py", title="Evaluate", icon=":material/leaderboard:", url_path="Evaluate"),
    ])
    nav.run()


if __name__ == "__main__":  # a page run: Streamlit runs this file as __main__ in every session
    main()
else:  # imported by `streamlit run app.py`, which serves this st.App (core/ui/serving.py:
    # warm-up at server start, no 404s on deep links, page paths in any case)
    app = st.App(__file__, **serving.app_options())
