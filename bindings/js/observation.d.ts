// What State.observation(viewer) returns, game by game: the fields every
// game's observation has (the core's), then each game's own, as the rule
// pages (docs/rules/*.md, "Observation") describe them; a union told apart
// by `game`. Type aliases, not interfaces, so that an observation is still
// a Record<string, unknown> to code written for 1.3. Written by hand;
// test/observation-types.test.js type-checks observations of played games
// against these types, so a field the library adds, drops or retypes
// fails that test.

/** The fields the core adds to every game's observation. */
type CoreObservation = {
  /** Who sees this: a seat, -1 for the omniscient viewer, -2 for the public. */
  readonly viewer: number;
  readonly players: number;
  readonly move_number: number;
  /** A seat, CHANCE (-1) or TERMINAL (-2). */
  readonly current_player: number;
  /** The winning seats (empty while the game runs). */
  readonly winners: readonly number[];
};

// ---- Witches' Dance -------------------------------------------------------------

export type WitchColor = 'yellow' | 'pink' | 'red' | 'green' | 'lightblue' | 'darkblue';

export type WitchesDanceObservation = CoreObservation & {
  readonly game: 'witches_dance';
  readonly phase: 'setup' | 'roll' | 'choose' | 'takeoff' | 'over';
  /** Whose turn it is; null once the game is over. */
  readonly player: number | null;
  /** The last roll, 0 before the first. */
  readonly die: number;
  /** The chosen witch's space while she passes an exit, else null. */
  readonly selected: number | null;
  /** 36 spaces: null, "hat", or (omniscient viewer) the witch's colour. */
  readonly circle: readonly (WitchColor | 'hat' | null)[];
  /** Witches waiting in each start area, for the colours in play. */
  readonly start: Readonly<Partial<Record<WitchColor, number>>>;
  /** The witches on each colour's take-off strip. */
  readonly strips: Readonly<Record<WitchColor, readonly WitchColor[]>>;
  readonly neutrals: readonly WitchColor[];
  /** Each player's colour. */
  readonly colors: readonly WitchColor[];
  /** Witches counting for each player. */
  readonly scores: readonly number[];
  /** Witches a player needs to win. */
  readonly target: number;
  /** 36 spaces: the hat's colour if this viewer knows it, else null. */
  readonly known_color: readonly (WitchColor | null)[];
  /** 36 spaces: null on an empty space, else the players who know that hat. */
  readonly known_by: readonly (readonly number[] | null)[];
};

// ---- Spinning Wishes ------------------------------------------------------------

export type Princess = 'snow' | 'cinder' | 'belle' | 'beauty';

export type SpinningWishesPrincess = {
  readonly princess: Princess | null;
  /** The space's name ("12", "c3", ...), or null before she is placed. */
  readonly space: string | null;
  readonly wishes: readonly Princess[];
  readonly own_three: boolean;
  /** The towers she looked under. */
  readonly looked: readonly number[];
  readonly miss_turn: boolean;
  readonly start_roll: number;
};

export type SpinningWishesObservation = CoreObservation & {
  readonly game: 'spinning_wishes';
  readonly phase: 'pick' | 'deal' | 'place' | 'start' | 'roll' | 'move' | 'spin' | 'take' | 'trade' | 'over';
  readonly turn: number;
  readonly roll: number;
  readonly winner: number | null;
  /** Players still to roll a start roll. */
  readonly start_pending: readonly number[];
  /** One per player. */
  readonly princesses: readonly SpinningWishesPrincess[];
  readonly wheel: {
    readonly rotation: number;
    readonly slots: readonly (Princess | null)[];
    /** The slots in each princess's ray. */
    readonly in_ray: Readonly<Partial<Record<Princess, readonly number[]>>>;
  };
  readonly towers: readonly {
    /** The present under the tower, if this viewer knows it. */
    readonly present: Princess | null;
    /** The princesses who looked there and did not win. */
    readonly not_for: readonly Princess[];
  }[];
  readonly presents_dealt: boolean;
};

// ---- Creepy Cauldron ------------------------------------------------------------

