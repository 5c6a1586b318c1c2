"""``python -m adjudicator``: the same as the ``trajan`` command."""

from adjudicator.cli import main

if __name__ == "__main__":
    main()
