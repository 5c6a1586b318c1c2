"""The order composer (issue 29): a self-contained page on which a player builds their
order by clicking, made from their view alone (:func:`compose_html`)."""

from adjudicator.compose.page import compose_html, page_data

__all__ = ["compose_html", "page_data"]
