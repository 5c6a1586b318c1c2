"""Mail out: the player's mail (issue 17), one per player per accepted order.

``roster``: the hand-edited TOML file of names and addresses; ``text``: the sections of
a mail (news, what to decide, the reply template, the state as the player sees it);
``compose``: the message itself and the outbox of ``.eml`` files.  Kept apart from the
reader of incoming orders (:mod:`adjudicator.mail.read`).
"""
