// The games' ids and each game's options as TypeScript types, written by
// catalogue-types.mjs from the library's catalogue; do not edit by hand
// (test/catalogue-types.test.js holds this file to the library).

/** The id of a game of the catalogue. */
export type GameId = 'witches_dance' | 'spinning_wishes' | 'creepy_cauldron' | 'bewitched';

/** Each game's options, as new Game(id, options) takes them (all optional). */
export interface GameOptionsById {
  /** Witches' Dance */
  witches_dance: {
    /** Number of players. (2..6; default 4) */
    players?: 2 | 3 | 4 | 5 | 6;
    /** Player who starts (the rulebook: the oldest). (0..players-1; default 0) */
    first?: 0 | 1 | 2 | 3 | 4 | 5;
    /** Own witches per player; 0 uses the table (2-3 players: 4, 4: 3, 5-6: 2). (0..4; default 0) */
    witches?: 0 | 1 | 2 | 3 | 4;
    /** Where a rolled 1 puts an entering witch: on the entry space, or one past it. (on|past; default on) */
    entry?: 'on' | 'past';
    /** May a player peek on a 6 while witches still wait in their start area. (yes|no; default no) */
    early_peek?: boolean | 'yes' | 'no' | 'true' | 'false' | 'on' | 'off';
  };
  /** Spinning Wishes */
  spinning_wishes: {
    /** Number of players. (2..4; default 4) */
    players?: 2 | 3 | 4;
    /** choose: players pick their princesses in turn, youngest (player 0) first; seat: player i plays princess i. (choose|seat; default choose) */
    princesses?: 'choose' | 'seat';
    /** place: players put their wish holders on the wheel; random: chance does it. (place|random; default place) */
    wheel?: 'place' | 'random';
    /** reach: a move in the castle stops on the first space of a tower she may look at; exact: only a move that ends on a tower space looks. (reach|exact; default reach) */
    tower?: 'reach' | 'exact';
    /** May a princess look again under a present she has already seen. (yes|no; default no) */
    relook?: boolean | 'yes' | 'no' | 'true' | 'false' | 'on' | 'off';
    /** ray: a spin's outcome is which holders lie in the spinner's ray, as seen at the table; rotation: which of the wheel's 48 stops it is (release 1.1). (ray|rotation; default ray) */
    spin?: 'ray' | 'rotation';
  };
  /** Creepy Cauldron */
  creepy_cauldron: {
    /** number of players (2..4; default 4) */
    players?: 2 | 3 | 4;
    /** chance that one fishing attempt snaps the handle (0..0.95; default 0.15) */
    snap?: number;
    /** snap chance of player 0 (a steadier or clumsier hand); -1 uses snap (-1 or 0..0.95; default -1) */
    snap0?: number;
    /** snap chance of player 1 (a steadier or clumsier hand); -1 uses snap (-1 or 0..0.95; default -1) */
    snap1?: number;
    /** snap chance of player 2 (a steadier or clumsier hand); -1 uses snap (-1 or 0..0.95; default -1) */
    snap2?: number;
    /** snap chance of player 3 (a steadier or clumsier hand); -1 uses snap (-1 or 0..0.95; default -1) */
    snap3?: number;
    /** positions of the handle's roller; one of them releases the key (1..6; default 3) */
    roller?: 1 | 2 | 3 | 4 | 5 | 6;
    /** after a failed key release: try again next turn, or only after another lap (turn|lap; default turn) */
    retry?: 'turn' | 'lap';
    /** the key carrier must land exactly on the padlock space (yes|no; default no) */
    exact?: boolean | 'yes' | 'no' | 'true' | 'false' | 'on' | 'off';
    /** what Kalmorda's flight does to invisible pawns (reveal|catch|hide; default reveal) */
    invisible?: 'reveal' | 'catch' | 'hide';
    /** which key spaces protect a pawn from Kalmorda: any (the rulebook), or only its own (own|any; default any) */
    keysafe?: 'own' | 'any';
    /** rolling the frog with no frog on the board: turn passes, or roll again (pass|again; default pass) */
    nofrog?: 'pass' | 'again';
    /** a pawn sent to the cave misses a turn where it stands, or also goes back to its cell (stay|cell; default stay) */
    cave?: 'stay' | 'cell';
    /** chance that a fishing attempt that does not snap the handle brings up nothing (0..0.9; default 0.1) */
    empty?: number;
    /** a key left lying on a space the pawn passes: the player may take it (the rulebook), or it is taken at once (choose|auto; default choose) */
    pickup?: 'choose' | 'auto';
    /** with exact=yes, a pawn standing on the carrier's padlock space also bars the escape (yes|no; default no) */
    exact_free?: boolean | 'yes' | 'no' | 'true' | 'false' | 'on' | 'off';
  };
  /** Bewitched */
  bewitched: {
    /** Number of players. (2..4; default 4) */
    players?: 2 | 3 | 4;
    /** A frog reaching a flower, a hat or a dropped book may stop there with pips left, or must stop there. (may|must; default may) */
    stops?: 'may' | 'must';
    /** May the frog on an escape turn steal again (and earn another escape). (yes|no; default no) */
    escape_steal?: boolean | 'yes' | 'no' | 'true' | 'false' | 'on' | 'off';
    /** May a frog leave its book under an empty hat; with no, a prince book dropped where every frog left carries a book ends the game with no winner. (yes|no; default yes) */
    hat_put?: boolean | 'yes' | 'no' | 'true' | 'false' | 'on' | 'off';
    /** Player who starts (the rulebook: choose a starting player). (0..players-1; default 0) */
    first?: 0 | 1 | 2 | 3;
  };
}
