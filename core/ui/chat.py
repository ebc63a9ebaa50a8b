"""Chat page helpers: the conversation, follow-ups, "New chat", and a local LLM in one click.

The conversation lives in the browser session (`st.session_state`); earlier answers are
passed to `Library.ask(..., history=...)` so a follow-up such as "and what is its default?"
is answered as the standalone question it stands for, shown as "understood as: …".

With no LLM configured in the environment, the sidebar lists the models of a local Ollama
server (`[llm] ollama_url`, default http://localhost:11434) and one click answers with one.
The choice is kept by the process's shared Library until "Stop using it" (or a restart).

Example:
    >>> # history = conversation(); reply = ask(library, question, "hybrid", 5, "short", turns(history))
"""
from __future__ import annotations

import streamlit as st

from core.answer.ollama import list_models, ollama_chat
from core.types import Answer
from core.ui.text import md_escape

HISTORY_KEY = "chat_history"
MAX_TURNS = 3  # earlier answers a follow-up is read against


def conversation() -> list[tuple[str, Answer | str]]:
    """This browser session's (question, answer or error) pairs, oldest first."""
    return st.session_state.setdefault(HISTORY_KEY, [])


def turns(history: list[tuple[str, Answer | str]]) -> list[Answer]:
    """The last answers of the conversation (errors left out), for `Library.ask(history=…)`."""
    return [reply for _, reply in history if isinstance(reply, Answer)][-MAX_TURNS:]


def new_chat_button() -> None:
    """A sidebar button that forgets the conversation, so the next question starts over."""
    if st.sidebar.button("New chat", key="chat_new", icon=":material/add_comment:",
                         help="Start over: the next question is not read as a follow-up"):
        st.session_state[HISTORY_KEY] = []


def understood_as(reply: Answer | str) -> None:
    """Above a follow-up's answer: the standalone question it was answered as."""
    if isinstance(reply, Answer) and reply.understood_as:
        st.caption(md_escape(f"understood as: {reply.understood_as}"))


@st.cache_data(ttl=30, show_spinner=False)
def ollama_models(url: str) -> list[str]:
    """The local Ollama server's models (asked at most every 30 s)."""
    return list_models(url)


def llm_picker(library) -> None:
    """Sidebar: which LLM answers; without one configured, offer a local Ollama model."""
    settings = library.settings.llm
    if settings.configured:
        return  # the environment chose the LLM; sidebar_status names it
    url = settings.ollama_url
    chosen = library.llm
    if chosen is not None:
        st.sidebar.caption(md_escape(f"Answering with {chosen.model} (Ollama at {url})"))
        if st.sidebar.button("Stop using it", key="chat_llm_off", help="Back to the offline extractive reader"):
            library.llm = None
            st.rerun()
        return
    models = ollama_models(url)
    if not models:
        # only the URL is escaped: the command stays Markdown code, not literal backticks
        st.sidebar.caption(f"No local Ollama server at {md_escape(url)}; start one (`ollama serve`) to use "
                           "a local LLM here.")
        return
    pick = st.sidebar.selectbox("Local LLM (Ollama)", models, key="chat_ollama_model")
    if st.sidebar.button(f"Use {pick}", key="chat_ollama_use", type="primary"):
        library.llm = ollama_chat(url, pick, library.settings.data_dir / "llm-cache")
        st.rerun()
