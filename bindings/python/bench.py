"""The random-game loop of `tablegames bench`, driven from Python through
the ctypes binding, to show what crossing the binding costs.

    TABLEGAMES_LIBRARY=BUILD/libtablegames.so PYTHONPATH=bindings/python \\
        python3 bindings/python/bench.py [GAME] [--players N] [--seconds T] [--json]

The loops, each for a fixed wall time, reported per wall second and per CPU
second of the thread (the steadier figure on a shared machine):
  moves     the loop as written for clarity: current_player, legal_moves
            as Move objects with notation, apply() (4+ calls per decision);
  ids       the C loop's calls with plain ids: current_player,
            legal_move_ids(), apply_id(), apply_chance(notation=False)
            (2-3 calls per decision);
  step      State.step(): one call per decision, whoever decides (None
            draws a chance outcome), the next decision read from the
            StepView it returns; in the C module tablegames._cstep where it
            is installed (TABLEGAMES_CSTEP names it in a build tree);
  step-ctypes  the same loop on the pure-Python fallback's StepView, which
            calls the step through ctypes;
  playout   State.playout(): one call per game, the decisions made in C.
  collect   the self-play data loop of a learning program: per player
            decision the player's observation tensor, the legal-action mask
            and the information key (State.observe(), one call) and the
            step; counted per player decision (chance steps not counted);
  env       tablegames.env.AECEnv at random: per player decision last()
            (observation, reward, mask) and step(); counted per player
            decision.
  openspiel the OpenSpiel-named adapter as pyspiel's random-play loop
            writes it: is_terminal, is_chance_node, chance_outcomes()
            and an outcome drawn, or legal_actions() and one picked,
            apply_action(); counted per player decision.
  vector    tablegames.vector.VectorEnv of --envs games (default 1,024):
            one step() per decision of every game, which fills the masks
            and observation tensors of the next decisions; a random legal
            action per game picked with numpy from the masks. Counted per
            player decision; "env step only" counts the CPU time of step()
            alone (the rest is the picking). --dtype uint8 takes the
            observations as bytes (VectorEnv's dtype), --mask bits the
            masks as bits (VectorEnv's mask; numpy unpacks them to pick).
--loops picks some of them (e.g. --loops collect,env). It also prints what one bare ctypes call costs (CPU time), the floor of any
loop that crosses the binding once per decision.
"""
import argparse
import glob
import json
import os
import platform
import random
import sys
import time
from array import array

import tablegames
import tablegames.buffers
import tablegames.env
import tablegames.step
import tablegames.vector
from tablegames import _ffi
from tablegames import openspiel as pyspiel
from tablegames._loader import library


def loop_moves(state, pick):
    made = 0
    while not state.is_terminal:
        if state.current_player == tablegames.CHANCE:
            state.apply_chance()
        else:
            moves = state.legal_moves()
            state.apply(moves[pick(len(moves))])
        made += 1
    return made


def loop_ids(state, pick):
    made = 0
    chance, terminal = tablegames.CHANCE, tablegames.TERMINAL
    while True:
        cur = state.current_player
        if cur == terminal:
            return made
        if cur == chance:
            state.apply_chance(notation=False)
        else:
            ids = state.legal_move_ids()
            state.apply_id(ids[pick(len(ids))])
        made += 1


def loop_step(state, pick):
    made = 0
    chance, terminal, step = tablegames.CHANCE, tablegames.TERMINAL, state.step
    view = state.step_view()
    while True:
        player = view.player
        if player == terminal:
            return made
        step(None if player == chance else view[pick(len(view))])
        made += 1


def loop_step_ctypes(state, pick):
    if state._view is None:
        # What TABLEGAMES_PURE_PYTHON=1 gives, for this state only: the
        # ctypes StepView, before the first step makes the state's view.
        state._view = tablegames.StepView(library(), state._ptr, state.game.max_legal_moves)
    return loop_step(state, pick)


def loop_playout(state, pick):
    return state.playout()


