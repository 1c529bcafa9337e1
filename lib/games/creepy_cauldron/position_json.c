/* The "position" object of the JSON save form. Only "pawns" is required,
 * so a test or a host can write a situation by hand; everything else has
 * the value of the start of a turn. The cauldron is not written: it holds
 * whatever the spell books do not. */
#include <string.h>

#include "core/json_util.h"
#include "creepy_cauldron.h"

static const char *const cc_phase_words[CC_PH_COUNT + 1] = {
    "roll", "roller", "fish", "again", "return", "steal", "vanish", "over", "pickup", NULL,
};
static const char *const cc_after_words[CC_AFTER_COUNT + 1] = {"end", "fish", "steal", NULL};

const char *cc_phase_name(unsigned phase) { return phase < CC_PH_COUNT ? cc_phase_words[phase] : "?"; }

const char *cc_after_name(unsigned after)
{
    return after < CC_AFTER_COUNT ? cc_after_words[after] : "?";
}

static json_t *cc_opt_int(unsigned v) { return v == CC_NONE ? json_null() : json_integer(v); }

static json_t *cc_pawn_to_json(const cc_pos *pos, unsigned p)
{
    json_t *held = json_array();
    for (unsigned k = 0; k < CC_KINDS; k++)
        for (unsigned i = 0; i < pos->held[p][k]; i++)
            json_array_append_new(held, json_string(cc_kind_name(k)));
    return json_pack("{s:o, s:b, s:b, s:o}", "space",
                     pos->pawn[p] == CC_OUT ? json_null() : json_integer(pos->pawn[p]),
                     "invisible", (pos->flags[p] & CC_FL_INVISIBLE) != 0, "miss",
                     (pos->flags[p] & CC_FL_MISS) != 0, "creatures", held);
}

json_t *cc_position_to_json(const void *cfgv, const void *st)
{
    const cc_config *cfg = cfgv;
    const cc_pos *pos = st;
    json_t *pawns = json_array(), *thefts = json_array(), *events = json_array();
    for (unsigned p = 0; p < cfg->players; p++) {
        json_array_append_new(pawns, cc_pawn_to_json(pos, p));
        if (pos->thefts & (1u << p))
            json_array_append_new(thefts, json_integer(p));
    }
    for (unsigned i = 0; i < pos->nevents && i < CC_MAX_EVENTS; i++)
        json_array_append_new(events, json_pack("[i,i,i,i]", pos->events[i][0],
                                                pos->events[i][1], pos->events[i][2],
                                                pos->events[i][3]));
    return json_pack("{s:s, s:i, s:o, s:o, s:i, s:o, s:o, s:i, s:o, s:s, s:b, s:o, s:o}",
                     "phase", cc_phase_name(pos->phase), "turn", pos->turn, "pawns", pawns,
                     "frog", cc_opt_int(pos->frog), "witch", pos->witch, "key_player",
                     cc_opt_int(pos->key_player), "key_space", cc_opt_int(pos->key_space),
                     "attempts", pos->attempts, "thefts", thefts, "after",
                     cc_after_name(pos->after), "roller_due", pos->roller_due != 0, "winner",
                     cc_opt_int(pos->winner), "events", events);
}

/* obj[key]: absent or null gives CC_NONE, else an integer in [0, hi]. */
static tg_status cc_read_opt(const json_t *obj, const char *key, long hi, uint8_t *out,
                             tg_msg *msg)
{
    const json_t *v = json_object_get(obj, key);
    long x = CC_NONE;
    if (v && !json_is_null(v)) {
        tg_status rc = tgJ_int(obj, key, 0, hi, &x, msg);
        if (rc != TG_OK)
            return rc;
    }
    *out = (uint8_t)x;
    return TG_OK;
}

static tg_status cc_read_word_opt(const json_t *obj, const char *key, const char *const *words,
                                  uint8_t *out, tg_msg *msg)
{
    int idx = 0;
    if (json_object_get(obj, key)) {
        tg_status rc = tgJ_word(obj, key, words, &idx, msg);
        if (rc != TG_OK)
            return rc;
    }
    *out = (uint8_t)idx;
    return TG_OK;
}

static tg_status cc_pawn_from_json(const json_t *pj, unsigned p, cc_pos *pos, tg_msg *msg)
{
    if (!json_is_object(pj)) {
        tgM_set(msg, "pawns[%u] must be an object", p);
        return TG_E_CORRUPT;
    }
    const json_t *space = json_object_get(pj, "space");
    long s = CC_OUT;
    tg_status rc = TG_OK;
    if (!space || !json_is_null(space))
        rc = tgJ_int(pj, "space", 0, CC_SPACES - 1, &s, msg);
    int invisible = 0, miss = 0;
    const json_t *held = NULL;
    if (rc == TG_OK)
        rc = tgJ_bool_opt(pj, "invisible", 0, &invisible, msg);
    if (rc == TG_OK)
        rc = tgJ_bool_opt(pj, "miss", 0, &miss, msg);
    if (rc == TG_OK && json_object_get(pj, "creatures"))
        rc = tgJ_array(pj, "creatures", 0, CC_MAX_HELD + 1, &held, msg);
    if (rc != TG_OK)
        return rc;
    pos->pawn[p] = (uint8_t)s;
    pos->flags[p] = (uint8_t)((invisible ? CC_FL_INVISIBLE : 0) | (miss ? CC_FL_MISS : 0));
    for (size_t i = 0; held && i < json_array_size(held); i++) {
        const char *name = json_string_value(json_array_get(held, i));
        int k = name ? cc_find_kind(name) : -1;
        if (k < 0) {
            tgM_set(msg, "pawns[%u].creatures[%zu] is not a creature name", p, i);
            return TG_E_CORRUPT;
        }
        pos->held[p][k]++;
    }
    return TG_OK;
}

