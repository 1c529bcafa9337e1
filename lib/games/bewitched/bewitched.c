/* Bewitched: the game table, its options and the configuration. */
#include "bewitched.h"

#include <string.h>

enum {
    BW_OPT_PLAYERS,
    BW_OPT_STOPS,
    BW_OPT_ESCAPE_STEAL,
    BW_OPT_HAT_PUT,
    BW_OPT_FIRST, /* 1.2 */
    BW_OPT_COUNT
};

static const char *const bw_stop_words[] = {"may", "must", NULL};

static const tg_option_info bw_options[BW_OPT_COUNT] = {
    {"players", TG_OPTION_INT, "4", "2..4", "Number of players.", 2, 4, NULL},
    {"stops", TG_OPTION_CHOICE, "may", "may|must",
     "A frog reaching a flower, a hat or a dropped book may stop there with pips left, "
     "or must stop there.",
     0, 0, bw_stop_words},
    {"escape_steal", TG_OPTION_BOOL, "no", "yes|no",
     "May the frog on an escape turn steal again (and earn another escape).", 0, 1, NULL},
    {"hat_put", TG_OPTION_BOOL, "yes", "yes|no",
     "May a frog leave its book under an empty hat; with no, a prince book dropped where "
     "every frog left carries a book ends the game with no winner.",
     0, 1, NULL},
    {"first", TG_OPTION_INT, "0", "0..players-1",
     "Player who starts (the rulebook: choose a starting player).", 0, 3, NULL},
};

static tg_status bw_configure(void *vcfg, const tg_optval *values, tg_msg *msg)
{
    bw_config *cfg = vcfg;
    memset(cfg, 0, sizeof *cfg);
    cfg->players = (int)values[BW_OPT_PLAYERS].i;
    cfg->stop_rule = (int)values[BW_OPT_STOPS].i;
    cfg->escape_steal = values[BW_OPT_ESCAPE_STEAL].i != 0;
    cfg->hat_put = values[BW_OPT_HAT_PUT].i != 0;
    cfg->first = (int)values[BW_OPT_FIRST].i;
    if (cfg->first >= cfg->players) {
        tgM_set(msg, "option first=%d: must be below players=%d", cfg->first, cfg->players);
        return TG_E_BAD_OPTION;
    }
    /* Two players sit opposite each other, as people round a table would. */
    for (int p = 0; p < cfg->players; p++)
        cfg->colour_of[p] = (uint8_t)(cfg->players == 2 ? 2 * p : p);
    return bw_build_board(cfg, msg);
}

static void bw_limits(const void *vcfg, tg_limits *out)
{
    (void)vcfg;
    out->move_count = BW_MOVE_COUNT;
    /* Every piece with every route of both dice, or a steal from any frog. */
    out->max_legal_moves = 2 * BW_PIECES * BW_MAX_ROUTES;
    out->max_chance_outcomes = 21;
    out->max_length = 30000;
}

/* The setup's draws, snakes, dice and escape die are chance; every id
 * below them is a player's. */
static int bw_move_is_chance(const void *vcfg, tg_move move)
{
    (void)vcfg;
    return move >= BW_CH_PRINCE;
}

const tg_game_def tgG_bewitched = {
    .info = {.id = "bewitched",
             .name = "Bewitched",
             .summary = "Lead your frogs past cats and snakes to the spell books in the centre "
                        "and carry the prince's book home first.",
             .min_players = 2,
             .max_players = 4,
             .option_count = BW_OPT_COUNT},
    .options = bw_options,
    .config_size = sizeof(bw_config),
    .state_size = sizeof(bw_block),
    .configure = bw_configure,
    .limits = bw_limits,
    .init = bw_init,
    .current_player = bw_current_player,
    .legal_moves = bw_legal_moves,
    .chance = bw_chance,
    .apply = bw_apply,
    .winners = bw_winners,
    .move_text = bw_move_text,
    .board_json = bw_board_json,
    .observe = bw_observe,
    .events = bw_events,
    .render_text = bw_render_text,
    .position_to_json = bw_position_to_json,
    .position_from_json = bw_position_from_json,
    .validate = bw_validate,
    .resample = bw_resample,
    .public_view = 1,
    .tensor_size = bw_tensor_size,
    .tensor = bw_tensor,
    .tensor_bytes = bw_tensor_bytes,
    .is_legal = bw_is_legal,
    .apply_turn = bw_apply_turn,
    .uniform_chance = bw_uniform_chance,
    .chance_total = bw_chance_total,
    .chance_pick = bw_chance_pick,
    .apply_chance_turn = bw_apply_chance_turn,
    /* Random frogs take about 1,900 decisions to finish a game and its
     * winner is nearly a coin toss, so searches with random playouts lost
     * to the easy bot; see docs/bots.md. */
    .guided_playouts = 1,
    .easy_score = bw_easy_score,
    .parse_words = bw_parse_words,
    .move_is_chance = bw_move_is_chance,
    .hidden_information = 1,
    .formats = {1, 1, 1},
    .any_move_text = bw_any_move_text,
    .action_mask = bw_action_mask,
    .action_mask_bits = bw_action_mask_bits,
    .playout = bw_playout,
};
