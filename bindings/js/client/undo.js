// Who may take back what, and what a redo plays again: the master's record
// of the decisions since the start (public facts only: who decided, and
// the id the master needs to replay it), with the app's two policies.
//
// The unit of undo is a person's last decision with everything after it
// (chance outcomes and computer seats' moves): taking back only a computer
// seat's move would have it move again at once, and taking back only a
// roll would have the master roll again at once.
//
//   undo: 'never'     no undo.
//         'own-turn'  a person takes back their own last decision, as long
//                     as no other person has decided since (the computer
//                     seats' moves after it are taken back with it).
//         'free'      any person takes back the last person's decision.
//   rerolls: 'forbid' taking back a chance outcome does not let anyone
//                     draw it again: the state's RNG is rewound with it, so
//                     the dice come out the same (or, where the library
//                     cannot rewind, an undo past a chance outcome is
//                     refused).
//            'allow'  an undo past a roll lets it be rolled again.

export const UNDO_POLICIES = Object.freeze(['never', 'own-turn', 'free']);
export const REROLL_POLICIES = Object.freeze(['forbid', 'allow']);

/** -1: the player of a chance outcome in the record. */
export const CHANCE_PLAYER = -1;

export class UndoRecord {
  #undo;
  #rerolls;
  #rewinds;
  #isPerson;
  #decisions = []; // { player, id } from the start to the position
  #redo = [];      // groups taken back, the last taken back last

  /**
   * undo, rerolls: the policies; rewinds: whether the state's undo takes
   * back its RNG draws; isPerson(seat): whether a person plays the seat.
   */
  constructor({ undo, rerolls, rewinds, isPerson }) {
    this.#undo = undo;
    this.#rerolls = rerolls;
    this.#rewinds = rewinds;
    this.#isPerson = isPerson;
  }

  /** A decision made (player: a seat or CHANCE_PLAYER); a new one forgets what could be redone. */
  record(player, id, replaying = false) {
    this.#decisions.push({ player, id });
    if (!replaying) this.#redo.length = 0;
  }

  // Where the group an undo takes back starts, or -1.
  #groupStart() {
    const decisions = this.#decisions;
    for (let i = decisions.length - 1; i >= 0; i--) {
      const { player } = decisions[i];
      if (player !== CHANCE_PLAYER && this.#isPerson(player)) return i;
    }
    return -1;
  }

  /** Why seat may not undo now ({ code, message }), or null when it may. */
  undoRefusal(seat) {
    if (this.#undo === 'never') return { code: 'undo_forbidden', message: 'this game is played without undo' };
    const start = this.#groupStart();
    if (start < 0) return { code: 'nothing_to_undo', message: 'no one has made a move to take back' };
    const { player } = this.#decisions[start];
    if (this.#undo === 'own-turn' && player !== seat) {
      return {
        code: 'not_yours',
        message: `the last move was player ${player}'s; you may take back only your own last move`,
      };
    }
    if (this.#rerolls === 'forbid' && !this.#rewinds
        && this.#decisions.slice(start).some((d) => d.player === CHANCE_PLAYER)) {
      return { code: 'would_reroll', message: 'taking that move back would take back a roll, and rolling again is not allowed' };
    }
    return null;
  }

  /** Why seat may not redo now, or null. */
  redoRefusal(seat) {
    if (this.#undo === 'never') return { code: 'undo_forbidden', message: 'this game is played without undo' };
    const group = this.#redo.at(-1);
    if (group === undefined) return { code: 'nothing_to_redo', message: 'nothing was taken back' };
    if (this.#undo === 'own-turn' && group[0].player !== seat) {
      return { code: 'not_yours', message: `the move taken back was player ${group[0].player}'s; only they may play it again` };
    }
    return null;
  }

  /** The decisions an undo takes back (removed from the record, kept for a redo), first first. */
  takeBack() {
    const group = this.#decisions.splice(this.#groupStart());
    this.#redo.push(group);
    return group;
  }

  /** Puts back a group takeBack() gave, when the undo could not be done. */
  restore(group) {
    this.#redo.pop();
    this.#decisions.push(...group);
  }

  /** The group a redo plays again (removed from the redo stack), or undefined. */
  nextRedo() {
    return this.#redo.pop();
  }

  /** Forgets what could be redone (a redo that did not come out the same). */
  forgetRedo() {
    this.#redo.length = 0;
  }

  /** Whether chance outcomes are replayed by drawing again (the rewound RNG) rather than by their ids. */
  get redrawsChance() {
    return this.#rerolls === 'forbid' && this.#rewinds;
  }
}
