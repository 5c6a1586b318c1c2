"""Game records: one file per game, as PGN is for chess (issue 20).

A record is JSON Lines: a header (:class:`~adjudicator.records.form.Header`), then one
line per order (:class:`~adjudicator.records.form.Move`) with the hash of the game file
it produced.  Everything else (game files, reports) is derived again by replay:
:mod:`adjudicator.records.pack` makes a record from a log folder,
:mod:`adjudicator.records.replay` verifies a record in memory and unpacks it into a log
folder (:mod:`adjudicator.records.seal` checks what binds a format-2 header: its people,
counts, date and seal), :mod:`adjudicator.records.many` verifies many (in a process pool, or on Dask with
:mod:`adjudicator.records.cluster`), and
:mod:`adjudicator.records.standings` tabulates a tournament.
"""
