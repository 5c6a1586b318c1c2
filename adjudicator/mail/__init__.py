"""Mail: reading orders from what mail clients send (``read``: the forgiving reader;
``message``: MIME parts; ``clean``: quoting, signatures and characters undone).

Imported only for orders that are not plain JSON, never on the path of a JSON order file.
"""
