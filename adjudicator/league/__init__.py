"""Leagues (issue 30): ratings over tournament records, seating plans, the standings page.

:mod:`adjudicator.league.ratings` rates every player over the records in play order with
OpenSkill's Plackett-Luce model (the ``league`` extra); :mod:`adjudicator.league.seating`
plans the tables of each round (even seat positions, pairs meeting as rarely as
possible); :mod:`adjudicator.league.page` writes the standings page.
"""
