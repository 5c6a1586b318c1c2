"""``trajan arena``: bot against bot, seats rotated on paired setups, with the figures a bot
author needs (wins with Wilson intervals, VP margins, per seat) and a sequential test.

:mod:`games` plays one game; :mod:`match` schedules a match over processes and stops it
when the SPRT decides; :mod:`stats` holds the statistics; :mod:`summary` the figures and
their text; :mod:`spec` reads the command line's bot names.
"""
