/* Creepy Cauldron (MB's "Hexenkessel"): the game table, its options and
 * the configuration they turn into. */
#include <math.h>
#include <string.h>

#include "core/cnum.h"
#include "creepy_cauldron.h"

static const char *const cc_retry_words[] = {"turn", "lap", NULL};
static const char *const cc_invisible_words[] = {"reveal", "catch", "hide", NULL};
static const char *const cc_keysafe_words[] = {"own", "any", NULL};
static const char *const cc_nofrog_words[] = {"pass", "again", NULL};
static const char *const cc_cave_words[] = {"stay", "cell", NULL};
static const char *const cc_pickup_words[] = {"choose", "auto", NULL};

#define CC_SNAP_PLAYER(n)                                                                   \
    {"snap" #n, TG_OPTION_NUMBER, "-1", "-1 or 0..0.95",                                    \
     "snap chance of player " #n " (a steadier or clumsier hand); -1 uses snap", -1, 0.95, NULL}

static const tg_option_info cc_options[CC_OPT_COUNT] = {
    {"players", TG_OPTION_INT, "4", "2..4", "number of players", 2, 4, NULL},
    {"snap", TG_OPTION_NUMBER, "0.15", "0..0.95",
     "chance that one fishing attempt snaps the handle", 0, 0.95, NULL},
    CC_SNAP_PLAYER(0),
    CC_SNAP_PLAYER(1),
    CC_SNAP_PLAYER(2),
    CC_SNAP_PLAYER(3),
    {"roller", TG_OPTION_INT, "3", "1..6",
     "positions of the handle's roller; one of them releases the key", 1, 6, NULL},
    {"retry", TG_OPTION_CHOICE, "turn", "turn|lap",
     "after a failed key release: try again next turn, or only after another lap", 0, 0,
     cc_retry_words},
    {"exact", TG_OPTION_BOOL, "no", "yes|no",
     "the key carrier must land exactly on the padlock space", 0, 0, NULL},
    {"invisible", TG_OPTION_CHOICE, "reveal", "reveal|catch|hide",
     "what Kalmorda's flight does to invisible pawns", 0, 0, cc_invisible_words},
    {"keysafe", TG_OPTION_CHOICE, "any", "own|any",
     "which key spaces protect a pawn from Kalmorda: any (the rulebook), or only its own", 0, 0,
     cc_keysafe_words},
    {"nofrog", TG_OPTION_CHOICE, "pass", "pass|again",
     "rolling the frog with no frog on the board: turn passes, or roll again", 0, 0,
     cc_nofrog_words},
    {"cave", TG_OPTION_CHOICE, "stay", "stay|cell",
     "a pawn sent to the cave misses a turn where it stands, or also goes back to its cell",
     0, 0, cc_cave_words},
    {"empty", TG_OPTION_NUMBER, "0.1", "0..0.9",
     "chance that a fishing attempt that does not snap the handle brings up nothing", 0, 0.9,
     NULL},
    {"pickup", TG_OPTION_CHOICE, "choose", "choose|auto",
     "a key left lying on a space the pawn passes: the player may take it (the rulebook), or "
     "it is taken at once",
     0, 0, cc_pickup_words},
    {"exact_free", TG_OPTION_BOOL, "no", "yes|no",
     "with exact=yes, a pawn standing on the carrier's padlock space also bars the escape", 0,
     0, NULL},
};

/* What a format-1 save (release 1.1) played when it did not name an option:
 * keysafe's old default, and the behaviour before the 1.2 options existed. */
static const char *const cc_legacy[CC_OPT_COUNT] = {
    [CC_OPT_KEYSAFE] = "own",
    [CC_OPT_EMPTY] = "0",
    [CC_OPT_PICKUP] = "auto",
    [CC_OPT_EXACT_FREE] = "yes",
};

/* Two players take opposite corners, so neither starts nearer the witch
 * or the other's cell. */
static const uint8_t cc_colours_for[CC_MAX_PLAYERS + 1][CC_MAX_PLAYERS] = {
    {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 2, 0, 0}, {0, 1, 2, 0}, {0, 1, 2, 3},
};

static uint16_t cc_snap_parts(double chance)
{
    return (uint16_t)lround(chance * (double)CC_SNAP_SCALE);
}

static tg_status cc_configure(void *cfgv, const tg_optval *v, tg_msg *msg)
{
    cc_config *cfg = cfgv;
    memset(cfg, 0, sizeof *cfg);
    cfg->players = (uint8_t)v[CC_OPT_PLAYERS].i;
    memset(cfg->owner, CC_NONE, sizeof cfg->owner);
    for (unsigned p = 0; p < cfg->players; p++) {
        cfg->colour[p] = cc_colours_for[cfg->players][p];
        cfg->owner[cfg->colour[p]] = (uint8_t)p;
    }
    for (unsigned p = 0; p < CC_MAX_PLAYERS; p++) {
        double own = v[CC_OPT_SNAP0 + p].d;
        if (own < 0 && own != -1) {
            char text[40];
            tgN_format_double(own, text, sizeof text);
            tgM_set(msg, "option snap%u: %s is neither -1 nor in 0..0.95", p, text);
            return TG_E_BAD_OPTION;
        }
        cfg->snap[p] = cc_snap_parts(own < 0 ? v[CC_OPT_SNAP].d : own);
    }
    cfg->roller = (uint8_t)v[CC_OPT_ROLLER].i;
    cfg->retry = (uint8_t)v[CC_OPT_RETRY].i;
    cfg->exact = (uint8_t)v[CC_OPT_EXACT].i;
    cfg->invisible = (uint8_t)v[CC_OPT_INVISIBLE].i;
    cfg->keysafe = (uint8_t)v[CC_OPT_KEYSAFE].i;
    cfg->nofrog = (uint8_t)v[CC_OPT_NOFROG].i;
    cfg->cave = (uint8_t)v[CC_OPT_CAVE].i;
    cfg->empty = cc_snap_parts(v[CC_OPT_EMPTY].d);
    cfg->pickup = (uint8_t)v[CC_OPT_PICKUP].i;
    cfg->exact_free = (uint8_t)v[CC_OPT_EXACT_FREE].i;
    cc_fish_weights(cfg);
    cc_choice_tables(cfg);
    cc_board_fill(cfg);
    return TG_OK;
}

/* Random play ends within about 1500 decisions at 4 players (see the rule
 * document); the cap is far above that and only stops pathological play. */
#define CC_MAX_LENGTH 40000u

static void cc_limits(const void *cfgv, tg_limits *out)
{
    (void)cfgv;
    out->move_count = CC_MOVE_COUNT;
    /* The die's six faces, or snap + nothing + each kind, or each kind + nosteal. */
    uint32_t most = CC_FACES > 2 + CC_KINDS ? CC_FACES : 2 + CC_KINDS;
    out->max_legal_moves = most;
    out->max_chance_outcomes = most;
    out->max_length = CC_MAX_LENGTH;
}

/* The die, fishing and the roller are chance; the rest is the players'. */
static int cc_move_is_chance(const void *vcfg, tg_move move)
{
    (void)vcfg;
    return move <= CC_M_NOKEY || move == CC_M_NOTHING;
}

/* Every text is the same in every position. */
static size_t cc_any_move_text(const void *vcfg, tg_move move, char *buf, size_t cap)
{
    return cc_move_text(vcfg, NULL, move, buf, cap);
}

const tg_game_def tgG_creepy_cauldron = {
    .info = {.id = "creepy_cauldron",
             .name = "Creepy Cauldron",
             .summary = "Fish three creatures out of the witch's cauldron, free the key and "
                        "escape before Kalmorda or the others catch you.",
             .min_players = 2,
             .max_players = CC_MAX_PLAYERS,
             .option_count = CC_OPT_COUNT},
    .options = cc_options,
    .config_size = sizeof(cc_config),
    .state_size = sizeof(cc_pos),
    .configure = cc_configure,
    .limits = cc_limits,
    .init = cc_init,
    .current_player = cc_current_player,
    .legal_moves = cc_legal_moves,
    .chance = cc_chance,
    .apply = cc_apply,
    .winners = cc_winners,
    .move_text = cc_move_text,
    .board_json = cc_board_json,
    .observe = cc_observe,
    .events = cc_events,
    .render_text = cc_render_text,
    .position_to_json = cc_position_to_json,
    .position_from_json = cc_position_from_json,
    .validate = cc_validate,
    .resample = cc_resample,
    .public_view = 1,
    .tensor_size = cc_tensor_size,
    .tensor = cc_tensor,
    .tensor_bytes = cc_tensor_bytes,
    .is_legal = cc_is_legal,
    .uniform_chance = cc_uniform_chance,
    .easy_score = cc_easy_score,
    .legacy_values = cc_legacy,
    .parse_words = cc_parse_words,
    .move_is_chance = cc_move_is_chance,
    .hidden_information = 0,
    .formats = {1, 1, 1},
    .any_move_text = cc_any_move_text,
    .apply_turn = cc_apply_turn,
    .apply_if_legal = cc_apply_if_legal,
    .chance_total = cc_chance_total,
    .chance_pick = cc_chance_pick,
    .apply_chance_turn = cc_apply_chance_turn,
    .playout = cc_playout,
};