def loop_collect(state, pick):
    game = state.game
    tensor = array("f", bytes(4 * game.observation_tensor_size))
    mask = bytearray(game.move_count)
    keys = []
    made = 0
    observe, step, record = state.observe, state.step, keys.append
    view = state.step_view()
    while True:
        player = view.player
        if player < 0:
            if player != -1:
                return made
            step(None)
            continue
        record(observe(player, tensor, mask))
        step(view[pick(len(view))])
        made += 1


def loop_env(state, pick):
    """One episode of the environment on the state's game (the env keeps
    its own state, seeded from this one's history length)."""
    env = _envs.get(state.game)
    if env is None:
        env = _envs[state.game] = tablegames.env.AECEnv(state.game)
    env.reset(seed=len(_envs) + pick(1 << 30))
    made = 0
    last, step = env.last, env.step
    np = tablegames.buffers.numpy()
    nonzero = np.flatnonzero if np is not None else None
    for _ in env.agent_iter():
        obs, reward, termination, truncation, info = last()
        if termination or truncation:
            step(None)
            continue
        mask = info["action_mask"]
        legal = nonzero(mask) if nonzero is not None else [i for i, b in enumerate(mask) if b]
        step(int(legal[pick(len(legal))]))
        made += 1
    return made


_envs = {}


def loop_openspiel(state, pick):
    """One game through the adapter, on the state (reset by run())."""
    game = _adapters.get(state.game)
    if game is None:
        game = _adapters[state.game] = pyspiel.Game(state.game)
    s = pyspiel.State(game, state)
    made = 0
    unit = 1.0 / (1 << 30)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(pyspiel.random_outcome(s.chance_outcomes(), pick(1 << 30) * unit))
        else:
            legal = s.legal_actions()
            s.apply_action(legal[pick(len(legal))])
            made += 1
    return made


_adapters = {}


def run_vector(game_id, players, seconds, envs, seed=1, dtype="float32", mask_type="bytes"):
    """Steps a VectorEnv for seconds of wall time: (games ended, decisions
    per wall second, per CPU second, per CPU second of step() alone)."""
    import numpy as np
    env = tablegames.vector.VectorEnv(game_id, envs, players=players, seed=seed, dtype=dtype,
                                      mask=mask_type)
    rng = np.random.default_rng(seed)
    n_actions = env.single_action_space.n
    obs, info = env.reset()
    mask = info["action_mask"]
    games = steps = 0
    step_cpu = 0.0
    cpu_start = time.thread_time()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if mask_type == "bits":
            mask = np.unpackbits(info["action_mask"], axis=1, count=n_actions,
                                 bitorder="little")
        # The legal action of highest random priority: a uniform legal one.
        actions = (mask * (rng.permutation(n_actions) + 1).astype(np.uint16)).argmax(axis=1)
        t = time.thread_time()
        obs, rewards, terminated, truncated, info = env.step(actions)
        step_cpu += time.thread_time() - t
        games += int(terminated.sum() + truncated.sum())
        steps += 1
    elapsed = time.perf_counter() - start
    cpu = time.thread_time() - cpu_start
    env.close()
    made = steps * envs
    return games, made / elapsed, made / cpu, made / step_cpu


# name: (loop, crossings into C per decision)
LOOPS = {"moves": (loop_moves, "4+"), "ids": (loop_ids, "2-3"), "step": (loop_step, "1"),
         "step-ctypes": (loop_step_ctypes, "1"), "playout": (loop_playout, "1 per game"),
         "collect": (loop_collect, "2 per player decision"), "env": (loop_env, "many"),
         "openspiel": (loop_openspiel, "1 per decision, 2 at chance"),
         "vector": (None, "1 per step of all games")}


