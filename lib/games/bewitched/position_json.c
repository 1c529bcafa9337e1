/* Bewitched: the "position" object of the JSON save form, and back. Every
 * field is optional on reading (the initial position fills the gaps), so
 * tests and hosts can write short positions by hand; validate() then checks
 * the whole block. */
#include "bewitched.h"

#include <string.h>

#include "core/json_util.h"

static const char *const bw_stage_words[] = {"setup", "roll",        "action",
                                             "steal", "hat",         "pickup",
                                             "escape_roll", "escape_move", "over", NULL};
static const char *const bw_where_words[] = {"hat", "frog", "ground", NULL};

static json_t *bw_mask_json(const uint8_t *mask, int bits)
{
    json_t *a = json_array();
    for (int i = 0; i < bits; i++)
        if (bw_bit(mask, i))
            json_array_append_new(a, json_integer(i));
    return a;
}

static json_t *bw_opt(int v)
{
    return v == BW_NONE ? json_null() : json_integer(v);
}

json_t *bw_position_to_json(const void *vcfg, const void *st)
{
    const bw_config *cfg = vcfg;
    const bw_block *b = st;
    json_t *frogs = json_array();
    for (int f = 0; f < cfg->players * BW_FROGS_PER_PLAYER; f++)
        json_array_append_new(frogs, json_pack("{s:o,s:b,s:b,s:b}", "at",
                                               bw_node_json(b->frog_at[f]), "moved",
                                               (b->frog_flags[f] & BW_FF_MOVED) != 0, "must",
                                               (b->frog_flags[f] & BW_FF_MUST) != 0, "pending",
                                               (b->frog_flags[f] & BW_FF_PENDING) != 0));
    json_t *cats = json_array();
    for (int c = 0; c < BW_CATS; c++)
        json_array_append_new(cats, bw_node_json(b->cat_at[c]));
    json_t *books = json_array();
    for (int k = 0; k < BW_BOOKS; k++) {
        int ground = b->book_where[k] == BW_BOOK_GROUND;
        json_array_append_new(books, json_pack("{s:s,s:i}", "where",
                                               bw_where_words[b->book_where[k] % 3], "at",
                                               b->book_at[k] + ground));
    }
    json_t *seen = json_array(), *plain = json_array(), *antidotes = json_array();
    for (int p = 0; p < cfg->players; p++) {
        json_array_append_new(seen, bw_mask_json(&b->seen[p], BW_BOOKS));
        json_array_append_new(plain, json_integer(b->plain[p]));
        json_array_append_new(antidotes, json_integer(b->antidote[p]));
    }
    json_t *touches = json_array();
    for (int s = 0; s < BW_SNAKES; s++)
        for (int f = 0; f < BW_FROGS; f++)
            if (bw_bit(b->touched[s], f))
                json_array_append_new(touches, json_pack("[i,i]", s, f));
    json_t *events = json_array();
    for (int i = 0; i < b->ev_count; i++)
        json_array_append_new(events, json_pack("[i,i,i,i,i]", b->ev[i][0], b->ev[i][1],
                                                b->ev[i][2], b->ev[i][3], b->ev[i][4]));
    json_t *o = json_pack("{s:s,s:i,s:i,s:[i,i],s:i,s:b,s:b,s:b,s:o,s:o,s:o,s:o}", "stage",
                          bw_stage_words[b->stage % BW_ST_COUNT], "player", b->player,
                          "setup_step", b->setup_step, "dice", b->dice[0], b->dice[1], "used",
                          b->used, "cat_moved", (b->turn & BW_TF_CAT) != 0, "stole",
                          (b->turn & BW_TF_STOLE) != 0, "escaping",
                          (b->turn & BW_TF_ESCAPE) != 0, "escape_frog", bw_opt(b->escape_frog),
                          "actor", bw_opt(b->actor), "passed", bw_mask_json(b->passed, BW_FROGS),
                          "winner", bw_opt(b->winner));
    json_object_set_new(o, "prince", json_integer(b->prince));
    json_object_set_new(o, "not_prince", bw_mask_json(&b->not_prince, BW_BOOKS));
    json_object_set_new(o, "plain", plain);
    json_object_set_new(o, "deadly", bw_mask_json(b->deadly, BW_SNAKES));
    json_object_set_new(o, "gone", bw_mask_json(b->gone, BW_SNAKES));
    json_object_set_new(o, "magnetic_known", bw_mask_json(b->magnetic_known, BW_FROGS));
    json_object_set_new(o, "touches", touches);
    json_object_set_new(o, "frogs", frogs);
    json_object_set_new(o, "cats", cats);
    json_object_set_new(o, "books", books);
    json_object_set_new(o, "seen", seen);
    json_object_set_new(o, "antidotes", antidotes);
    json_object_set_new(o, "events", events);
    return o;
}

