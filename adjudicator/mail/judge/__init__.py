"""The mail judge (issue 18): a game run from a mailbox, answered by SMTP, with deadlines.

``trajan mail run GAMEDIR`` reads new messages (:mod:`.inbox`), matches each to a player
by the roster and their token (:mod:`.tokens`), adjudicates accepted orders into the
game's log, and sends what follows (:mod:`.compose`, :mod:`.outbox`); deadlines let a bot
answer for absent players (:mod:`.deadlines`).  :mod:`.run` ties them together (and
:mod:`.route` serves several games from one inbox: ``trajan mail run A B``); what was
done is recorded in the game folder (:mod:`.record`), so the run keeps no other state.
"""
