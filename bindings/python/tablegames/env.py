"""An environment with PettingZoo's AEC API, standard library only (numpy
used where it is installed):

    from tablegames.env import AECEnv
    env = AECEnv("witches_dance", players=4)
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None          # a finished agent steps with None
        else:
            action = env.action_space(agent).sample(info["action_mask"])
        env.step(action)

Agents are "player_0" .. "player_<n-1>". Actions are numbered as every
learning surface of the package numbers them (tablegames.actions): a
player's actions 0 .. A-1 (A = Game.player_move_count, OpenSpiel's
num_distinct_actions), so action_space(agent) is Discrete(A) and
infos[agent]["action_mask"] (int8 where numpy is installed, as gymnasium's
Discrete.sample(mask) takes, else a bytearray) marks the legal ones of the
agent to act; every other agent's mask is all 0. An observation is the
agent's observation tensor (float32, laid out on the game's rule page), or
with observation="information" its information-state tensor (perfect
recall, for NFSP or Deep CFR).

Chance is played inside step() with the state's RNG (seeded by
reset(seed)); with chance_agent=True it is the agent "chance" instead,
whose actions are the outcomes 0 .. C-1 (Discrete(C), C =
Game.chance_outcome_count), whose infos["chance"]["chance_outcomes"] lists
(outcome, probability) and whose observation is the public view.

PettingZoo's semantics, held by tests/test_aec_contract.py: rewards are
those of the last step only, cleared by every step (a finished agent's
step(None) included); last() gives the agent's reward accumulated since it
last acted; a game over by its rules terminates every agent, one stopped
by the library's length cap or by max_steps truncates them; then each
steps None in agents order and leaves. Rewards come at the end: 1 shared
among the winners, 0 otherwise, and for a game with no winner 0 each
(draw="zero", the default) or 1/n each (draw="shared": every game then
sums to 1, constant-sum).

observation_space(agent) and action_space(agent) are one cached object
per agent, gymnasium-shaped (tablegames.spaces), without gymnasium.
``env.state`` is the tablegames.State being played (PettingZoo's optional
global state() is not offered under that name).
"""

from __future__ import annotations

import operator
import random
from array import array
from typing import Any, Dict, Iterator, List, Optional, Tuple, Union

from .actions import Actions
from .buffers import numpy as _numpy
from .errors import IllegalMove, InvalidArgument
from .game import Game, OptionValue, draw_arg
from .spaces import Box, Discrete
from .spaces import Dict as DictSpace
from .spaces import Space
from .state import State
from .viewers import PUBLIC

CHANCE_AGENT = "chance"
OBSERVATIONS = ("observation", "information")
Observation = Any  # a numpy float32 array, an array('f'), or a dict with the mask


def agent_name(player: int) -> str:
    return "player_%d" % player