/* A node: a space number 1..60, a colour name for a pad, or null. */
static tg_status bw_read_node(const json_t *v, const char *what, uint8_t *out, tg_msg *msg)
{
    if (json_is_null(v)) {
        *out = BW_NONE;
        return TG_OK;
    }
    if (json_is_integer(v) && json_integer_value(v) >= 1 &&
        json_integer_value(v) <= BW_SPACES) {
        *out = (uint8_t)(json_integer_value(v) - 1);
        return TG_OK;
    }
    if (json_is_string(v)) {
        for (int c = 0; c < BW_COLOURS; c++)
            if (strcmp(json_string_value(v), bw_colour_names[c]) == 0) {
                *out = (uint8_t)BW_PAD(c);
                return TG_OK;
            }
    }
    tgM_set(msg, "%s must be a space 1..%d, a colour's pad or null", what, BW_SPACES);
    return TG_E_CORRUPT;
}

static tg_status bw_read_mask(const json_t *pos, const char *key, int bits, uint8_t *mask,
                              tg_msg *msg)
{
    const json_t *arr = json_object_get(pos, key);
    if (!arr)
        return TG_OK;
    if (tgJ_array(pos, key, 0, (size_t)bits, &arr, msg) != TG_OK)
        return TG_E_CORRUPT;
    memset(mask, 0, (size_t)(bits + 7) / 8);
    for (size_t i = 0; i < json_array_size(arr); i++) {
        long v;
        if (tgJ_elem_int(arr, i, key, 0, bits - 1, &v, msg) != TG_OK)
            return TG_E_CORRUPT;
        bw_set_bit(mask, (int)v, 1);
    }
    return TG_OK;
}

/* An optional small integer; null reads as BW_NONE when nullable. */
static tg_status bw_read_byte(const json_t *pos, const char *key, long hi, int nullable,
                              uint8_t *out, tg_msg *msg)
{
    const json_t *v = json_object_get(pos, key);
    long x;
    if (!v)
        return TG_OK;
    if (nullable && json_is_null(v)) {
        *out = BW_NONE;
        return TG_OK;
    }
    if (tgJ_int(pos, key, 0, hi, &x, msg) != TG_OK)
        return TG_E_CORRUPT;
    *out = (uint8_t)x;
    return TG_OK;
}

static tg_status bw_read_flag(const json_t *pos, const char *key, uint8_t bit, uint8_t *flags,
                              tg_msg *msg)
{
    int v;
    if (tgJ_bool_opt(pos, key, (*flags & bit) != 0, &v, msg) != TG_OK)
        return TG_E_CORRUPT;
    *flags = (uint8_t)(v ? (*flags | bit) : (*flags & ~bit));
    return TG_OK;
}

static tg_status bw_read_frogs(const bw_config *cfg, const json_t *pos, bw_block *b,
                               tg_msg *msg)
{
    const json_t *arr = json_object_get(pos, "frogs");
    size_t n = (size_t)cfg->players * BW_FROGS_PER_PLAYER;
    if (!arr)
        return TG_OK;
    if (tgJ_array(pos, "frogs", n, n, &arr, msg) != TG_OK)
        return TG_E_CORRUPT;
    for (size_t f = 0; f < n; f++) {
        const json_t *o = json_array_get(arr, f);
        if (!json_is_object(o)) {
            tgM_set(msg, "frogs[%zu] must be an object", f);
            return TG_E_CORRUPT;
        }
        if (bw_read_node(json_object_get(o, "at"), "frogs[].at", &b->frog_at[f], msg) ||
            bw_read_flag(o, "moved", BW_FF_MOVED, &b->frog_flags[f], msg) ||
            bw_read_flag(o, "must", BW_FF_MUST, &b->frog_flags[f], msg) ||
            bw_read_flag(o, "pending", BW_FF_PENDING, &b->frog_flags[f], msg))
            return TG_E_CORRUPT;
    }
    return TG_OK;
}

