"""``python -m adjudicator``: the same as the ``trajan`` command."""

from adjudicator.commands.main import entry

if __name__ == "__main__":
    entry()