static tg_status cc_events_from_json(const json_t *obj, cc_pos *pos, tg_msg *msg)
{
    const json_t *events = NULL;
    if (!json_object_get(obj, "events"))
        return TG_OK;
    tg_status rc = tgJ_array(obj, "events", 0, CC_MAX_EVENTS, &events, msg);
    for (size_t i = 0; rc == TG_OK && i < json_array_size(events); i++) {
        const json_t *ev = json_array_get(events, i);
        if (!json_is_array(ev) || json_array_size(ev) != 4) {
            tgM_set(msg, "events[%zu] must be an array of 4 integers", i);
            return TG_E_CORRUPT;
        }
        long v[4];
        for (size_t j = 0; j < 4; j++)
            if ((rc = tgJ_elem_int(ev, j, "event", 0, 255, &v[j], msg)) != TG_OK)
                return rc; /* v[j] was not written */
        for (size_t j = 0; j < 4; j++)
            pos->events[i][j] = (uint8_t)v[j];
        pos->nevents = (uint8_t)(i + 1);
    }
    return rc;
}

static tg_status cc_thefts_from_json(const cc_config *cfg, const json_t *obj, cc_pos *pos,
                                     tg_msg *msg)
{
    const json_t *list = NULL;
    if (!json_object_get(obj, "thefts"))
        return TG_OK;
    tg_status rc = tgJ_array(obj, "thefts", 0, cfg->players, &list, msg);
    for (size_t i = 0; rc == TG_OK && i < json_array_size(list); i++) {
        long v;
        if ((rc = tgJ_elem_int(list, i, "thefts", 0, cfg->players - 1, &v, msg)) != TG_OK)
            return rc; /* v was not written: no shift by it */
        pos->thefts |= (uint8_t)(1u << v);
    }
    return rc;
}

tg_status cc_position_from_json(const void *cfgv, const json_t *obj, void *st, tg_msg *msg)
{
    const cc_config *cfg = cfgv;
    cc_pos *pos = st;
    cc_init(cfg, pos);
    memset(pos->cauldron, 0, sizeof pos->cauldron);
    const json_t *pawns = NULL;
    long turn = 0, witch = CC_WITCH_START, attempts = 0;
    int roller_due = 0;
    tg_status rc = tgJ_array(obj, "pawns", cfg->players, cfg->players, &pawns, msg);
    for (unsigned p = 0; rc == TG_OK && p < cfg->players; p++)
        rc = cc_pawn_from_json(json_array_get(pawns, p), p, pos, msg);
    if (rc == TG_OK)
        rc = cc_read_word_opt(obj, "phase", cc_phase_words, &pos->phase, msg);
    if (rc == TG_OK)
        rc = tgJ_int_opt(obj, "turn", 0, cfg->players - 1, 0, &turn, msg);
    if (rc == TG_OK)
        rc = tgJ_int_opt(obj, "witch", 0, CC_SPACES - 1, CC_WITCH_START, &witch, msg);
    if (rc == TG_OK)
        rc = tgJ_int_opt(obj, "attempts", 0, 1, 0, &attempts, msg);
    if (rc == TG_OK)
        rc = cc_read_opt(obj, "frog", cfg->players - 1, &pos->frog, msg);
    if (rc == TG_OK)
        rc = cc_read_opt(obj, "key_player", cfg->players - 1, &pos->key_player, msg);
    if (rc == TG_OK)
        rc = cc_read_opt(obj, "key_space", CC_SPACES - 1, &pos->key_space, msg);
    if (rc == TG_OK)
        rc = cc_read_opt(obj, "winner", cfg->players - 1, &pos->winner, msg);
    if (rc == TG_OK)
        rc = cc_read_word_opt(obj, "after", cc_after_words, &pos->after, msg);
    if (rc == TG_OK)
        rc = tgJ_bool_opt(obj, "roller_due", 0, &roller_due, msg);
    if (rc == TG_OK)
        rc = cc_thefts_from_json(cfg, obj, pos, msg);
    if (rc == TG_OK)
        rc = cc_events_from_json(obj, pos, msg);
    if (rc != TG_OK)
        return rc;
    pos->turn = (uint8_t)turn;
    pos->witch = (uint8_t)witch;
    pos->attempts = (uint8_t)attempts;
    pos->roller_due = (uint8_t)roller_due;
    /* The cauldron holds what nobody holds. */
    for (unsigned k = 0; k < CC_KINDS; k++) {
        unsigned out = 0;
        for (unsigned p = 0; p < cfg->players; p++)
            out += pos->held[p][k];
        if (out > CC_PER_KIND) {
            tgM_set(msg, "the players hold %u %s creatures; the game has %u", out,
                    cc_kind_name(k), CC_PER_KIND);
            return TG_E_CORRUPT;
        }
        pos->cauldron[k] = (uint8_t)(CC_PER_KIND - out);
    }
    return TG_OK;
}