static tg_status bw_read_pieces(const json_t *pos, bw_block *b, tg_msg *msg)
{
    const json_t *arr = json_object_get(pos, "cats");
    if (arr) {
        if (tgJ_array(pos, "cats", BW_CATS, BW_CATS, &arr, msg) != TG_OK)
            return TG_E_CORRUPT;
        for (size_t c = 0; c < BW_CATS; c++)
            if (bw_read_node(json_array_get(arr, c), "cats[]", &b->cat_at[c], msg) != TG_OK)
                return TG_E_CORRUPT;
    }
    arr = json_object_get(pos, "books");
    if (arr) {
        if (tgJ_array(pos, "books", BW_BOOKS, BW_BOOKS, &arr, msg) != TG_OK)
            return TG_E_CORRUPT;
        for (size_t k = 0; k < BW_BOOKS; k++) {
            const json_t *o = json_array_get(arr, k);
            int where;
            long at;
            if (!json_is_object(o) || tgJ_word(o, "where", bw_where_words, &where, msg) ||
                tgJ_int(o, "at", 0, BW_SPACES, &at, msg)) {
                if (!json_is_object(o))
                    tgM_set(msg, "books[%zu] must be an object", k);
                return TG_E_CORRUPT;
            }
            b->book_where[k] = (uint8_t)where;
            b->book_at[k] = (uint8_t)(where == BW_BOOK_GROUND ? at - 1 : at);
        }
    }
    return TG_OK;
}

static tg_status bw_read_per_player(const bw_config *cfg, const json_t *pos, bw_block *b,
                                    tg_msg *msg)
{
    const json_t *arr;
    static const char *const keys[] = {"plain", "antidotes"};
    uint8_t *dst[] = {b->plain, b->antidote};
    const long hi[] = {2, 1};
    for (int i = 0; i < 2; i++) {
        if (!json_object_get(pos, keys[i]))
            continue;
        if (tgJ_array(pos, keys[i], (size_t)cfg->players, (size_t)cfg->players, &arr, msg))
            return TG_E_CORRUPT;
        for (int p = 0; p < cfg->players; p++) {
            long v;
            if (tgJ_elem_int(arr, (size_t)p, keys[i], 0, hi[i], &v, msg) != TG_OK)
                return TG_E_CORRUPT;
            dst[i][p] = (uint8_t)v;
        }
    }
    if (json_object_get(pos, "seen")) {
        if (tgJ_array(pos, "seen", (size_t)cfg->players, (size_t)cfg->players, &arr, msg))
            return TG_E_CORRUPT;
        for (int p = 0; p < cfg->players; p++) {
            json_t *wrap = json_pack("{s:O}", "seen", json_array_get(arr, (size_t)p));
            tg_status s = wrap ? bw_read_mask(wrap, "seen", BW_BOOKS, &b->seen[p], msg)
                               : TG_E_CORRUPT;
            json_decref(wrap);
            if (s != TG_OK) {
                tgM_set(msg, "seen[%d] must list books 0..3", p);
                return TG_E_CORRUPT;
            }
        }
    }
    return TG_OK;
}

static tg_status bw_read_hidden(const json_t *pos, bw_block *b, tg_msg *msg)
{
    if (bw_read_byte(pos, "prince", BW_BOOKS - 1, 0, &b->prince, msg) ||
        bw_read_mask(pos, "not_prince", BW_BOOKS, &b->not_prince, msg) ||
        bw_read_mask(pos, "deadly", BW_SNAKES, b->deadly, msg) ||
        bw_read_mask(pos, "gone", BW_SNAKES, b->gone, msg) ||
        bw_read_mask(pos, "magnetic_known", BW_FROGS, b->magnetic_known, msg))
        return TG_E_CORRUPT;
    const json_t *arr = json_object_get(pos, "touches");
    if (!arr)
        return TG_OK;
    if (tgJ_array(pos, "touches", 0, BW_SNAKES * BW_FROGS, &arr, msg) != TG_OK)
        return TG_E_CORRUPT;
    for (size_t i = 0; i < json_array_size(arr); i++) {
        const json_t *pair = json_array_get(arr, i);
        long s, f;
        if (!json_is_array(pair) || json_array_size(pair) != 2 ||
            tgJ_elem_int(pair, 0, "touches[][0]", 0, BW_SNAKES - 1, &s, msg) ||
            tgJ_elem_int(pair, 1, "touches[][1]", 0, BW_FROGS - 1, &f, msg)) {
            tgM_set(msg, "touches[%zu] must be [snake, frog]", i);
            return TG_E_CORRUPT;
        }
        bw_set_bit(b->touched[s], (int)f, 1);
    }
    return TG_OK;
}

