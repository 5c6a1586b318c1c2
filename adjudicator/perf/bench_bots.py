"""``trajan bench``: what a planner decision costs at the default budget (issue 32).

The positions are the turn decisions of a 2-player and a 4-player game of ``greedy``
bots (every third one; a quick run every ninth), each answered by the planner as
``trajan bot`` answers (the stand-in of the player's view) at its default budget; the
figures are the median and the 99th percentile of the CPU time of a decision.
"""

from __future__ import annotations

import time

from adjudicator.perf.bench import Figure


def bot_figures(quick: bool) -> list[Figure]:
    """The planner's CPU time per decision at the default budget: median and 99th percentile."""
    from adjudicator.arena.stats import quantile
    from adjudicator.game.engine import adjudicate, deciders
    from adjudicator.game.newgame import new_game
    from adjudicator.logs.absent import absent_orders
    from adjudicator.model.state import ContinueTurn, GameOver, TakeTurn
    from adjudicator.model.vocab import PLAYER_COLOURS

    every = 9 if quick else 3
    cpu: list[float] = []
    for players in (2, 4):
        seed = f"bench-planner-{players}p"
        state = new_game(PLAYER_COLOURS[:players], seed)
        turn = 0
        while not isinstance(state.pending, GameOver):
            colour = deciders(state.pending)[0]
            if isinstance(state.pending, (TakeTurn, ContinueTurn)):
                turn += 1
                if turn % every == 0:
                    began = time.process_time()
                    absent_orders(state, colour, "planner", seed)
                    cpu.append(time.process_time() - began)
            state = adjudicate(state, absent_orders(state, colour, "greedy", seed)).state
    return [Figure(name="planner_decision_cpu_median_s", value=quantile(cpu, 0.5), unit="s"),
            Figure(name="planner_decision_cpu_p99_s", value=quantile(cpu, 0.99), unit="s"),
            Figure(name="planner_decisions_measured", value=len(cpu), unit="decisions")]
