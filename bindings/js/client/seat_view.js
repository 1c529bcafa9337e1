// What a seat (or a spectator) is told: its view of the game and its log
// entries. These two functions are the only places the master reads the
// true state for a seat, and they read it only through the library's
// per-viewer calls (observation, events, the text drawing, and the legal
// moves of the seat to move), so what a seat gets is what the rules let
// it see. The rest comes from the master's public bookkeeping (the version,
// whose turn, who may undo). test/client_secrets.test.js holds them to it:
// a state re-drawn in everything the seat cannot know must give the seat
// exactly the same view and entries.
import { PUBLIC, TERMINAL } from '../index.js';

/** The library's viewer for a seat number or 'spectator'. */
export function libraryViewer(viewer) {
  return viewer === 'spectator' ? PUBLIC : viewer;
}

/**
 * The view of viewer (a seat or 'spectator') at the state's position.
 * public: { version, thinking, canUndo, canRedo, text } of the master.
 */
export function viewFor(state, viewer, { version, thinking, canUndo, canRedo, text }) {
  const who = libraryViewer(viewer);
  const player = state.currentPlayer;
  const over = player === TERMINAL;
  const view = {
    version,
    viewer,
    observation: state.observation(who),
    events: state.events(who),
    turn: {
      player: player >= 0 ? player : null,
      over,
      winners: over ? state.winners : [],
      thinking,
    },
    // Only the seat to move gets its moves: another seat's options may
    // say what that seat holds.
    moves: player === viewer ? state.legalMoves().map(({ id, text: notation }) => ({ id, text: notation })) : [],
    canUndo,
    canRedo,
  };
  if (text) view.text = state.toText(who);
  return view;
}

/**
 * The log entry viewer gets for the decision just made in state: who made
 * it (a seat, or -1 for chance) and what it did as the viewer saw it.
 * kind: 'move' | 'chance' | 'redo'; by: the seat that asked for a redo.
 */
export function entryFor(state, viewer, { version, kind, player, by }) {
  const entry = { version, kind, player, events: state.events(libraryViewer(viewer)) };
  if (by !== undefined) entry.by = by;
  return entry;
}
