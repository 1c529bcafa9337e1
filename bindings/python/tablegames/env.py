"""An environment in the shape of PettingZoo's AEC API, standard library
only (numpy used where it is installed):

    from tablegames.env import AECEnv
    env = AECEnv("witches_dance", players=4)
    env.reset(seed=42)
    for agent in env.agent_iter(max_iter=100_000):
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None          # a finished agent steps with None
        else:
            action = env.action_space(agent).sample(info["action_mask"])
        env.step(action)

Agents are "player_0" .. "player_<n-1>". An action is an id of the game's
move space (Game.move_count ids: the action space is Discrete(move_count)
and infos[agent]["action_mask"] marks the legal ones, 1 byte per id); an
observation is the agent's observation tensor (float32, the game's rule
page lays it out). Chance points are played inside step() with the state's
RNG (seeded by reset(seed)); with chance_agent=True they are surfaced as
the agent "chance" instead, whose infos["chance"]["chance_outcomes"] lists
(id, probability) and whose observation is the public view. Rewards come
at the end: each player's return (1 shared among the winners, 0
otherwise). max_steps truncates an episode after that many decisions; by
default none (the library ends every game within Game.length_bound).

observation_space(agent) and action_space(agent) are descriptions in the
shape of gymnasium's spaces (tablegames.spaces), without gymnasium.
"""

from __future__ import annotations

import operator
import random
from array import array
from typing import Any, Dict, Iterator, List, Optional, Tuple, Union

from .buffers import numpy as _numpy
from .errors import IllegalMove
from .game import Game, OptionValue
from .spaces import Box, Discrete
from .spaces import Dict as DictSpace
from .state import State
from .viewers import PUBLIC

CHANCE_AGENT = "chance"
Observation = Any  # a numpy float32 array, an array('f'), or a dict with the mask


def agent_name(player: int) -> str:
    return "player_%d" % player


