"""The one table of hidden information (issue 25), read once and compiled.

``adjudicator/data/hidden.json`` (schema ``schemas/components/hidden.schema.json``; for
people: ``docs/manual/reference/hidden-information.md``) says what each kind of viewer may see
of every zone of the game file and of every kind of event:

* the viewers: ``owner`` (the player whose mat a zone is on), ``player`` (any other
  seated player), ``observer`` (a view with no viewer) and ``public`` (the reports);
* the levels: ``shown``, ``count`` (how many, never which nor their order), ``top`` (the
  face-up first one and how many lie below) and ``secret`` (nothing at all);
* ``components``: for each kind of hidden component, the box it comes from and every
  place of the game file where it may lie (what a stand-in and a deal work with).

Every artefact that hides something derives from the trees built here from it:
the view and the public form of events (:mod:`adjudicator.views.redact`), the seen game
(:mod:`adjudicator.rules.seen`), the stand-in (:mod:`adjudicator.views.standin`) and the
bots' deal (:mod:`adjudicator.bots.determinize`).  A tree holds the hidden zones of one
*sight* (a seated player's, or an observer's) in one phase (in play, or after the game is
over), in the table's order, which is the game file's; :func:`compile_transform`,
:func:`compile_walk` and :func:`compile_places` turn it into plain closures, once per
process on first use (:class:`Compiled`), so no call interprets the table.
"""

# No ``from __future__ import annotations``: msgspec reads real annotations faster than
# strings (the table is decoded at import, on every command's start).

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Literal, TypeVar

import msgspec
from msgspec.structs import asdict, replace

from adjudicator.components import DATA_DIR
from adjudicator.model.vocab import TrajanCategory

Level = Literal["shown", "count", "top", "secret"]
Viewer = Literal["owner", "player", "observer", "public"]
Sight = Literal["player", "observer"]
_K = TypeVar("_K")
_V = TypeVar("_V")