def run(game_id, players, seconds, loop, seed=1):
    """Plays for seconds of wall time; returns decisions per wall second
    and per CPU second of this thread (steadier on a shared machine)."""
    game = tablegames.Game(game_id, players=players)
    # A uniform pick, as cheap as Python makes one (randrange costs about
    # twice as much, and more than the step itself would add to the loop).
    draw = random.Random(seed).random
    def pick(n):
        return int(draw() * n)
    games = decisions = 0
    state = tablegames.State(game, seed)
    cpu_start = time.thread_time()
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state.reset(seed + games)
        decisions += loop(state, pick)
        games += 1
    elapsed = time.perf_counter() - start
    cpu = time.thread_time() - cpu_start
    return games, decisions / elapsed, decisions / cpu if cpu > 0 else 0.0


def bare_call_ns(calls=200000):
    """CPU nanoseconds of one ctypes call that does almost nothing in C."""
    fn = library().dll.tg_state_current_player
    null = _ffi.StateP()
    start = time.thread_time()
    for _ in range(calls):
        fn(null)
    return (time.thread_time() - start) / calls * 1e9


def unused_cstep(step):
    """A note when the ctypes fallback runs although the build tree of the
    library holds the compiled step module (a figure measured so is the
    fallback's, not an installed build's: docs/performance.md), else None."""
    if step == "c" or os.environ.get(tablegames.step.PURE_ENV_VAR, "") not in ("", "0"):
        return None
    built = glob.glob(os.path.join(os.path.dirname(os.path.abspath(library().path)),
                                   "bindings", "python", "tablegames", "_cstep.*"))
    if not built:
        return None
    return ("note: the step loop runs the ctypes fallback; this build's compiled module "
            "is used with %s=%s" % (tablegames.step.CSTEP_ENV_VAR, built[0]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--envs", type=int, default=1024, help="games of the vector loop")
    parser.add_argument("--mask", choices=("bytes", "bits"), default="bytes",
                        help="the vector loop's masks (default bytes)")
    parser.add_argument("--dtype", choices=("float32", "uint8"), default="float32",
                        help="the vector loop's observations (default float32)")
    parser.add_argument("--loops", default=",".join(LOOPS),
                        help="comma-separated loops to run (default: all)")
    args = parser.parse_args()
    infos = [g for g in tablegames.games() if args.game in (None, g.id)]
    if not infos:
        parser.error("unknown game %r" % args.game)
    bare = bare_call_ns()
    version = "%s %s" % (platform.python_implementation(), platform.python_version())
    step = tablegames.step.implementation()
    if args.json:
        print(json.dumps({"binding": "python", "bare_call_ns": round(bare, 1),
                          "interpreter": "%s (%s)" % (version, sys.executable),
                          "step_implementation": step}))
    else:
        print("python %s: one bare ctypes call %.0f CPU ns; the step loop in %s"
              % (version, bare, "the C module" if step == "c" else "Python (ctypes)"))
    hint = unused_cstep(step)
    if hint:
        print(hint, file=sys.stderr)
    for info in infos:
        players = min(max(args.players, info.min_players), info.max_players)
        for name in args.loops.split(","):
            if name not in LOOPS:
                parser.error("unknown loop %r (loops: %s)" % (name, ", ".join(LOOPS)))
            loop, crossings = LOOPS[name]
            extra = {}
            if loop is None:
                games, wall, cpu, step_only = run_vector(info.id, players, args.seconds,
                                                         args.envs, dtype=args.dtype,
                                                         mask_type=args.mask)
                extra = {"envs": args.envs, "dtype": args.dtype, "mask": args.mask,
                         "step_decisions_per_cpu_second": round(step_only, 1)}
            else:
                games, wall, cpu = run(info.id, players, args.seconds, loop)
            if args.json:
                print(json.dumps(dict({"binding": "python", "game": info.id,
                                       "players": players, "loop": name,
                                       "crossings": crossings, "games": games,
                                       "decisions_per_second": round(wall, 1),
                                       "decisions_per_cpu_second": round(cpu, 1)}, **extra)))
            else:
                print("python %-16s %d players %-11s %12.0f decisions/s %12.0f per CPU s%s"
                      % (info.id, players, name, wall, cpu,
                         "" if not extra else " (%d games; env step only: %.0f per CPU s)"
                         % (args.envs, extra["step_decisions_per_cpu_second"])))


if __name__ == "__main__":
    main()