class AECEnv:
    """One game as a PettingZoo AEC environment (see the module's text)."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: Union[str, Game], *, chance_agent: bool = False,
                 max_steps: Optional[int] = None, use_numpy: Optional[bool] = None,
                 mask_in_observation: bool = False, render_mode: Optional[str] = None,
                 **options: OptionValue) -> None:
        self.game = game if isinstance(game, Game) else Game(game, dict(options))
        self.metadata = dict(self.metadata, name="tablegames_" + self.game.id)
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
        self._moves = self.game.move_count
        self._tensor_size = self.game.observation_tensor_size
        box = Box(float("-inf"), float("inf"), (self._tensor_size,), "float32")
        mask = Box(0, 1, (self._moves,), "int8")
        self._observation_space = DictSpace({"observation": box, "action_mask": mask}) \
            if mask_in_observation else box
        self._no_mask = self._new_mask()
        self.state: Optional[State] = None
        self.agents: List[str] = []
        self.agent_selection = ""
        self.rewards: Dict[str, float] = {}
        self._cumulative_rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, Dict[str, Any]] = {}
        self.steps = 0

    # ---- descriptions -------------------------------------------------------

    @property
    def num_agents(self) -> int:
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        return len(self.possible_agents)

    def observation_space(self, agent: str) -> Any:
        self._agent(agent)
        return self._observation_space

    def action_space(self, agent: str) -> Discrete:
        """Discrete(move_count): every id of the move space (the mask says
        which are legal; ids of chance outcomes are never legal for a
        player)."""
        self._agent(agent)
        return Discrete(self._moves)

    @property
    def observation_spaces(self) -> Dict[str, Any]:
        return {a: self._observation_space for a in self.possible_agents}

    @property
    def action_spaces(self) -> Dict[str, Discrete]:
        return {a: Discrete(self._moves) for a in self.possible_agents}

    @property
    def unwrapped(self) -> AECEnv:
        return self

    def _agent(self, agent: str) -> int:
        try:
            return self._seat[agent]
        except KeyError:
            raise KeyError("no agent %r in this environment (agents: %s)"
                           % (agent, ", ".join(self.possible_agents))) from None

    # ---- the episode ----------------------------------------------------------

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> None:
        """A new game: seed makes it repeatable (None draws one)."""
        if seed is None:
            seed = random.getrandbits(63)
        if self.state is None:
            self.state = self.game.new_state(seed)
        else:
            self.state.reset(seed)
        self.agents = list(self.possible_agents)
        zero = {a: 0.0 for a in self.agents}
        self.rewards, self._cumulative_rewards = dict(zero), dict(zero)
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {"action_mask": self._no_mask} for a in self.agents}
        self.steps = 0
        self._view = self.state.step_view()
        self._advance()

    def _new_mask(self) -> Any:
        np = self._np
        return np.zeros(self._moves, np.int8) if np is not None else bytearray(self._moves)

    def _advance(self) -> None:
        """Plays chance points (unless the chance agent does), then sets the
        selection, the end of the episode and the masks."""
        state, view = self.state, self._view
        assert state is not None
        if not self.chance_agent:
            while view.player == -1:
                view = state.step(None)
                self.steps += 1
        self._view = view
        player = view.player
        if player == -2:
            for a, r in zip(self.agents, state.returns):
                self.rewards[a] = r
            for a in self.agents:
                self.terminations[a] = True
        elif self.max_steps is not None and self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
        previous = self.infos.get(self.agent_selection)
        if previous is not None:
            previous["action_mask"] = self._no_mask
        if player < 0 and player != -1:  # over: the finished agents step None in turn
            self.agent_selection = self.agents[0]
            return
        if self.truncations[self.agents[0]]:
            self.agent_selection = self.agents[0]
            return
        agent = CHANCE_AGENT if player == -1 else self.possible_agents[player]
        self.agent_selection = agent
        info = self.infos[agent]
        mask = info["action_mask"] = self._new_mask()
        if player >= 0:
            state.observe(player, None, mask)  # one call into C with the C step module
        else:
            state.legal_mask(mask)
        if player == -1:
            info["chance_outcomes"] = [(int(m), p) for m, p in state.chance_outcomes()]

    def step(self, action: Optional[int]) -> None:
        """The selected agent's decision: an id whose mask entry is set, or
        None for an agent that is terminated or truncated (it then leaves
        agents, as in PettingZoo). IllegalMove for an illegal id; the
        environment is then unchanged."""
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            if action is not None:
                raise ValueError("step: %s is done; a done agent steps with None" % agent)
            self._remove(agent)
            return
        if action is None:
            raise ValueError("step: %s must act (None is for done agents only)" % agent)
        move = operator.index(action)
        state = self.state
        assert state is not None
        if not 0 <= move < self._moves or not self.infos[agent]["action_mask"][move]:
            raise IllegalMove("step: action %d is not legal for %s here (its action_mask"
                              " entry is 0)" % (move, agent))
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        self.infos[agent].pop("chance_outcomes", None)
        self._view = state.step(move)
        self.steps += 1
        self._advance()

    def _remove(self, agent: str) -> None:
        self.agents.remove(agent)
        for table in (self.rewards, self._cumulative_rewards, self.terminations,
                      self.truncations, self.infos):
            del table[agent]  # type: ignore[attr-defined]
        if self.agents:
            self.agent_selection = self.agents[0]

    # ---- what an agent sees ---------------------------------------------------

    def observe(self, agent: str) -> Observation:
        """The agent's observation tensor (the chance agent's: the public
        view), with its action mask in a dict when mask_in_observation."""
        seat = self._agent(agent)
        state = self.state
        if state is None:
            raise RuntimeError("observe: call reset() first")
        np = self._np
        out = np.empty(self._tensor_size, np.float32) if np is not None else \
            array("f", bytes(4 * self._tensor_size))
        if seat < 0:
            state.observation_tensor(PUBLIC, out)
        else:
            state.observe(seat, out)  # one call into C with the C step module
        if self.mask_in_observation:
            return {"observation": out,
                    "action_mask": self.infos.get(agent, {}).get("action_mask", self._no_mask)}
        return out

    def last(self, observe: bool = True
             ) -> Tuple[Optional[Observation], float, bool, bool, Dict[str, Any]]:
        """(observation, cumulative reward, termination, truncation, info)
        of the selected agent."""
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
