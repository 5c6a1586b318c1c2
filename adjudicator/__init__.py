"""trajan: a stateless command-line adjudicator for Stefan Feld's board game Trajan.

The distribution is ``trajan-adjudicator``, the command ``trajan``, this package
``adjudicator``.
"""

__version__ = "0.1.0"
"""The version of the program: the one place it is written (the distribution's metadata
reads it from here)."""

DISTRIBUTION = "trajan-adjudicator"
"""The name the program is installed by (``pip install trajan-adjudicator``)."""
