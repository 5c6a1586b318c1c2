"""``python -m adjudicator``: the same as the ``trajan`` command."""

from adjudicator.commands.app import main

if __name__ == "__main__":
    main()
