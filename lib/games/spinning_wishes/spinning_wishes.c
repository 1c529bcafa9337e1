/* Spinning Wishes: the game table, its options and the configuration. */
#include <string.h>

#include "spinning_wishes.h"

enum {
    SW_OPT_PLAYERS,
    SW_OPT_PRINCESSES,
    SW_OPT_WHEEL,
    SW_OPT_TOWER,
    SW_OPT_RELOOK,
    SW_OPT_SPIN, /* 1.2 */
    SW_OPT_COUNT
};

static const char *const sw_princess_modes[] = {"choose", "seat", NULL};
static const char *const sw_wheel_modes[] = {"place", "random", NULL};
static const char *const sw_tower_modes[] = {"reach", "exact", NULL};
static const char *const sw_spin_modes[] = {"ray", "rotation", NULL};

static const tg_option_info sw_options[SW_OPT_COUNT] = {
    {"players", TG_OPTION_INT, "4", "2..4", "Number of players.", 2, 4, NULL},
    {"princesses", TG_OPTION_CHOICE, "choose", "choose|seat",
     "choose: players pick their princesses in turn, youngest (player 0) first; "
     "seat: player i plays princess i.", 0, 0, sw_princess_modes},
    {"wheel", TG_OPTION_CHOICE, "place", "place|random",
     "place: players put their wish holders on the wheel; random: chance does it.", 0, 0,
     sw_wheel_modes},
    {"tower", TG_OPTION_CHOICE, "reach", "reach|exact",
     "reach: a move in the castle stops on the first space of a tower she may look at; "
     "exact: only a move that ends on a tower space looks.", 0, 0, sw_tower_modes},
    {"relook", TG_OPTION_BOOL, "no", "yes|no",
     "May a princess look again under a present she has already seen.", 0, 1, NULL},
    {"spin", TG_OPTION_CHOICE, "ray", "ray|rotation",
     "ray: a spin's outcome is which holders lie in the spinner's ray, as seen at the table; "
     "rotation: which of the wheel's 48 stops it is (release 1.1).",
     0, 0, sw_spin_modes},
};

/* A format-1 save (release 1.1) spun the wheel by its 48 stops. */
static const char *const sw_legacy[SW_OPT_COUNT] = {[SW_OPT_SPIN] = "rotation"};

static tg_status sw_configure(void *vcfg, const tg_optval *values, tg_msg *msg)
{
    (void)msg;
    sw_config *cfg = vcfg;
    memset(cfg, 0, sizeof *cfg);
    cfg->players = (int)values[SW_OPT_PLAYERS].i;
    cfg->choose_princess = values[SW_OPT_PRINCESSES].i == 0;
    cfg->random_wheel = values[SW_OPT_WHEEL].i == 1;
    cfg->tower_exact = values[SW_OPT_TOWER].i == 1;
    cfg->relook = values[SW_OPT_RELOOK].i != 0;
    cfg->spin_ray = values[SW_OPT_SPIN].i == 0;
    sw_board_setup(cfg);
    return TG_OK;
}

static void sw_limits(const void *vcfg, tg_limits *out)
{
    (void)vcfg;
    out->move_count = SW_M_COUNT;
    out->max_legal_moves = SW_MAX_LEGAL;
    out->max_chance_outcomes = SW_ROTATIONS;
    out->max_length = 20000;
}

/* The die, the wheel, the deal and the rays are chance, and with
 * wheel=random the holders' places too (board.c: who decides each phase). */
static int sw_move_is_chance(const void *vcfg, tg_move move)
{
    const sw_config *cfg = vcfg;
    if (move >= SW_M_PLACE && move < SW_M_TAKE)
        return cfg->random_wheel != 0;
    return (move >= SW_M_ROLL && move < SW_M_PLACE) || (move >= SW_M_DEAL && move < SW_M_PICK) ||
           move >= SW_M_RAY;
}

const tg_game_def tgG_spinning_wishes = {
    .info = {.id = "spinning_wishes",
             .name = "Spinning Wishes",
             .summary = "Spin the Wishing Wheel and trade until you hold your princess's three "
                        "wishes, then find your birthday present in the castle.",
             .min_players = 2,
             .max_players = 4,
             .option_count = SW_OPT_COUNT},
    .options = sw_options,
    .config_size = sizeof(sw_config),
    .state_size = sizeof(sw_block),
    .configure = sw_configure,
    .limits = sw_limits,
    .init = sw_init,
    .current_player = sw_current_player,
    .legal_moves = sw_legal_moves,
    .chance = sw_chance,
    .apply = sw_apply,
    .winners = sw_winners,
    .move_text = sw_move_text,
    .board_json = sw_board_json,
    .observe = sw_observe,
    .events = sw_events,
    .render_text = sw_render_text,
    .position_to_json = sw_position_to_json,
    .position_from_json = sw_position_from_json,
    .validate = sw_validate,
    .resample = sw_resample,
    .public_view = 1,
    .tensor_size = sw_tensor_size,
    .tensor = sw_tensor,
    .tensor_bytes = sw_tensor_bytes,
    .is_legal = sw_is_legal,
    .uniform_chance = sw_uniform_chance,
    .easy_score = sw_easy_score,
    .legacy_values = sw_legacy,
    .parse_words = sw_parse_words,
    .move_is_chance = sw_move_is_chance,
    .hidden_information = 1,
    .formats = {1, 1, 1},
    .any_move_text = sw_any_move_text,
    .apply_turn = sw_apply_turn,
    .chance_total = sw_chance_total,
    .chance_pick = sw_chance_pick,
    .apply_if_legal = sw_apply_if_legal,
    .apply_chance_turn = sw_apply_chance_turn,
    .playout = sw_playout,
};