class AECEnv:
    """One game as a PettingZoo AEC environment (see the module's text)."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: Union[str, Game], *, chance_agent: bool = False,
                 max_steps: Optional[int] = None, use_numpy: Optional[bool] = None,
                 mask_in_observation: bool = False, render_mode: Optional[str] = None,
                 draw: str = "zero", observation: str = "observation",
                 **options: OptionValue) -> None:
        self.game = game if isinstance(game, Game) else Game(game, dict(options))
        self.metadata = dict(self.metadata, name="tablegames_" + self.game.id)
        draw_arg(draw)
        if observation not in OBSERVATIONS:
            raise InvalidArgument("observation must be one of %s, not %r"
                                  % (", ".join(OBSERVATIONS), observation))
        self.draw, self.observation_type = draw, observation
        self.chance_agent = chance_agent
        self.max_steps = max_steps
        self.mask_in_observation = mask_in_observation
        self.render_mode = render_mode
        np = _numpy()
        if use_numpy and np is None:
            raise ModuleNotFoundError("AECEnv(use_numpy=True) needs numpy (python3-numpy)")
        self._np = np if use_numpy is not False else None
        players = self.game.players
        self.possible_agents: List[str] = [agent_name(p) for p in range(players)] + \
            ([CHANCE_AGENT] if chance_agent else [])
        self._seat = {a: p for p, a in enumerate(self.possible_agents[:players])}
        self._seat[CHANCE_AGENT] = -1
        self.actions = Actions(self.game)
        self._tensor_size = self.game.information_tensor_size \
            if observation == "information" else self.game.observation_tensor_size
        self._action_spaces: Dict[str, Discrete] = {}
        self._observation_spaces: Dict[str, Space] = {}
        for agent in self.possible_agents:
            n = self.actions.outcome_count if agent == CHANCE_AGENT else \
                self.actions.action_count
            self._action_spaces[agent] = Discrete(n)
            box = Box(float("-inf"), float("inf"), (self._tensor_size,), "float32")
            self._observation_spaces[agent] = DictSpace(
                {"observation": box, "action_mask": Box(0, 1, (n,), "int8")}) \
                if mask_in_observation else box
        self._no_mask = {a: self._new_mask(s.n) for a, s in self._action_spaces.items()}
        self._move_mask = self._new_mask(self.actions.move_count)
        self.state: Optional[State] = None
        self.agents: List[str] = []
        self.agent_selection = ""
        self.rewards: Dict[str, float] = {}
        self._cumulative_rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, Dict[str, Any]] = {}
        self._skip_agent_selection: Optional[str] = None
        self.steps = 0

    # ---- descriptions -------------------------------------------------------

    @property
    def num_agents(self) -> int:
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        return len(self.possible_agents)

    def observation_space(self, agent: str) -> Any:
        """The agent's observation space: the same object on every call."""
        self._agent(agent)
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> Discrete:
        """Discrete(A) for a player (its actions, the mask says which are
        legal), Discrete(C) for the chance agent: the same object on every
        call, so seeding it seeds the agent's samples."""
        self._agent(agent)
        return self._action_spaces[agent]

    @property
    def observation_spaces(self) -> Dict[str, Any]:
        return dict(self._observation_spaces)

    @property
    def action_spaces(self) -> Dict[str, Discrete]:
        return dict(self._action_spaces)

    @property
    def unwrapped(self) -> AECEnv:
        return self

    def __str__(self) -> str:
        return str(self.metadata["name"])

    def _agent(self, agent: str) -> int:
        try:
            return self._seat[agent]
        except KeyError:
            raise KeyError("no agent %r in this environment (agents: %s)"
                           % (agent, ", ".join(self.possible_agents))) from None

    # ---- the episode ----------------------------------------------------------

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> None:
        """A new game: seed makes it repeatable (None draws one). options
        is accepted as PettingZoo's signature has it; no key is read."""
        if seed is None:
            seed = random.getrandbits(63)
        if self.state is None:
            self.state = self.game.new_state(seed)
        else:
            self.state.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {"action_mask": self._no_mask[a]} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = ""
        self.steps = 0
        self._view = self.state.step_view()
        self._advance()

    def _new_mask(self, n: int) -> Any:
        np = self._np
        return np.zeros(n, np.int8) if np is not None else bytearray(n)

    def _advance(self) -> None:
        """Plays chance points (unless the chance agent does), then sets the
        selection, the end of the episode, the rewards and the masks."""
        state, view = self.state, self._view
        assert state is not None
        if not self.chance_agent:
            while view.player == -1:
                view = state.step(None)
                self.steps += 1
        self._view = view
        player = view.player
        previous = self.infos.get(self.agent_selection)
        if previous is not None:
            previous["action_mask"] = self._no_mask[self.agent_selection]
            previous.pop("chance_outcomes", None)
        if player == -2:
            capped = state.is_truncated
            for a, r in zip(self.agents, state.utilities(self.draw)):
                self.rewards[a] = r
            for a in self.agents:
                self.terminations[a] = not capped
                self.truncations[a] = capped
        elif self.max_steps is not None and self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        for a, r in self.rewards.items():
            self._cumulative_rewards[a] += r
        if player == -2 or self.truncations[self.agents[0]]:
            # over: the finished agents step None in turn, in agents order
            self.agent_selection = self.agents[0]
            return
        agent = CHANCE_AGENT if player == -1 else self.possible_agents[player]
        self.agent_selection = agent
        info = self.infos[agent]
        mask = info["action_mask"] = self._new_mask(self._action_spaces[agent].n)
        if player >= 0:
            self._fill_action_mask(mask)
        else:
            state.legal_mask(self._move_mask)
            outcomes = self.actions.outcome_moves
            for i, m in enumerate(outcomes):
                mask[i] = self._move_mask[m]
            of = self.actions.of_move
            info["chance_outcomes"] = [(of[m], p) for m, p in state.chance_outcomes()]

    def _fill_action_mask(self, mask: Any) -> None:
        state = self.state
        assert state is not None
        state.action_mask(mask)

    def step(self, action: Optional[int]) -> None:
        """The selected agent's decision: an action whose mask entry is set
        (an int or a numpy integer), or None for an agent that is
        terminated or truncated (it then leaves). IllegalMove for an action
        that is not legal, ValueError for None from a live agent or an
        action from a finished one; the environment is then unchanged."""
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError("step: %s must act (None is for finished agents only)" % agent)
        a = operator.index(action)
        state = self.state
        assert state is not None
        space = self._action_spaces[agent]
        if not 0 <= a < space.n or not self.infos[agent]["action_mask"][a]:
            raise IllegalMove("step: action %d is not legal for %s here (its action_mask"
                              " entry is 0)" % (a, agent))
        move = self.actions.outcome_moves[a] if agent == CHANCE_AGENT else \
            self.actions.action_moves[a]
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._view = state.step(move)
        self.steps += 1
        self._advance()

    def _clear_rewards(self) -> None:
        for a in self.rewards:
            self.rewards[a] = 0.0

    def _was_dead_step(self, action: Optional[int]) -> None:
        """A finished agent's step(None), as PettingZoo's AECEnv does it: it
        leaves, the next finished agent is selected, and the rewards are
        cleared (they were the last step's)."""
        if action is not None:
            raise ValueError("step: %s is done; a finished agent steps with None"
                             % self.agent_selection)
        agent = self.agent_selection
        self.agents.remove(agent)
        for table in (self.rewards, self._cumulative_rewards, self.terminations,
                      self.truncations, self.infos):
            del table[agent]  # type: ignore[attr-defined]
        finished = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if finished:
            if self._skip_agent_selection is None:
                self._skip_agent_selection = agent
            self.agent_selection = finished[0]
        else:
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        self._clear_rewards()

    # ---- what an agent sees ---------------------------------------------------

    def observe(self, agent: str) -> Observation:
        """The agent's observation (see the module's text; the chance
        agent's: the public observation tensor), with its action mask in a
        dict when mask_in_observation."""
        seat = self._agent(agent)
        state = self.state
        if state is None:
            raise RuntimeError("observe: call reset() first")
        np = self._np
        out = np.empty(self._tensor_size, np.float32) if np is not None else \
            array("f", bytes(4 * self._tensor_size))
        if self.observation_type == "information":
            state.information_tensor(max(seat, 0), out)
        elif seat < 0:
            state.observation_tensor(PUBLIC, out)
        else:
            state.observe(seat, out)  # one call into C with the C step module
        if self.mask_in_observation:
            return {"observation": out,
                    "action_mask": self.infos.get(agent, {}).get("action_mask",
                                                                 self._no_mask[agent])}
        return out

    def last(self, observe: bool = True
             ) -> Tuple[Optional[Observation], float, bool, bool, Dict[str, Any]]:
        """(observation, reward accumulated since the agent last acted,
        termination, truncation, info) of the selected agent."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2 ** 63) -> Iterator[str]:
        """The selected agent, until every agent has left (or max_iter)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def render(self) -> Optional[str]:
        """With render_mode "ansi": the board as the whole table sees it."""
        if self.render_mode != "ansi" or self.state is None:
            return None
        return self.state.to_text(PUBLIC)

    def close(self) -> None:
        if self.state is not None:
            self.state.close()
            self.state = None


def env(game: Union[str, Game], **kwargs: Any) -> AECEnv:
    """PettingZoo's constructor name: tablegames.env.env("bewitched", players=2)."""
    return AECEnv(game, **kwargs)
