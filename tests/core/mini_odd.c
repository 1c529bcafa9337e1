/* A test-only game for the places real games do not reach: a move whose
 * notation is longer than any buffer the core keeps for itself, and a
 * position where the player to move has no legal move although the game is
 * not over (a dead end the real games' validators will refuse to load).
 * Two players take turns to "pass" or make the long move; after three
 * decisions the player to move is stuck. No chance, nothing hidden. Its
 * one tensor slot holds a fraction (the decisions made, in quarters), so
 * that its tensor has no byte form and a batch must refuse byte rows. */
#include <string.h>

#include "core/game_def.h"
#include "core/json_util.h"

enum { MO_LONG = 0, MO_PASS = 1, MO_MOVES = 2, MO_STUCK_AT = 3, MO_CAP = 10 };

/* 199 bytes: well past the 128-byte buffer the core keeps for itself. */
#define MO_LONG_TEXT                                                                          \
    "the-long-move-whose-name-goes-on-and-on-past-every-short-buffer-a-host-might-use-"       \
    "and-then-some-more-so-that-nothing-may-cut-it-without-being-noticed-by-a-test-"         \
    "0123456789012345678901234567890123456789"

typedef struct mo_config {
    int players;
} mo_config;

typedef struct mo_block {
    uint8_t steps;
    uint8_t turn;
} mo_block;

static const tg_option_info mo_options[] = {
    {"players", TG_OPTION_INT, "2", "2", "number of players", 2, 2, NULL},
};

static tg_status mo_configure(void *cfg, const tg_optval *v, tg_msg *msg)
{
    (void)msg;
    ((mo_config *)cfg)->players = (int)v[0].i;
    return TG_OK;
}

static void mo_limits(const void *cfg, tg_limits *out)
{
    (void)cfg;
    out->move_count = MO_MOVES;
    out->max_legal_moves = 2;
    out->max_chance_outcomes = 0;
    out->max_length = MO_CAP;
}

static void mo_init(const void *cfg, void *st)
{
    (void)cfg;
    memset(st, 0, sizeof(mo_block));
}

static int mo_current(const void *cfg, const void *st)
{
    (void)cfg;
    return ((const mo_block *)st)->turn;
}

static size_t mo_legal(const void *cfg, const void *st, tg_move *out)
{
    (void)cfg;
    if (((const mo_block *)st)->steps == MO_STUCK_AT)
        return 0;
    out[0] = MO_LONG, out[1] = MO_PASS;
    return 2;
}

static size_t mo_chance(const void *cfg, const void *st, tg_move *out, uint32_t *w)
{
    (void)cfg, (void)st, (void)out, (void)w;
    return 0;
}

static void mo_apply(const void *cfg, void *st, tg_move m)
{
    (void)cfg, (void)m;
    mo_block *b = st;
    b->steps++;
    b->turn ^= 1;
}

static uint32_t mo_winners(const void *cfg, const void *st)
{
    (void)cfg, (void)st;
    return 0;
}

static size_t mo_text(const void *cfg, const void *st, tg_move m, char *buf, size_t cap)
{
    (void)cfg, (void)st;
    const char *text = m == MO_LONG ? MO_LONG_TEXT : "pass";
    size_t n = strlen(text);
    if (cap) {
        size_t k = n < cap - 1 ? n : cap - 1;
        memcpy(buf, text, k);
        buf[k] = '\0';
    }
    return n;
}

static json_t *mo_board(const void *cfg)
{
    (void)cfg;
    return json_pack("{s:[]}", "spaces");
}

static json_t *mo_observe(const void *cfg, const void *st, int viewer)
{
    (void)cfg, (void)viewer;
    return json_pack("{s:i}", "steps", ((const mo_block *)st)->steps);
}

static json_t *mo_events(const void *cfg, const void *st, int viewer)
{
    (void)cfg, (void)st, (void)viewer;
    return json_array();
}

static void mo_render(const void *cfg, const void *st, int viewer, tg_strbuf *out)
{
    (void)cfg, (void)viewer;
    tgS_printf(out, "steps %d\n", ((const mo_block *)st)->steps);
}

static json_t *mo_to_json(const void *cfg, const void *st)
{
    (void)cfg;
    const mo_block *b = st;
    return json_pack("{s:i,s:i}", "steps", b->steps, "turn", b->turn);
}

static tg_status mo_from_json(const void *cfg, const json_t *j, void *st, tg_msg *msg)
{
    (void)cfg;
    mo_block *b = st;
    long v;
    if (tgJ_int(j, "steps", 0, MO_CAP, &v, msg))
        return TG_E_CORRUPT;
    b->steps = (uint8_t)v;
    if (tgJ_int(j, "turn", 0, 1, &v, msg))
        return TG_E_CORRUPT;
    b->turn = (uint8_t)v;
    return TG_OK;
}

static tg_status mo_validate(const void *cfg, const void *st, tg_msg *msg)
{
    (void)cfg;
    const mo_block *b = st;
    if (b->steps > MO_CAP || b->turn > 1) {
        tgM_set(msg, "counter out of range");
        return TG_E_CORRUPT;
    }
    return TG_OK;
}

static void mo_resample(const void *cfg, void *st, int player, int memory, tg_rng *rng)
{
    (void)memory;
    (void)cfg, (void)st, (void)player, (void)rng;
}

static size_t mo_tensor_size(const void *cfg)
{
    (void)cfg;
    return 1;
}

static void mo_tensor(const void *cfg, const void *st, int viewer, float *out)
{
    (void)cfg;
    (void)viewer;
    const mo_block *b = st;
    out[0] = (float)b->steps / 4.0f;
}

const tg_game_def tgG_mini_odd = {
    {"mini_odd", "Mini odd", "Long notation and a dead end, to test the core.", 2, 2, 1},
    mo_options,
    sizeof(mo_config),
    sizeof(mo_block),
    mo_configure,
    mo_limits,
    mo_init,
    mo_current,
    mo_legal,
    mo_chance,
    mo_apply,
    mo_winners,
    mo_text,
    mo_board,
    mo_observe,
    mo_events,
    mo_render,
    mo_to_json,
    mo_from_json,
    mo_validate,
    mo_resample,
    NULL, /* is_legal */
    NULL, /* easy_score: the easy bot scores every move alike */
    NULL, /* uniform_chance */
    0,    /* guided_playouts */
    0,    /* public_view: refused, to test the core's check */
    0,    /* state_size_v1: the block never grew */
    NULL, /* recall_root */
    mo_tensor_size,
    mo_tensor,
    NULL, /* legacy_values */
    NULL, /* parse_words */
    NULL, /* apply_turn */
    0,    /* die_faces */
    0,    /* die_first */
    NULL, /* move_is_chance: every id a player's */
    0,    /* hidden_information */
    {0, 0, 0}, /* formats: read as 1 */
    NULL, /* any_move_text */
    NULL, /* chance_total */
    NULL, /* chance_pick */
    NULL, /* apply_if_legal */
    NULL, /* apply_chance_turn */
    NULL, /* action_mask */
    NULL, /* playout */
    NULL, /* tensor_bytes: its tensor holds a fraction */
    NULL, /* action_mask_bits: the legal list mapped */
};