export type Creature = 'spider' | 'bat' | 'rat' | 'snake';
export type PawnColour = 'red' | 'blue' | 'green' | 'yellow';

export type CreepyCauldronPawn = {
  readonly colour: PawnColour;
  /** Its space; null once it has escaped. */
  readonly space: number | null;
  readonly invisible: boolean;
  readonly miss: boolean;
  readonly frog: boolean;
  readonly key: boolean;
  readonly creatures: readonly Creature[];
  readonly book: readonly Creature[];
  readonly book_complete: boolean;
};

export type CreepyCauldronObservation = CoreObservation & {
  readonly game: 'creepy_cauldron';
  readonly turn: number;
  readonly phase: 'roll' | 'roller' | 'fish' | 'again' | 'return' | 'steal' | 'vanish' | 'over' | 'pickup';
  readonly pawns: readonly CreepyCauldronPawn[];
  /** Kalmorda's space. */
  readonly witch: number;
  /** The player turned into a frog, or null. */
  readonly frog: number | null;
  readonly key:
    | { readonly at: 'handle' }
    | { readonly at: 'player'; readonly player: number }
    | { readonly at: 'space'; readonly space: number };
  /** Creatures left in the cauldron, by kind. */
  readonly cauldron: Readonly<Record<Creature, number>>;
  readonly attempts_left: number;
  /** The player being robbed during a theft, or null. */
  readonly victim: number | null;
  readonly winner: number | null;
};

// ---- Bewitched ------------------------------------------------------------------

export type FrogColour = 'red' | 'blue' | 'green' | 'yellow';
/** A space (1..56) or the lily pad of a colour. */
export type BewitchedNode = number | FrogColour;

export type BewitchedObservation = CoreObservation & {
  readonly game: 'bewitched';
  readonly stage: 'setup' | 'roll' | 'action' | 'steal' | 'hat' | 'pickup' | 'escape_roll' | 'escape_move' | 'over';
  readonly player: number;
  readonly setup_step: number;
  readonly dice: readonly [number, number];
  readonly dice_used: readonly [boolean, boolean];
  readonly cat_moved: boolean;
  /** A steal this turn: no extra turn. */
  readonly no_extra_turn: boolean;
  readonly frogs: readonly {
    readonly player: number;
    /** 1..3 */
    readonly frog: number;
    readonly colour: FrogColour;
    /** Its space or its pad's colour; null when out. */
    readonly at: BewitchedNode | null;
    readonly book: number | null;
    /** True once bitten, else null (the omniscient viewer sees the truth). */
    readonly magnetic: boolean | null;
    readonly moved: boolean;
    readonly must_move: boolean;
    readonly must_move_next: boolean;
  }[];
  readonly cats: readonly (BewitchedNode | null)[];
  readonly snakes: readonly {
    readonly snake: number;
    readonly space: number;
    readonly in_play: boolean;
    /** True once it bit, else null (the omniscient viewer sees the truth). */
    readonly deadly: boolean | null;
    /** Frogs that touched it without a bite. */
    readonly touched_by: readonly number[];
  }[];
  /** The book under each hat, or null. */
  readonly hats: readonly (number | null)[];
  readonly books: readonly {
    readonly book: number;
    readonly where: 'hat' | 'frog' | 'ground';
    readonly at: BewitchedNode | null;
    /** What the page says, if this viewer has looked at it (or it came home). */
    readonly page: 'prince' | 'frog' | null;
    /** The players who have looked at it. */
    readonly seen_by: readonly number[];
  }[];
  /** Antidotes per player. */
  readonly antidotes: readonly number[];
  readonly antidote_pile: number;
  readonly escape_frog: number | null;
  /** The frog whose follow-up is pending (steal_from: the frogs it may rob), or null. */
  readonly decision: { readonly frog: number; readonly steal_from?: readonly number[] } | null;
  readonly winner: number | null;
};

// ---- by game ----------------------------------------------------------------------

/** Each game's observation, by game id. */
export type ObservationById = {
  witches_dance: WitchesDanceObservation;
  spinning_wishes: SpinningWishesObservation;
  creepy_cauldron: CreepyCauldronObservation;
  bewitched: BewitchedObservation;
};
