/* Witches' Dance: the game table, its options and the configuration. */
#include "witches_dance.h"

#include <string.h>

enum {
    WD_OPT_PLAYERS,
    WD_OPT_FIRST,
    WD_OPT_WITCHES,
    WD_OPT_ENTRY,
    WD_OPT_EARLY_PEEK,
    WD_OPT_COUNT
};

static const char *const wd_entry_words[] = {"on", "past", NULL};

static const tg_option_info wd_options[WD_OPT_COUNT] = {
    {"players", TG_OPTION_INT, "4", "2..6", "Number of players.", 2, 6, NULL},
    {"first", TG_OPTION_INT, "0", "0..players-1",
     "Player who starts (the rulebook: the oldest).", 0, 5, NULL},
    {"witches", TG_OPTION_INT, "0", "0..4",
     "Own witches per player; 0 uses the table (2-3 players: 4, 4: 3, 5-6: 2).", 0, 4, NULL},
    {"entry", TG_OPTION_CHOICE, "on", "on|past",
     "Where a rolled 1 puts an entering witch: on the entry space, or one past it.", 0, 0,
     wd_entry_words},
    {"early_peek", TG_OPTION_BOOL, "no", "yes|no",
     "May a player peek on a 6 while witches still wait in their start area.", 0, 1, NULL},
};

/* Witches per player by player count, from the 24-hat edition (FACTS.md). */
static const uint8_t wd_default_witches[WD_MAX_PLAYERS + 1] = {0, 0, 4, 4, 3, 2, 2};

int wd_witches_of(const wd_config *cfg, int colour, uint8_t neutral)
{
    if (cfg->owner_of[colour] >= 0)
        return cfg->witches;
    return (neutral >> colour) & 1u ? WD_NEUTRAL_PER_COLOUR : 0;
}

static tg_status wd_configure(void *vcfg, const tg_optval *values, tg_msg *msg)
{
    wd_config *cfg = vcfg;
    memset(cfg, 0, sizeof *cfg);
    cfg->players = (int)values[WD_OPT_PLAYERS].i;
    cfg->first = (int)values[WD_OPT_FIRST].i;
    if (cfg->first >= cfg->players) {
        tgM_set(msg, "option first=%d: must be below players=%d", cfg->first, cfg->players);
        return TG_E_BAD_OPTION;
    }
    cfg->witches = (int)values[WD_OPT_WITCHES].i;
    if (cfg->witches == 0)
        cfg->witches = wd_default_witches[cfg->players];
    cfg->two_player = cfg->players == 2;
    cfg->target = cfg->witches;
    cfg->entry_rule = (int)values[WD_OPT_ENTRY].i;
    cfg->early_peek = values[WD_OPT_EARLY_PEEK].i != 0;
    cfg->total = cfg->players * cfg->witches +
                 (cfg->two_player ? WD_NEUTRAL_COLOURS * WD_NEUTRAL_PER_COLOUR : 0);

    /* Players sit spread round the board, as people around a table would. */
    for (int c = 0; c < WD_COLOURS; c++)
        cfg->owner_of[c] = -1;
    for (int p = 0; p < cfg->players; p++) {
        int c = p * WD_COLOURS / cfg->players;
        cfg->colour_of[p] = (uint8_t)c;
        cfg->owner_of[c] = (int8_t)p;
        cfg->player_colours |= (uint8_t)(1u << c);
        cfg->next_player[p] = (uint8_t)(p + 1 == cfg->players ? 0 : p + 1);
        cfg->usable_bit[p] = (uint8_t)(1u << c);
    }
    cfg->all_known = (uint8_t)(((1u << cfg->players) - 1u) | WD_KNOWN_PUBLIC);

    for (int s = 0; s < WD_SPACES; s++) {
        cfg->back[s] = (uint8_t)((s + WD_SPACES - WD_PUSH_BACK) % WD_SPACES);
        cfg->passes[s][0] = WD_NO_COLOUR;
        for (int d = 0; d <= 6; d++)
            cfg->step[s][d] = (uint8_t)((s + d) % WD_SPACES);
        for (int d = 1; d <= 6; d++) {
            cfg->passes[s][d] = WD_NO_COLOUR;
            for (int k = 0; k < d; k++) {
                int e = wd_exit_colour_at((s + k) % WD_SPACES);
                if (e >= 0)
                    cfg->passes[s][d] = (uint8_t)e;
            }
            cfg->exit_bit[s][d] =
                cfg->passes[s][d] == WD_NO_COLOUR ? 0 : (uint8_t)(1u << cfg->passes[s][d]);
        }
    }
    for (int c = 0; c < WD_COLOURS; c++) {
        cfg->entry_land[c][0] = 0;
        for (int d = 1; d <= 6; d++)
            cfg->entry_land[c][d] =
                (uint8_t)((wd_entry_space(c) + d - 1 + cfg->entry_rule) % WD_SPACES);
    }
    return TG_OK;
}

static void wd_limits(const void *vcfg, tg_limits *out)
{
    const wd_config *cfg = vcfg;
    out->move_count = WD_MOVE_COUNT;
    /* A choice lists a move and a peek per witch in the circle at most. */
    out->max_legal_moves = (uint32_t)(2 * cfg->total + 1);
    out->max_chance_outcomes = 6;
    out->max_length = 20000;
}

/* Only the die is chance; the hats are placed by the players. */
static int wd_move_is_chance(const void *vcfg, tg_move move)
{
    (void)vcfg;
    return move < WD_MOVE_SPACE;
}

const tg_game_def tgG_witches_dance = {
    .info = {.id = "witches_dance",
             .name = "Witches' Dance",
             .summary = "Move anonymous witches round the dance circle and bring your own "
                        "colour home first.",
             .min_players = 2,
             .max_players = 6,
             .option_count = WD_OPT_COUNT},
    .options = wd_options,
    .config_size = sizeof(wd_config),
    .state_size = sizeof(wd_block),
    .configure = wd_configure,
    .limits = wd_limits,
    .init = wd_init,
    .current_player = wd_current_player,
    .legal_moves = wd_legal_moves,
    .chance = wd_chance,
    .apply = wd_apply,
    .winners = wd_winners,
    .move_text = wd_move_text,
    .board_json = wd_board_json,
    .observe = wd_observe,
    .events = wd_events,
    .render_text = wd_render_text,
    .position_to_json = wd_position_to_json,
    .position_from_json = wd_position_from_json,
    .validate = wd_validate,
    .resample = wd_resample,
    .is_legal = wd_is_legal,
    .easy_score = wd_easy_score,
    .uniform_chance = wd_uniform_chance,
    .parse_words = wd_parse_words,
    .public_view = 1,
    .state_size_v1 = WD_BLOCK_V1,
    .recall_root = wd_recall_root,
    .tensor_size = wd_tensor_size,
    .tensor = wd_tensor,
    .tensor_bytes = wd_tensor_bytes,
    .apply_turn = wd_apply_turn,
    .die_faces = 6,
    .die_first = WD_MOVE_ROLL,
    .move_is_chance = wd_move_is_chance,
    .hidden_information = 1,
    .formats = {1, 1, 1},
    .any_move_text = wd_any_move_text,
    .playout = wd_playout,
};
