"""A platform named in front of the thing asked about ("Erlang's ftp", "the Erlang TFTP server")
says whose it is: the names test does not decline for it when the evidence holds the thing,
and still declines when the evidence holds neither."""
from __future__ import annotations

from core.answer.decline import missing_names
from core.answer.decline_owner import owner_names
from core.answer.reader import ExtractiveReader

CHUNKS = [(1, "send_chunk_end(Pid) -> ok | {error, Reason}. Stops transfer of chunks to the remote server. "
              "For some errors, for example, file system full, it is necessary to call send_chunk_end to get "
              "the proper reason.", "FTP User's Guide", "ftp > Exports")]
ASKED = ("curl just reports an error when the disk fills. When the file system fills during a chunked transfer "
         "with Erlang's ftp, which function must I call to get the proper reason?")


def test_the_owner_of_a_held_name_is_no_missing_name():
    # before: "Erlang" was 1 of 2 names ("Erlang", "ftp"), enough to decline
    assert missing_names(ASKED, [" ".join(CHUNKS[0][1:])]) == []
    result = ExtractiveReader(None).read(ASKED, CHUNKS)
    assert result.supported and "send_chunk_end" in result.render().splitlines()[0]


def test_an_owner_before_a_name_or_a_possessive():
    assert owner_names("What does the Erlang TFTP server do?", ["Erlang", "TFTP"], ["Erlang"]) == {"Erlang"}
    assert owner_names("Which Erlang tftp_logger function logs a warning?", ["Erlang", "tftp_logger"],
                       ["Erlang"]) == {"Erlang"}
    # a comma between them: no owner
    assert owner_names("In Erlang, which ftp function appends?", ["Erlang", "ftp"], ["Erlang"]) == frozenset()


def test_a_name_before_another_missing_name_still_declines():
    evidence = ["The Erlang ssh daemon supports the idle_time option."]
    assert missing_names("What does the Erlang mnesia function create_schema do?", evidence) == \
        ["mnesia", "create_schema"]
    assert missing_names("What is the default session cache size in Apache's mod_ssl?", evidence) == \
        ["Apache", "mod_ssl"]
    # an owner is not asked about: it neither declines nor outvotes the missing name asked about
    assert missing_names("Which HAProxy directive enables Erlang's ssh daemon?",
                         ["The ssh daemon supports the idle_time option."]) == ["HAProxy"]
