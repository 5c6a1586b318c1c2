"""The notation's grammar in EBNF, generated from the table (the manual quotes it).

``python -m adjudicator.notation.grammar`` prints it; a test checks the manual holds it.
"""

from __future__ import annotations

from adjudicator.notation.table import (
    ANSWERS,
    CONTINUE,
    END,
    HEADER,
    ID,
    INT,
    STEPS,
    TEXT,
    TOKEN,
    VOCABS,
    Line,
    Opt,
    Slot,
    Word,
)

PREAMBLE = """\
(* Words are case-insensitive; "_", "-" and spaces inside a name may be left out or
   doubled ("germania inferior" = "germania_inferior", "senate 2" = "senate-2", "+2" = "plus2").
   Commas, semicolons and colons count as spaces; "#" starts a comment; blank lines are
   ignored. x{m,n} is m to n of x; [ ] is optional. *)
order       = header-line , { header-line } , answer ;
header-line = header-item , { header-item } ;      (* any order; each item once *)
header-item = """


def _item(item: Word | Slot | Opt) -> str:
    if isinstance(item, Word):
        if len(item.spellings) > 1:
            return "( " + " | ".join(f'"{s}"' for s in item.spellings) + " )"
        return f'"{item.spellings[0]}"'
    if isinstance(item, Opt):
        return "[ " + " ".join(_item(i) for i in item.items) + " ]"
    name = item.vocab.name
    if (item.least, item.most) == (1, 1):
        return name
    return f"{name}{{{item.least},{item.most}}}"


def _rule(name: str, line: Line) -> str:
    return _wrap(f"{name:<19} = {' '.join(_item(i) for i in line.items)} ;")


def _wrap(rule: str, width: int = 96) -> str:
    """A long rule broken before a "|" into lines indented under its first item."""
    lines = [""]
    for part in rule.split(" | "):
        if lines[-1] and len(lines[-1]) + len(part) + 3 > width:
            lines[-1] += " |"
            lines.append(" " * 22 + part)
        else:
            lines[-1] += (" | " if lines[-1] else "") + part
    return "\n".join(lines)


def grammar() -> str:
    steps = [("forum_extra_action" if any(isinstance(i, Slot) and i.field == "extra_action" for i in s.items)
              else s.tag, s) for s in STEPS]
    names = [n for n, _ in steps]
    out = [PREAMBLE + " | ".join(_item(h.items[0]) + " " + _item(h.items[1]) for h in HEADER) + " ;",
           "answer      = turn | setup_markers | setup_cards | setup_trajan | demands | consul ;",
           'turn        = [ continue_turn ] , ( step , { step } | { step } , end_turn ) ;',
           _wrap("step        = " + " | ".join(names) + " ;"),
           "setup_markers = tray_line{6,6} ;      (* one line per tray, each tray once *)",
           "setup_cards = take_line , { take_line } ;  (* 3 cards at most in all *)"]
    out += [_rule(n, s) for n, s in steps]
    out.append(_rule("end_turn", END))
    out.append(_rule("continue_turn", CONTINUE))
    rule_names = {"setup_markers": "tray_line", "setup_cards": "take_line"}
    out += [_rule(rule_names.get(a.tag, a.tag), a) for a in ANSWERS]
    for v in VOCABS:
        out.append(_wrap(f"{v.name:<19} = " + " | ".join(f'"{x}"' for x in v.values) + " ;"))
    out += [f"{INT.name:<19} = digit , {{ digit }} ;",
            f"{ID.name:<19} = name | quoted ;     (* the game id, or its first 4 characters or more *)",
            f"{TEXT.name:<19} = quoted | {{ any character }} ;  (* to the end of the line *)",
            f"{TOKEN.name:<19} = name ;  (* the secret token from the mail judge; not kept in the order *)",
            'quoted              = \'"\' , { character | escape } , \'"\' ;  (* a JSON string *)']
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    print(grammar(), end="")