class _Row(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    pass


class Zone(_Row, frozen=True, kw_only=True):
    """A place of a file that some viewer may not see in full (``path``: ``players[].hand``)."""

    path: str
    what: str
    owner: Level | None = None  # only under ``players[]``: the player whose mat it is
    player: Level
    observer: Level
    public: Level
    after_game_over: Level | None = None  # every viewer's level once the game is over
    kind: str | None = None  # the components it holds (``components``)
    count_at: str | None = None  # the view writes null here and the count in this field beside it


class FileTable(_Row, frozen=True, kw_only=True):
    """A file's zones: the hidden ones, and the names of all the others."""

    hidden: tuple[Zone, ...]
    shown: tuple[str, ...]  # every other field, shown to every viewer


class ComponentKind(_Row, frozen=True, kw_only=True):
    """One kind of hidden component: its box and every place it may lie."""

    kind: str
    box: Literal["commodities", "demand_tiles", "forum_tiles", "extra_action_tiles", "bonus_tiles",
                 "trajan_tiles"]
    category: TrajanCategory | None = None
    noun: str
    problem_path: str
    places: tuple[str, ...]


class HiddenEvent(_Row, frozen=True, kw_only=True):
    """An event kind with a field that only its owner sees (when ``when`` matches)."""

    event: str
    field: str
    owned_by: str
    when: dict[str, tuple[str, ...]] = msgspec.field(default_factory=dict)
    owner: Level
    player: Level
    observer: Level
    public: Level
    others_see: str  # the event kind every other viewer gets instead
    what: str


class EventTable(_Row, frozen=True, kw_only=True):
    """The event kinds: those with a hidden field, and all the others (shown to everyone)."""

    hidden: tuple[HiddenEvent, ...]
    shown: tuple[str, ...]


class HiddenTable(_Row, frozen=True, kw_only=True):
    """``adjudicator/data/hidden.json``."""

    source: str
    viewers: dict[Viewer, str]
    levels: dict[Level, str]
    game_file: FileTable
    components: tuple[ComponentKind, ...]
    events: EventTable
    fair_start: FileTable


TABLE: HiddenTable = msgspec.json.decode((DATA_DIR / "hidden.json").read_bytes(), type=HiddenTable)


class TableError(Exception):
    """The table asks for what the derivation cannot do (a developer's mistake)."""


# --- Trees of hidden zones ----------------------------------------------------------------


class Leaf(msgspec.Struct, frozen=True):
    """A hidden zone in a tree: its field name, its row, and the levels of its owner and of
    everyone else in this tree's sight and phase."""

    name: str
    zone: Zone
    own: Level
    other: Level


class Node(msgspec.Struct, frozen=True):
    """A struct on the way to hidden zones (``each``: a list of them; ``where``: its path)."""

    name: str
    where: str
    each: bool
    children: tuple["Node | Leaf", ...]


def steps(path: str) -> tuple[tuple[str, bool], ...]:
    """``players[].hand`` as ``(("players", True), ("hand", False))`` (True: every item)."""
    return tuple((part.removesuffix("[]"), part.endswith("[]")) for part in path.split("."))


def level(zone: Zone | HiddenEvent, viewer: Viewer, over: bool = False) -> Level:
    """What ``viewer`` sees of ``zone`` (after the game if ``over``)."""
    if over and isinstance(zone, Zone) and zone.after_game_over is not None:
        return zone.after_game_over
    found: Level | None = getattr(zone, viewer)
    return found if found is not None else zone.player


def _columns(sight: Sight) -> tuple[Viewer, Viewer]:
    return ("owner", "player") if sight == "player" else ("observer", "observer")


def _tree(zones: tuple[Zone, ...], sight: Sight, over: bool) -> Node:
    own_column, other_column = _columns(sight)
    root: dict[tuple[str, bool], Any] = {}
    for zone in zones:
        *parents, (name, each) = steps(zone.path)
        if each:
            raise TableError(f"{zone.path}: a hidden zone is a field, not every item of a list")
        node = root
        for part, many in parents:
            node = node.setdefault((part, many), {})
        node[(name, False)] = Leaf(name, zone, level(zone, own_column, over), level(zone, other_column, over))
    return _node("", "", False, root)


def _node(name: str, where: str, each: bool, children: dict[Any, Any]) -> Node:
    out: list[Node | Leaf] = []
    for (part, many), child in children.items():
        at = f"{where}.{part}".lstrip(".") + ("[]" if many else "")
        out.append(child if isinstance(child, Leaf) else _node(part, at, many, child))
    return Node(name, where, each, tuple(out))


class Compiled(dict[_K, _V]):
    """Functions compiled from the table, each on first use (a command needs one or two:
    a fast start)."""

    def __init__(self, make: Callable[[_K], _V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: _K) -> _V:
        value = self[key] = self.make(key)
        return value


TREES: Compiled[tuple[Sight, bool], Node] = Compiled(lambda key: _tree(TABLE.game_file.hidden, *key))


def tree(sight: Sight, over: bool) -> Node:
    """The tree of a seated player's ``sight`` or an observer's, in play or after the game."""
    return TREES[(sight, over)]


def leaves(node: Node) -> Iterator[Leaf]:
    """The hidden zones under ``node``, in the table's order."""
    for child in node.children:
        if isinstance(child, Leaf):
            yield child
        else:
            yield from leaves(child)


# --- Compiling a tree into closures -------------------------------------------------------


class ViewerOf:
    """The context of a compiled transform that needs only its viewer (``None``: an observer)."""

    __slots__ = ("viewer",)

    def __init__(self, viewer: str | None) -> None:
        self.viewer = viewer


# (value, parent, ctx) -> what the artefact writes at a hidden zone
LevelOp = Callable[[Any, Any, Any], Any]
# (leaf, level) -> the LevelOp for that zone at that level (None: the value stays as it is)
LeafFactory = Callable[[Leaf, Level], "LevelOp | None"]


class Build(msgspec.Struct, frozen=True):
    """How an artefact rebuilds a struct on the way to hidden zones."""

    target: type[Any] | None = None  # the artefact's struct; None: the same (msgspec replace)
    drop: tuple[str, ...] = ()  # fields of the file's struct the target lacks
    counts: bool = False  # write each zone's count at its ``count_at`` field
    from_ctx: tuple[str, ...] = ()  # fields taken from the ctx (the view's ``viewer``)


def same_structs(node: Node) -> Build:
    """An artefact of the game file's own structs (the seen game, a deal)."""
    return Build()


def compile_transform(root: Node, leaf: LeafFactory,
                      build: Callable[[Node], Build]) -> Callable[[Any, Any], Any]:
    """A function ``(file, ctx) -> artefact`` that rebuilds every struct on the way to a
    hidden zone as ``build`` says and writes each zone as ``leaf`` says for its level (the
    owner's level on the items of ``players[]`` whose ``colour`` is ``ctx.viewer``)."""
    op = _transform(root, leaf, build, False)
    return lambda value, ctx: op(value, None, ctx)


def _transform(node: Node, leaf: LeafFactory, build: Callable[[Node], Build], own: bool) -> LevelOp:
    if node.each and node.where == "players[]":
        mine, theirs = _struct(node, leaf, build, True), _struct(node, leaf, build, False)

        def each_player(value: Any, parent: Any, ctx: Any) -> Any:
            viewer = ctx.viewer
            return tuple([(mine if item.colour == viewer else theirs)(item, value, ctx) for item in value])
        return each_player
    one = _struct(node, leaf, build, own)
    if node.each:
        return lambda value, parent, ctx: tuple([one(item, value, ctx) for item in value])
    return one


def _struct(node: Node, leaf: LeafFactory, build: Callable[[Node], Build], own: bool) -> LevelOp:
    subs = tuple((c.name, op) for c in node.children
                 if (op := _transform(c, leaf, build, own) if isinstance(c, Node)
                     else leaf(c, c.own if own else c.other)) is not None)
    b = build(node)
    if b.target is None and not subs:
        return lambda value, parent, ctx: value
    if b.target is None:
        def same(value: Any, parent: Any, ctx: Any) -> Any:
            changes = {}
            for name, op in subs:
                changes[name] = op(getattr(value, name), value, ctx)
            return replace(value, **changes)
        return same
    target, drop, from_ctx = b.target, b.drop, b.from_ctx
    counts = tuple((c.name, c.zone.count_at) for c in node.children
                   if b.counts and isinstance(c, Leaf) and c.zone.count_at)

    def other(value: Any, parent: Any, ctx: Any) -> Any:
        fields = asdict(value)
        for name, op in subs:
            fields[name] = op(fields[name], value, ctx)
        for name, at in counts:
            fields[at] = len(getattr(value, name))
        for name in drop:
            del fields[name]
        for name in from_ctx:
            fields[name] = getattr(ctx, name)
        return target(**fields)
    return other


def compile_walk(root: Node, visit: LeafFactory) -> Callable[[Any, Any], None]:
    """A function ``(file, ctx)`` that calls ``visit``'s function on every hidden zone."""
    op = _walk(root, visit, False)
    return lambda value, ctx: op(value, None, ctx)


def _walk(node: Node, visit: LeafFactory, own: bool) -> LevelOp:
    def subs(own: bool) -> tuple[tuple[str, LevelOp], ...]:
        return tuple((c.name, op) for c in node.children
                     if (op := _walk(c, visit, own) if isinstance(c, Node)
                         else visit(c, c.own if own else c.other)) is not None)

    def struct(ops: tuple[tuple[str, LevelOp], ...]) -> LevelOp:
        def one(value: Any, parent: Any, ctx: Any) -> None:
            for name, op in ops:
                op(getattr(value, name), value, ctx)
        return one

    if node.each and node.where == "players[]":
        mine, theirs = struct(subs(True)), struct(subs(False))

        def each_player(value: Any, parent: Any, ctx: Any) -> None:
            for item in value:
                (mine if item.colour == ctx.viewer else theirs)(item, value, ctx)
        return each_player
    one = struct(subs(own))
    if node.each:
        def each(value: Any, parent: Any, ctx: Any) -> None:
            for item in value:
                one(item, value, ctx)
        return each
    return one


def compile_places(root: Node, paths: Iterable[str],
                   shown: Callable[[Any, Level], list[Any]]) -> dict[str, Callable[[Any, Any], list[Any]]]:
    """For each place of ``paths``, a function ``(file, ctx) -> items`` listing what the
    sight of ``root`` sees there: at a hidden zone ``shown(value, level)``, elsewhere every
    item."""
    zones = {leaf.zone.path: leaf for leaf in leaves(root)}
    return {path: _getter(_place(steps(path), zones.get(path), shown)) for path in dict.fromkeys(paths)}


def _getter(place: Callable[[Any, Any, bool, list[Any]], None]) -> Callable[[Any, Any], list[Any]]:
    def get(value: Any, ctx: Any) -> list[Any]:
        out: list[Any] = []
        place(value, ctx, False, out)
        return out
    return get


def _place(path: tuple[tuple[str, bool], ...], leaf: Leaf | None,
           shown: Callable[[Any, Level], list[Any]]) -> Callable[[Any, Any, bool, list[Any]], None]:
    (name, each), rest = path[0], path[1:]
    if not rest:
        return _last(name, each, leaf, shown)
    deeper = _place(rest, leaf, shown)
    owned = name == "players" and each

    def step(value: Any, ctx: Any, own: bool, out: list[Any]) -> None:
        found = getattr(value, name)
        for item in found if each else (found,):
            deeper(item, ctx, (item.colour == ctx.viewer) if owned else own, out)
    return step


def _last(name: str, each: bool, leaf: Leaf | None,
          shown: Callable[[Any, Level], list[Any]]) -> Callable[[Any, Any, bool, list[Any]], None]:
    if leaf is not None:
        def hidden(value: Any, ctx: Any, own: bool, out: list[Any]) -> None:
            out.extend(shown(getattr(value, name), leaf.own if own else leaf.other))
        return hidden
    if each:
        def every(value: Any, ctx: Any, own: bool, out: list[Any]) -> None:
            for item in getattr(value, name):
                out.extend(items(item))
        return every
    return lambda value, ctx, own, out: out.extend(items(getattr(value, name)))


def items(value: Any) -> list[Any]:
    """The components at a place: a list's items, a struct's fields, or the value (never
    null; a component's name is never empty)."""
    if isinstance(value, tuple | list):
        return list(filter(None, value))
    if isinstance(value, msgspec.Struct):
        return list(filter(None, msgspec.structs.astuple(value)))
    return [] if value is None else [value]
