"""trajan: a stateless command-line adjudicator for Stefan Feld's board game Trajan."""

__version__ = "0.1.0"
