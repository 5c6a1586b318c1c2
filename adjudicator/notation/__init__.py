"""Orders in plain text: the notation's table, its parser, its printer and its grammar.

Imported only where text is read or written, never on the path of a JSON order file.
"""
