"""The six-passage Harbour Review library the graph retriever tests share."""
from tests.graph.doubles import MiniLibrary

QUESTION = "Who founded the society that publishes the Harbour Review?"
PASSAGES = (
    ("Harbour Review", "The Harbour Review is a quarterly journal published by the Marlow Society."),
    ("Marlow Society", "The Marlow Society was started in 1901 by Edith Crane in Dunmore."),
    ("Edith Crane", "Edith Crane was a printer born in Kelso."),
    ("Kelso", "Kelso is a market town on the river Tweed."),
    ("Dunmore Gazette", "The Dunmore Gazette is a weekly newspaper."),
    ("Quarterly Journals", "A quarterly journal appears four times a year."),
)


def harbour_library(tmp_path) -> MiniLibrary:
    """A MiniLibrary holding PASSAGES, one document each."""
    lib = MiniLibrary(tmp_path)
    for title, text in PASSAGES:
        lib.add(title, text)
    return lib
