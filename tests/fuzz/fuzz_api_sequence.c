/* Calls from a scripting language in any order: each input byte picks the
 * next call, legal or not. A rejected call must leave the state byte for
 * byte as it was, and the invariants of play (legal moves, chance, a
 * position validate() accepts) must hold after every call; the costlier
 * checks (both save forms round-trip, every viewer's views) run after every
 * 16th call and at the end. */
#include <string.h>

#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct snapshot {
    unsigned char *bytes;
    size_t len;
} snapshot;

static snapshot take(const tg_state *st)
{
    snapshot s = {NULL, 0};
    fz_require(tg_state_save(st, &s.bytes, &s.len) == TG_OK, "save");
    return s;
}

static void same_as(const tg_state *st, snapshot before)
{
    snapshot now = take(st);
    fz_require(now.len == before.len && memcmp(now.bytes, before.bytes, now.len) == 0,
               "a rejected call changed the state");
    tg_free(now.bytes);
}

/* Replaces *st by a state loaded from its own save, as a host would. */
static void reload(tg_state **st, int json)
{
    tg_state *back = NULL;
    if (json) {
        char *text = NULL;
        size_t n;
        fz_require(tg_state_to_json(*st, &text, &n) == TG_OK, "to_json");
        fz_require(tg_state_from_json(text, n, NULL, &back, NULL, 0) == TG_OK, "from_json");
        tg_free(text);
    } else {
        snapshot s = take(*st);
        fz_require(tg_state_load(s.bytes, s.len, NULL, &back, NULL, 0) == TG_OK, "load");
        tg_free(s.bytes);
    }
    fz_require(tg_state_equal(*st, back), "reloaded state equal");
    tg_state_free(*st);
    *st = back;
}

static void one_call(tg_state **stp, tg_state *other, fz_input *in)
{
    tg_state *st = *stp;
    int players = tg_game_players(tg_state_game(st));
    unsigned op = fz_byte(in) % 17;
    tg_move moves[4096];
    size_t n = 0;
    snapshot before = take(st);
    tg_status s = TG_OK;
    switch (op) {
    case 0:
        tg_state_legal_moves(st, moves, 4096, &n);
        if (n)
            s = tg_state_apply(st, moves[fz_byte(in) % n]);
        break;
    case 1:
        s = tg_state_apply(st, fz_u32(in) % (tg_game_move_count(tg_state_game(st)) + 2));
        break;
    case 2:
        s = tg_state_apply_chance(st, NULL);
        break;
    case 3:
        s = tg_state_undo(st);
        break;
    case 4: {
        tg_state *c = NULL;
        fz_require(tg_state_clone(st, &c) == TG_OK, "clone");
        fz_require(tg_state_equal(st, c), "clone equal");
        tg_state_free(c);
        break;
    }
    case 5:
    case 6:
        reload(stp, op == 6);
        st = *stp;
        break;
    case 7:
    case 8: {
        int viewer = (int)(fz_byte(in) % (unsigned)(players + 4)) - 3;
        char *text = NULL;
        s = op == 7 ? tg_state_observation_json(st, viewer, &text, NULL)
                    : tg_state_events_json(st, viewer, &text, NULL);
        fz_require((s == TG_OK) == (viewer >= -2 && viewer < players), "viewer range");
        tg_free(text);
        s = TG_OK;
        break;
    }
    case 9:
        s = tg_state_resample(st, (int)(fz_byte(in) % (unsigned)(players + 2)) - 1);
        break;
    case 10:
        s = tg_state_copy(other, st);
        fz_require(s == TG_OK && tg_state_equal(other, st), "copy");
        break;
    case 11: {
        char small[4];
        size_t len;
        tg_state_move_text(st, fz_u32(in) % 4096, small, fz_byte(in) % 5, &len);
        break;
    }
    case 12: {
        char text[8];
        for (int i = 0; i < 7; i++)
            text[i] = (char)fz_byte(in);
        text[7] = '\0';
        s = tg_state_apply_text(st, text);
        break;
    }
    case 13:
        s = tg_state_reset(st, fz_u32(in));
        break;
    case 14: {
        uint32_t max = fz_byte(in) % 64, made = 0, was = tg_state_move_number(st);
        s = tg_state_playout(st, max, &made);
        fz_require(made <= max && tg_state_move_number(st) == was + made, "playout count");
        fz_require(made == max || tg_state_is_terminal(st) || s != TG_OK, "playout stop");
        break;
    }
    case 15: {
        /* A tensor into a buffer of any size: too small is refused whole. */
        float buf[4096];
        size_t need = tg_game_observation_tensor_size(tg_state_game(st));
        size_t cap = fz_u32(in) % (need + 2);
        int viewer = (int)(fz_byte(in) % (unsigned)(players + 4)) - 3;
        fz_require(need <= 4096, "tensor size");
        s = tg_state_observation_tensor(st, viewer, buf, cap);
        fz_require((s == TG_OK) == (viewer >= -2 && viewer < players && cap >= need),
                   "tensor arguments");
        s = TG_OK;
        break;
    }
    case 16: {
        uint64_t key[2];
        char *text = NULL;
        int player = (int)(fz_byte(in) % (unsigned)(players + 3)) - 2;
        s = tg_state_information_key(st, player, key);
        tg_status j = tg_state_information_json(st, player, &text, NULL);
        fz_require((s == TG_OK) == (player >= 0 && player < players) && s == j, "player range");
        tg_free(text);
        s = TG_OK;
        break;
    }
    }
    if (s != TG_OK)
        same_as(st, before);
    tg_free(before.bytes);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_input in = {data, size};
    tg_game *g = fz_pick_game(&in);
    if (!g)
        return 0;
    tg_state *st = NULL, *other = NULL;
    fz_require(tg_state_new(g, fz_u32(&in), &st) == TG_OK, "state");
    fz_require(tg_state_new(g, 0, &other) == TG_OK, "state");
    tg_game_free(g);
    for (int calls = 0; in.n > 0 && calls < 200; calls++) {
        one_call(&st, other, &in);
        fz_check_moves(st);
        fz_check_valid(st);
        if (calls % 16 == 0)
            fz_check_state(st);
    }
    fz_check_state(st);
    tg_state_free(st);
    tg_state_free(other);
    return 0;
}
