/* Witches' Dance: what each player knows. The colour of a hat is known to
 * whoever saw it (entering, a crush, a take-off are seen by the whole table;
 * a peek by the peeker alone) for as long as the hat stays in the circle:
 * the marks move with the hat (movement.c, rules.c). Who knows which hat is
 * itself public, since entering, crushes and peeks are all done in view of
 * the table; only the colours are secret. */
#include "witches_dance.h"

#include <string.h>

#include "core/json_util.h"

int wd_knows(const wd_block *b, int viewer, int space)
{
    if (viewer == TG_VIEW_OMNISCIENT)
        return b->circle[space] != 0;
    if (viewer == TG_VIEW_PUBLIC)
        return (b->known[space] & WD_KNOWN_PUBLIC) != 0;
    return viewer >= 0 && viewer < WD_MAX_PLAYERS && ((b->known[space] >> viewer) & 1u);
}

/* Only the block's own events speak about its past, so they are bounded
 * here rather than trusted: validate() has not run yet. */
void wd_recall_root(const void *vcfg, void *st)
{
    const wd_config *cfg = vcfg;
    wd_block *b = st;
    for (int s = 0; s < WD_SPACES; s++)
        b->known[s] = 0;
    for (int i = 0; i < b->ev_count && i < WD_MAX_EVENTS; i++) {
        const uint8_t *e = b->ev[i];
        int at = -1;
        uint8_t who = cfg->all_known;
        if (e[0] == WD_EV_ENTER)
            at = e[2];
        else if (e[0] == WD_EV_PUSH && e[1] < WD_SPACES)
            at = wd_push_target(cfg, e[1], e[2]);
        else if (e[0] == WD_EV_PEEK && b->actor < cfg->players)
            at = e[1], who = (uint8_t)(1u << b->actor);
        if (at >= 0 && at < WD_SPACES && b->circle[at])
            b->known[at] |= who;
    }
}

json_t *wd_known_to_json(const wd_config *cfg, const wd_block *b)
{
    json_t *a = json_array();
    for (int s = 0; s < WD_SPACES; s++) {
        uint8_t k = b->known[s];
        if (!k) {
            json_array_append_new(a, json_null());
        } else if (k & WD_KNOWN_PUBLIC) {
            json_array_append_new(a, json_string("public"));
        } else {
            json_t *who = json_array();
            for (int p = 0; p < cfg->players; p++)
                if ((k >> p) & 1u)
                    json_array_append_new(who, json_integer(p));
            json_array_append_new(a, who);
        }
    }
    return a;
}

tg_status wd_known_from_json(const wd_config *cfg, const json_t *known, wd_block *b,
                             tg_msg *msg)
{
    if (!json_is_array(known) || json_array_size(known) != WD_SPACES) {
        tgM_set(msg, "known: must be an array of %d entries", WD_SPACES);
        return TG_E_CORRUPT;
    }
    for (int s = 0; s < WD_SPACES; s++) {
        const json_t *e = json_array_get(known, (size_t)s);
        uint8_t k = 0;
        if (json_is_string(e) && strcmp(json_string_value(e), "public") == 0) {
            k = cfg->all_known;
        } else if (json_is_array(e)) {
            for (size_t i = 0; i < json_array_size(e); i++) {
                long p;
                tg_status st = tgJ_elem_int(e, i, "known", 0, cfg->players - 1, &p, msg);
                if (st != TG_OK)
                    return st;
                k |= (uint8_t)(1u << p);
            }
        } else if (!json_is_null(e)) {
            tgM_set(msg, "known[%d]: must be null, \"public\" or a list of players", s);
            return TG_E_CORRUPT;
        }
        b->known[s] = k;
    }
    return TG_OK;
}