static tg_status bw_read_events(const json_t *pos, bw_block *b, tg_msg *msg)
{
    const json_t *arr = json_object_get(pos, "events");
    if (!arr)
        return TG_OK;
    if (tgJ_array(pos, "events", 0, BW_MAX_EVENTS, &arr, msg) != TG_OK)
        return TG_E_CORRUPT;
    b->ev_count = (uint8_t)json_array_size(arr);
    for (size_t i = 0; i < json_array_size(arr); i++) {
        const json_t *e = json_array_get(arr, i);
        if (!json_is_array(e) || json_array_size(e) != BW_EVENT_FIELDS) {
            tgM_set(msg, "events[%zu] must be 5 numbers", i);
            return TG_E_CORRUPT;
        }
        for (size_t k = 0; k < BW_EVENT_FIELDS; k++) {
            long v;
            if (tgJ_elem_int(e, k, "events[]", 0, 255, &v, msg) != TG_OK)
                return TG_E_CORRUPT;
            b->ev[i][k] = (uint8_t)v;
        }
    }
    return TG_OK;
}

tg_status bw_position_from_json(const void *vcfg, const json_t *pos, void *st, tg_msg *msg)
{
    const bw_config *cfg = vcfg;
    bw_block *b = st;
    bw_init(cfg, b);
    if (!json_is_object(pos)) {
        tgM_set(msg, "position must be an object");
        return TG_E_CORRUPT;
    }
    int stage = b->stage;
    if (json_object_get(pos, "stage") && tgJ_word(pos, "stage", bw_stage_words, &stage, msg))
        return TG_E_CORRUPT;
    b->stage = (uint8_t)stage;
    if (stage != BW_ST_SETUP)
        b->setup_step = (uint8_t)BW_SETUP_STEPS(cfg->players);
    const json_t *dice = json_object_get(pos, "dice");
    if (dice) {
        long d0, d1;
        if (!json_is_array(dice) || json_array_size(dice) != 2 ||
            tgJ_elem_int(dice, 0, "dice", 0, 6, &d0, msg) ||
            tgJ_elem_int(dice, 1, "dice", 0, 6, &d1, msg)) {
            tgM_set(msg, "dice must be two numbers 0..6");
            return TG_E_CORRUPT;
        }
        b->dice[0] = (uint8_t)d0;
        b->dice[1] = (uint8_t)d1;
    }
    if (bw_read_byte(pos, "player", cfg->players - 1, 0, &b->player, msg) ||
        bw_read_byte(pos, "setup_step", BW_SETUP_STEPS(cfg->players), 0, &b->setup_step, msg) ||
        bw_read_byte(pos, "used", 3, 0, &b->used, msg) ||
        bw_read_flag(pos, "cat_moved", BW_TF_CAT, &b->turn, msg) ||
        bw_read_flag(pos, "stole", BW_TF_STOLE, &b->turn, msg) ||
        bw_read_flag(pos, "escaping", BW_TF_ESCAPE, &b->turn, msg) ||
        bw_read_byte(pos, "escape_frog", BW_FROGS - 1, 1, &b->escape_frog, msg) ||
        bw_read_byte(pos, "actor", BW_FROGS - 1, 1, &b->actor, msg) ||
        bw_read_byte(pos, "winner", cfg->players - 1, 1, &b->winner, msg) ||
        bw_read_mask(pos, "passed", BW_FROGS, b->passed, msg) ||
        bw_read_hidden(pos, b, msg) || bw_read_frogs(cfg, pos, b, msg) ||
        bw_read_pieces(pos, b, msg) || bw_read_per_player(cfg, pos, b, msg) ||
        bw_read_events(pos, b, msg))
        return TG_E_CORRUPT;
    /* A position that does not say who looked at which book: each carried
     * book was read by its carrier's player when it reached the frog. */
    if (!json_object_get(pos, "seen"))
        for (int k = 0; k < BW_BOOKS; k++)
            if (b->book_where[k] == BW_BOOK_FROG && b->book_at[k] < BW_FROGS)
                b->seen[b->book_at[k] / BW_FROGS_PER_PLAYER] |= (uint8_t)(1u << k);
    return TG_OK;
}
