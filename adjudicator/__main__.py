"""``python -m adjudicator``: the same as the ``trajan`` command."""

from adjudicator.commands.main import main

if __name__ == "__main__":
    main()
